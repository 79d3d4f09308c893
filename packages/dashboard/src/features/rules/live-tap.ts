// The live tap (MQDeck extension, docs/rule-engine.md): run unsaved SQL on the node's real traffic for a bounded
// window. POST starts it, GET (polled every second) reads its matches, DELETE stops it.
import { apiBaseUrl } from '../../api/client';
import { getSession } from '../../app/session';
import { extensionRequest } from '../../shared/apiExtensions';
import type { TapMatch, TapState } from './rules.types';

/** The node's bounds (it stops the tap itself at the first reached). */
export const TAP_SECONDS = 60;
export const TAP_MAX_MATCHES = 100;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function startTap(sql: string): Promise<{ id: string; expiresAt?: string | number }> {
  const body = await extensionRequest<unknown>('POST', '/mqdeck/rule_taps', { sql, max_matches: TAP_MAX_MATCHES, duration: `${TAP_SECONDS}s` });
  if (!isRecord(body) || typeof body.id !== 'string') throw new Error('The node answered without a tap id');
  const exp = body.expires_at;
  return { id: body.id, expiresAt: typeof exp === 'string' || typeof exp === 'number' ? exp : undefined };
}

export async function readTap(id: string, signal?: AbortSignal): Promise<TapState> {
  const body = await extensionRequest<unknown>('GET', `/mqdeck/rule_taps/${encodeURIComponent(id)}`, undefined, signal);
  if (!isRecord(body)) throw new Error('The node answered no tap');
  const matches: TapMatch[] = (Array.isArray(body.matches) ? body.matches : []).filter(isRecord).map((m) => ({
    at: typeof m.at === 'number' || typeof m.at === 'string' ? m.at : '',
    input: m.input,
    ...('output' in m ? { output: m.output } : {}),
    ...(typeof m.error === 'string' ? { error: m.error } : {}),
  }));
  return {
    id,
    status: body.status === 'running' ? 'running' : 'stopped',
    reason: typeof body.reason === 'string' ? body.reason : undefined,
    matches,
  };
}

/** DELETE, with `keepalive` so it still reaches the node when the page is being closed. Failures are ignored: the tap ends by itself. */
export function stopTap(id: string): void {
  const token = getSession()?.token;
  void fetch(`${apiBaseUrl()}/mqdeck/rule_taps/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    keepalive: true,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined);
}
