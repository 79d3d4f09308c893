// The one typed client of the EMQX 5.8 contract. Base `api/v5` is relative to the page, so the console works
// from a sub-path behind a reverse proxy (resolved against document.baseURI because fetch needs absolute URLs
// outside the browser, e.g. in tests).
import createClient, { type Middleware } from 'openapi-fetch';
import type { ApiPaths } from './paths';
import { getSession } from '../app/session';
import { handleUnauthorized } from '../app/auth';
import { ApiRequestError, NetworkError, isAbortError, toApiError } from './errors';
import { LOCAL_HEADER, routedUrl } from '../app/brokers/target';

export { ApiRequestError, NetworkError, formatError, isAbortError } from './errors';

export const API_BASE = 'api/v5';

/** this node's /api/v5 */
export function nodeApiBaseUrl(): string {
  return new URL(API_BASE, document.baseURI).href;
}

/** the /api/v5 the console's calls go to: this node's, or the chosen broker's through it (app/brokers/target.ts) */
export function apiBaseUrl(): string {
  const base = nodeApiBaseUrl();
  return routedUrl(`${base}/`, base).replace(/\/$/, '');
}

// Pending requests; all aborted on logout so nothing lands after the user left.
const pending = new Set<AbortController>();

export function abortAllRequests(): void {
  for (const c of pending) c.abort();
  pending.clear();
}

async function trackedFetch(input: Request): Promise<Response> {
  const controller = new AbortController();
  pending.add(controller);
  const signal = AbortSignal.any([input.signal, controller.signal]);
  try {
    return await globalThis.fetch(new Request(input, { signal }));
  } catch (e) {
    if (isAbortError(e)) throw e;
    throw new NetworkError(e);
  } finally {
    pending.delete(controller);
  }
}

const authMiddleware: Middleware = {
  async onRequest({ request }) {
    const token = getSession()?.token;
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    const local = request.headers.has(LOCAL_HEADER);
    request.headers.delete(LOCAL_HEADER);
    const url = routedUrl(request.url, nodeApiBaseUrl(), local);
    if (url === request.url) return request;
    // the same call on the chosen broker (the body read out: a stream cannot move to a new request everywhere)
    const body = request.body ? await request.arrayBuffer() : undefined;
    return new Request(url, { method: request.method, headers: request.headers, body, signal: request.signal, keepalive: request.keepalive });
  },
  async onResponse({ request, response }) {
    if (response.status === 401 && request.headers.get('Authorization')?.startsWith('Bearer ')) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => undefined);
      const code = body && typeof body === 'object' && 'code' in body ? String((body as { code: unknown }).code) : '';
      handleUnauthorized(code);
    }
    return response;
  },
};

export const api = createClient<ApiPaths>({ baseUrl: nodeApiBaseUrl(), fetch: trackedFetch });
api.use(authMiddleware);

/** Data of a 2xx answer (undefined for an empty 204), else throws ApiRequestError {status, code, message}. */
export function unwrap<T>(r: { data?: T; error?: unknown; response: Response }): T {
  if (r.response.ok) return r.data as T;
  const err = toApiError(r.response.status, r.error, r.response.statusText);
  if (r.response.status === 401 && (err.code === 'BAD_TOKEN' || err.code === 'TOKEN_TIME_OUT')) err.handled = true;
  throw err;
}

export function isApiError(e: unknown, code?: string): e is ApiRequestError {
  return e instanceof ApiRequestError && (code === undefined || e.code === code);
}
