// The node's REST API as the benches use it: JSON in and out, a bearer token after login, any status ≥ 300 thrown.
import type { Peer } from './peers';

export async function rest(peer: Pick<Peer, 'httpUrl'>, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${peer.httpUrl}/api/v5${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** a token for the default administrator */
export async function login(peer: Pick<Peer, 'httpUrl'>): Promise<string> {
  return (await rest(peer, 'POST', '/login', { username: 'admin', password: 'public' })).token as string;
}

/** the node's counters (GET /metrics, the first node's) */
export async function metrics(peer: Pick<Peer, 'httpUrl'>): Promise<Record<string, number>> {
  const m = (await rest(peer, 'GET', '/metrics', undefined, await login(peer))) as Record<string, number>[] | Record<string, number>;
  return Array.isArray(m) ? m[0] : m;
}
