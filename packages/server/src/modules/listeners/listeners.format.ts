// Response shapes of /listeners… (EMQX 5.8 emqx_mgmt_api_listeners), for one node.
import type { ReplyOf } from '@mqdeck/api';
import type { ListenerType } from '../../config/listeners';
import type { ListenerEntry, ListenerStatus } from './manager';
import { maskSecrets } from '../configs/secrets';

/** EMQX prints a bare port bind as ":1883". */
export const formatBind = (bind: unknown): string => (typeof bind === 'number' ? `:${bind}` : String(bind));

export function listenerSummary(node: string, e: ListenerEntry, status: ListenerStatus): ReplyOf<'/listeners', 'get', 200>[number] {
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

/** What GET /listeners/{id} answers: the config with its id and name (API.md §3.14). */
export type ListenerView = ReplyOf<'/listeners/{id}', 'get', 200> & { name: string };

/**
 * The stored config passed the manager's checks (manager.ts), and the view sets `type` and a
 * string `bind` itself: that is what makes it one of the contract's listener kinds. The check states that
 * guarantee once, so no caller needs a cast.
 */
function isListenerView(value: object): value is ListenerView {
  return 'type' in value && typeof value.type === 'string' && 'bind' in value && typeof value.bind === 'string' && 'name' in value && typeof value.name === 'string';
}

/** The listener's raw config, secrets masked, with its id, name and live figures (API.md §3.14). */
export function listenerDetail(e: ListenerEntry, status: ListenerStatus): ListenerView {
  const masked = maskSecrets(e.raw);
  const view = {
    ...(typeof masked === 'object' ? masked : {}),
    id: e.id,
    type: e.type,
    name: e.name,
    bind: formatBind(e.raw.bind),
    running: status.running,
    current_connections: status.current_connections,
  };
  if (!isListenerView(view)) throw new Error(`listener ${e.id}: no type or bind`);
  return view;
}

/** Sums per-type status: running is true/false when all agree, "inconsistent" otherwise. */
export function typeStatus(node: string, type: ListenerType, rows: { e: ListenerEntry; s: ListenerStatus }[]): ReplyOf<'/listeners_status', 'get', 200>[number] {
  const running: boolean | 'inconsistent' = rows.every((r) => r.s.running) ? true : rows.every((r) => !r.s.running) ? false : 'inconsistent';
  const max: number | 'infinity' = rows.some((r) => r.s.max_connections === 'infinity')
    ? 'infinity'
    : rows.reduce((n, r) => n + (r.s.max_connections === 'infinity' ? 0 : r.s.max_connections), 0);
  const status = { running, max_connections: max, current_connections: rows.reduce((n, r) => n + r.s.current_connections, 0) };
  return { type, enable: rows.some((r) => r.e.raw.enable !== false), ids: rows.map((r) => r.e.id), status, node_status: [{ node, status }] };
}
