// Connectors, actions and sources in the JSON shapes of EMQX's API (emqx_connector_api format_connector_info,
// emqx_bridge_v2_api format_bridge_info / summary / format_metrics): the raw config with type, name, status,
// status_reason and node_status (one node), secrets masked.
import { maskIntegrationSecrets as maskSecrets } from './resource/secrets';
import { enabled, type ChannelEntry, type ConnectorEntry } from './resource/runtime';
import type { IntegrationService } from './connectors.service';

type Json = Record<string, unknown>;

export function connectorView(svc: IntegrationService, c: ConnectorEntry): Json {
  const node = { node: svc.nodeName, status: c.status, ...(c.reason ? { status_reason: c.reason } : {}) };
  const chans = svc.runtime.channelsOf(c);
  return maskSecrets({
    ...c.stored.config,
    type: c.stored.type,
    name: c.stored.name,
    status: c.status,
    ...(c.reason ? { status_reason: c.reason } : {}),
    node_status: [node],
    actions: chans
      .filter((x) => x.kind === 'actions')
      .map((x) => x.stored.name)
      .sort(),
    sources: chans
      .filter((x) => x.kind === 'sources')
      .map((x) => x.stored.name)
      .sort(),
  }) as Json;
}

export function channelView(svc: IntegrationService, ch: ChannelEntry): Json {
  const { status, reason } = svc.runtime.channelStatus(ch);
  const node = { node: svc.nodeName, status, ...(reason ? { status_reason: reason } : {}) };
  return maskSecrets({
    ...ch.stored.config,
    type: ch.stored.type,
    name: ch.stored.name,
    created_at: ch.stored.createdAt,
    last_modified_at: ch.stored.lastModifiedAt,
    status,
    ...(reason ? { status_reason: reason } : {}),
    node_status: [node],
    rules: svc.rulesUsing(ch.kind, ch.id),
  }) as Json;
}

/** GET /actions_summary, /sources_summary (EMQX summary_from_local_node_v7 + format_bridge_info) */
export function summaryView(svc: IntegrationService, ch: ChannelEntry): Json {
  const { status, reason } = svc.runtime.channelStatus(ch);
  const node = { node: svc.nodeName, status, ...(reason ? { status_reason: reason } : {}) };
  return {
    type: ch.stored.type,
    name: ch.stored.name,
    description: typeof ch.stored.config.description === 'string' ? ch.stored.config.description : '',
    enable: enabled(ch.stored),
    created_at: ch.stored.createdAt,
    last_modified_at: ch.stored.lastModifiedAt,
    status,
    ...(reason ? { status_reason: reason } : {}),
    node_status: [node],
    rules: svc.rulesUsing(ch.kind, ch.id),
  };
}

export function metricsView(svc: IntegrationService, ch: ChannelEntry): { metrics: Json; node_metrics: Json[] } {
  const metrics = ch.metrics.view(ch.buffer?.gauges() ?? { queuing: 0, queuingBytes: 0, inflight: 0 });
  return { metrics, node_metrics: [{ node: svc.nodeName, metrics }] };
}
