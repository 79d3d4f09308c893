// When the console is served by MQDeck's node, the WebSocket client proposes the node's own ws/wss listeners (port
// and path, on the page's host) instead of EMQX's default 8083/8084 (issue 20 item 4). A real EMQX keeps the defaults.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useMqdeckNode } from '../../shared/apiExtensions';
import { getListener } from '../listeners/listeners.api';
import { DEFAULT_PATH } from './model/settings';
import type { WsScheme } from './model/settings';
import type { Endpoint } from './store/endpoints';
import { websocketStore } from './store/websocketStore';

interface ListenerSummary {
  id?: string;
  type?: string;
  name?: string;
  enable?: boolean;
  bind?: string;
}

/** '0.0.0.0:8083', ':8083', '[::]:8083' → 8083; an ephemeral or unreadable bind → undefined. */
export function bindPort(bind: string | undefined): number | undefined {
  const m = /:(\d+)$/.exec(bind ?? '') ?? /^(\d+)$/.exec(bind ?? '');
  const port = m ? Number(m[1]) : 0;
  return port >= 1 && port <= 65535 ? port : undefined;
}

/** The enabled listener of each scheme the client would use: 'default' first, else the first one. */
export function pickListeners(list: readonly ListenerSummary[]): Partial<Record<WsScheme, ListenerSummary>> {
  const out: Partial<Record<WsScheme, ListenerSummary>> = {};
  for (const scheme of ['ws', 'wss'] as const) {
    const usable = list.filter((l) => l.type === scheme && l.enable !== false && bindPort(l.bind) !== undefined);
    const chosen = usable.find((l) => l.name === 'default') ?? usable[0];
    if (chosen) out[scheme] = chosen;
  }
  return out;
}

async function nodeEndpoints(signal: AbortSignal): Promise<Partial<Record<WsScheme, Endpoint>>> {
  const list = (await api.GET('/listeners', { signal }).then(unwrap)) as ListenerSummary[];
  const out: Partial<Record<WsScheme, Endpoint>> = {};
  for (const [scheme, l] of Object.entries(pickListeners(list)) as [WsScheme, ListenerSummary][]) {
    const detail = l.id ? ((await getListener(l.id, signal).catch(() => undefined)) as { websocket?: { mqtt_path?: string } } | undefined) : undefined;
    out[scheme] = { port: bindPort(l.bind) ?? 0, path: detail?.websocket?.mqtt_path || DEFAULT_PATH };
  }
  return out;
}

export function useNodeEndpoints(): void {
  const ours = useMqdeckNode();
  const q = useQuery({ queryKey: ['websocket', 'node-endpoints'], enabled: ours, staleTime: 60_000, meta: { silent: true }, queryFn: ({ signal }) => nodeEndpoints(signal) });
  useEffect(() => {
    if (q.data) websocketStore.proposeEndpoints(q.data);
  }, [q.data]);
}
