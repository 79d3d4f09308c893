// HTTP requests for the http authenticator and source (undici pool per origin). URL, headers and body
// are templates: placeholder values are URL-encoded in the URL and query, and JSON-encoded in bodies.
import { undici } from '../../../shared/drivers';
import { bad, durationField, durationMs, intField, objectField, pingAndStatus, requiredString, sslField, withTimeout, type Status } from './options';

export interface HttpConnector {
  request(render: (template: string) => string): Promise<{ status: number; contentType: string; body: string }>;
  /** a HEAD / to the URL's origin: any HTTP answer means reachable; throws otherwise */
  ping(): Promise<void>;
  status(): Promise<Status>;
  close(): Promise<void>;
}

const GET_HEADERS = { accept: 'application/json', 'cache-control': 'no-cache', connection: 'keep-alive', 'keep-alive': 'timeout=30, max=1000' };

export function normalizeHttp(raw: Record<string, unknown>, requestTimeoutDefault: string): Record<string, unknown> {
  const method = raw.method ?? 'post';
  if (method !== 'get' && method !== 'post') throw bad(`method: expected get or post, got ${JSON.stringify(raw.method)}`);
  const url = requiredString(raw, 'url');
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\$\{[^}]*\}/g, 'x'));
  } catch {
    throw bad(`url: not a valid URL ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw bad('url: expected an http:// or https:// URL');
  if (parsed.protocol === 'https:') sslField({ ssl: { enable: true } });
  const defaults = method === 'post' ? { ...GET_HEADERS, 'content-type': 'application/json' } : GET_HEADERS;
  const headers = objectField(raw, 'headers', defaults);
  for (const [k, v] of Object.entries(headers)) if (typeof v !== 'string') throw bad(`headers.${k}: expected a string`);
  const body = objectField(raw, 'body', {});
  return {
    ...raw,
    method,
    url,
    headers,
    body,
    request_timeout: durationField(raw, 'request_timeout', requestTimeoutDefault),
    connect_timeout: durationField(raw, 'connect_timeout', '15s'),
    pool_size: intField(raw, 'pool_size', 8, 1, 1024),
    enable_pipelining: intField(raw, 'enable_pipelining', 100, 1, 1024),
    ssl: sslField(raw),
  };
}

// connection management is undici's: it refuses these headers from callers
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'content-length', 'transfer-encoding', 'upgrade']);

const encodeForm = (o: Record<string, string>) => new URLSearchParams(o).toString();

export function httpConnector(cfg: Record<string, unknown>): HttpConnector {
  const url = cfg.url as string;
  const origin = new URL(url.replace(/\$\{[^}]*\}/g, 'x')).origin;
  const timeout = durationMs(cfg.request_timeout, 5000);
  const { Pool } = undici();
  const pool = new Pool(origin, {
    connections: cfg.pool_size as number,
    pipelining: 1,
    connectTimeout: durationMs(cfg.connect_timeout, 15_000),
    headersTimeout: timeout,
    bodyTimeout: timeout,
  });
  const method = cfg.method === 'get' ? 'GET' : 'POST';
  const headers = cfg.headers as Record<string, string>;
  const body = cfg.body as Record<string, unknown>;
  const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  // the path and query of the URL, still a template
  const pathTemplate = url.replace(/^https?:\/\/[^/?#]*/i, '') || '/';
  return {
    async request(render) {
      const renderUrl = (t: string) => t.replace(/\$\{[^}]*\}/g, (m) => encodeURIComponent(render(m)));
      let path = renderUrl(pathTemplate);
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) values[k] = typeof v === 'string' ? render(v) : JSON.stringify(v);
      const renderedHeaders = Object.fromEntries(
        Object.entries(headers)
          .filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase()))
          .map(([k, v]) => [k, render(v)]),
      );
      let payload: string | undefined;
      if (method === 'GET') {
        if (Object.keys(values).length) path += (path.includes('?') ? '&' : '?') + encodeForm(values);
      } else {
        payload = contentType.includes('x-www-form-urlencoded') ? encodeForm(values) : JSON.stringify(renderJsonBody(body, render));
      }
      const res = await withTimeout(pool.request({ method, path, headers: renderedHeaders, body: payload }), timeout, 'HTTP request');
      const text = await withTimeout(res.body.text(), timeout, 'HTTP response');
      return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: text };
    },
    // the server answering at all (any status) counts as connected, as EMQX's HTTP health check (a live connection)
    // does; HEAD / rather than the auth path, so status polling adds no requests to the backend's auth endpoint
    ...pingAndStatus(() => pool.request({ method: 'HEAD', path: '/' }).then((r) => r.body.dump()), timeout, 'HTTP request'),
    close: () => pool.close().catch(() => undefined),
  };
}

function renderJsonBody(value: unknown, render: (t: string) => string): unknown {
  if (typeof value === 'string') return render(value);
  if (Array.isArray(value)) return value.map((v) => renderJsonBody(v, render));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderJsonBody(v, render)]));
  return value;
}
