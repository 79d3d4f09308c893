// Response shapes of /listeners… (EMQX 5.8 emqx_mgmt_api_listeners), for one node.
import type { ListenerType } from '../../config/listeners';
import type { ListenerEntry, ListenerStatus } from './listeners.manager';
import { maskSecrets } from '../configs/configs.secrets';

/** EMQX prints a bare port bind as ":1883". */
export const formatBind = (bind: unknown): string => (typeof bind === 'number' ? `:${bind}` : String(bind));

export function listenerSummary(node: string, e: ListenerEntry, status: ListenerStatus) {
  return {
    id: e.id,
    type: e.type,
    name: e.name,
    enable: e.raw.enable !== false,
    bind: formatBind(e.raw.bind),
    acceptors: e.raw.acceptors,
    number: 1,
    status,
    node_status: [{ node, status }],
  };
}

export function listenerDetail(e: ListenerEntry, status: ListenerStatus) {
  return { ...(maskSecrets(e.raw) as Record<string, unknown>), id: e.id, type: e.type, name: e.name, bind: formatBind(e.raw.bind), running: status.running, current_connections: status.current_connections };
}

/** Sums per-type status: running is true/false when all agree, "inconsistent" otherwise. */
export function typeStatus(node: string, type: ListenerType, rows: { e: ListenerEntry; s: ListenerStatus }[]) {
  const running = rows.every((r) => r.s.running) ? true : rows.every((r) => !r.s.running) ? false : 'inconsistent';
  const max = rows.some((r) => r.s.max_connections === 'infinity') ? 'infinity' : rows.reduce((n, r) => n + (r.s.max_connections as number), 0);
  const status = { running, max_connections: max, current_connections: rows.reduce((n, r) => n + r.s.current_connections, 0) };
  return { type, enable: rows.some((r) => r.e.raw.enable !== false), ids: rows.map((r) => r.e.id), status, node_status: [{ node, status }] };
}
