// The gateway API's JSON shapes as EMQX 5.8 answers them (emqx_gateway_http:gateways/1, emqx_gateway_api:gateway/2,
// emqx_gateway_api_clients:format_channel_info/2). Secrets of the authenticator are masked.
import { maskSecrets } from '../configs/secrets';
import { rfc3339 } from '../../shared/time';
import type { GatewayClient, GatewayService } from './gateways.service';
import type { Raw } from './gateways.config';

type Max = number | 'infinity';
const addMax = (a: Max, b: Max): Max => (a === 'infinity' || b === 'infinity' ? 'infinity' : a + b);

function counts(svc: GatewayService, name: string): { max: Max; current: number } {
  let max: Max = 0;
  for (const l of svc.listenersOf(name)) {
    const v = svc.listenerView(name, l.id)!;
    max = addMax(max, v.max_connections === 'infinity' ? 'infinity' : Number(v.max_connections));
  }
  return { max, current: svc.lookup(name)?.clients.size ?? 0 };
}

function times(svc: GatewayService, name: string): Raw {
  const gw = svc.lookup(name)!;
  const out: Raw = { created_at: rfc3339(gw.createdAt) };
  if (gw.startedAt !== undefined) out.started_at = rfc3339(gw.startedAt);
  if (gw.stoppedAt !== undefined) out.stopped_at = rfc3339(gw.stoppedAt);
  return out;
}

/** one entry of GET /gateways */
export function gatewayOverview(svc: GatewayService, node: string, name: string): Raw {
  const gw = svc.lookup(name);
  if (!gw) return { name, status: 'unloaded' };
  const { max, current } = counts(svc, name);
  return {
    name,
    status: gw.status,
    ...times(svc, name),
    max_connections: max,
    current_connections: current,
    listeners: svc.listenersOf(name).map((l) => ({ id: l.id, type: l.type, name: l.name, running: gw.running.has(l.id) })),
    node_status: [{ node, status: gw.status, max_connections: max, current_connections: current }],
  };
}

/** GET /gateways/{name}: the config with defaults, listeners as a list, and the gateway's state */
export function gatewayDetail(svc: GatewayService, name: string): Raw {
  const gw = svc.lookup(name);
  if (!gw) return { name, status: 'unloaded' };
  const { listeners: _l, authentication, ...conf } = svc.conf(name);
  void _l;
  const out: Raw = {
    ...conf,
    name,
    status: gw.status,
    ...times(svc, name),
    listeners: svc.listenersOf(name).map((l) => svc.listenerView(name, l.id)),
  };
  if (authentication) out.authentication = maskSecrets(authentication);
  return out;
}

/** GET /gateways/{name}/listeners: each listener with its status */
export function listenerWithStatus(svc: GatewayService, node: string, name: string, id: string): Raw {
  const v = svc.listenerView(name, id)!;
  const status = { running: v.running, max_connections: v.max_connections, current_connections: svc.listenerConnections(name, id) };
  return { ...v, status, node_status: [{ node, status }] };
}

/** one client of GET /gateways/{name}/clients (emqx_gateway_api_clients:format_channel_info) */
export function clientView(node: string, c: GatewayClient): Raw {
  const st = c.channel.stats();
  const i = c.info;
  return {
    node,
    clientid: i.clientid,
    username: i.username ?? null,
    mountpoint: i.mountpoint || null,
    proto_name: i.protoName,
    proto_ver: i.protoVer,
    ip_address: i.peerhost,
    port: i.peerport,
    is_bridge: false,
    connected_at: rfc3339(c.connectedAt),
    connected: true,
    keepalive: i.keepalive,
    clean_start: i.cleanStart ?? true,
    expiry_interval: 0,
    created_at: rfc3339(c.connectedAt),
    subscriptions_cnt: c.channel.subscriptions().length,
    subscriptions_max: 'infinity',
    inflight_cnt: 0,
    inflight_max: 'infinity',
    mqueue_len: 0,
    mqueue_max: 'infinity',
    mqueue_dropped: 0,
    awaiting_rel_cnt: 0,
    awaiting_rel_max: 'infinity',
    recv_oct: st.recv_oct,
    recv_cnt: st.recv_cnt,
    recv_pkt: st.recv_pkt,
    recv_msg: st.recv_msg,
    send_oct: st.send_oct,
    send_cnt: st.send_cnt,
    send_pkt: st.send_pkt,
    send_msg: st.send_msg,
    mailbox_len: 0,
    heap_size: 0,
    reductions: 0,
    ...(i.extra?.() ?? {}),
  };
}

/** GET /mqdeck/gateways/{name}/metrics: the loaded gateway's counters (metrics.ts), since its load */
export function gatewayMetrics(svc: GatewayService, node: string, name: string): Raw {
  const gw = svc.need(name);
  const { max, current } = counts(svc, name);
  return { name, node, status: gw.status, since: rfc3339(gw.metrics.since), current_connections: current, max_connections: max, metrics: gw.metrics.all() };
}
