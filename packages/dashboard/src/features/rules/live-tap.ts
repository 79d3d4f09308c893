// The live tap (MQDeck extension, docs/rule-engine.md): run unsaved SQL on the node's real traffic for a bounded
// window. POST starts it, GET (polled every second) reads its matches, DELETE stops it.
import { api, unwrap } from '../../api/client';

/** The node's bounds (it stops the tap itself at the first reached). */
export const TAP_SECONDS = 60;
export const TAP_MAX_MATCHES = 100;

export function startTap(sql: string) {
  return api.POST('/mqdeck/rule_taps', { body: { sql, max_matches: TAP_MAX_MATCHES, duration: `${TAP_SECONDS}s` } }).then(unwrap);
}

export function readTap(id: string, signal?: AbortSignal) {
  return api.GET('/mqdeck/rule_taps/{id}', { params: { path: { id } }, signal }).then(unwrap);
}

/** DELETE, with `keepalive` so it still reaches the node when the page is being closed. Failures are ignored: the tap ends by itself. */
export function stopTap(id: string): void {
  void api.DELETE('/mqdeck/rule_taps/{id}', { params: { path: { id } }, keepalive: true }).catch(() => undefined);
}
