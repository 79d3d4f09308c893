// MQDeck's API extensions (docs/api-extensions.md): routes beyond EMQX 5.8, absent from the typed contract.
// `useApiExtension` tells whether the node serves one (GET /mqdeck/extensions, asked once per session):
// a real EMQX answers 404 there, so the features built on extensions stay hidden in front of it.
// `useMqdeckNode` reads the same answer for texts that are true of our own node only.
import { useQuery } from '@tanstack/react-query';
import { apiBaseUrl } from '../api/client';
import { ApiRequestError, NetworkError, isAbortError, toApiError } from '../api/errors';
import { handleUnauthorized } from '../app/auth';
import { getSession } from '../app/session';

/** A JSON call to an extension route with the session's token; a non-2xx answer throws ApiRequestError. */
export async function extensionRequest<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const token = getSession()?.token;
  let res: Response;
  try {
    res = await fetch(`${apiBaseUrl()}${path}`, {
      method,
      signal,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    if (isAbortError(e)) throw e;
    throw new NetworkError(e);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    const err = toApiError(res.status, parsed, res.statusText);
    if (res.status === 401) {
      handleUnauthorized(err.code);
      err.handled = err.code === 'BAD_TOKEN' || err.code === 'TOKEN_TIME_OUT';
    }
    throw err;
  }
  return parsed as T;
}

/** Names the node lists; null when the route does not exist (a real EMQX answers 404). Other failures throw, to be asked again. */
async function fetchExtensions(signal: AbortSignal): Promise<string[] | null> {
  try {
    const body = await extensionRequest<{ extensions?: unknown }>('GET', '/mqdeck/extensions', undefined, signal);
    return Array.isArray(body?.extensions) ? body.extensions.filter((x): x is string => typeof x === 'string') : [];
  } catch (e) {
    if (e instanceof ApiRequestError && (e.status === 404 || e.status === 405)) return null;
    throw e;
  }
}

/** True once the node confirmed it serves the extension `name` (false while asking, and on a real EMQX). */
export function useApiExtension(name: string): boolean {
  return useExtensions()?.includes(name) ?? false;
}

/** True once the node answered GET /mqdeck/extensions, i.e. it is MQDeck's node (false while asking, and on a real EMQX). */
export function useMqdeckNode(): boolean {
  return Array.isArray(useExtensions());
}

function useExtensions(): string[] | null | undefined {
  const q = useQuery({ queryKey: ['mqdeck', 'extensions'], queryFn: ({ signal }) => fetchExtensions(signal), staleTime: Infinity, meta: { silent: true } });
  return q.data;
}
