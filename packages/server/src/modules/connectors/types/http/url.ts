// The connector's `url` as EMQX 5.8 splits it (emqx_connector_resource:parse_url, emqx_utils_uri): a request base
// (scheme, host, port; no templates there) and a path template that every action's path is appended to. Same
// refusals and texts as EMQX. One difference: EMQX drops a query string given in the connector's url (it keeps only
// the path); we keep it, since an operator who typed `?key=…` means it to be sent.
import { ApiError } from '../../../../errors';

export interface RequestBase {
  scheme: 'http' | 'https';
  /** without IPv6 brackets, as net.connect wants it */
  host: string;
  port: number;
  /** scheme://host:port for the HTTP client */
  origin: string;
}

// RFC 3986 appendix B, as emqx_utils_uri has it; and its authority split (userinfo, [v6] | host, :port)
const URI = /^(?:([^:/?#]+):)?(\/\/[^/?#]*)?([^?#]*)(\?[^#]*)?(#.*)?$/s;
const AUTHORITY = /^(.*@)?(?:\[([a-z\d.:]*)\]|([^:]*?)|(.*?))(:\d+)?$/is;

const invalid = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/** base and path template of a connector url; throws EMQX's 400 for what it refuses */
export function parseConnectorUrl(url: string): { base: RequestBase; path: string } {
  const m = URI.exec(url);
  if (!m) throw invalid(`Invalid URL: ${url}`);
  const [, scheme, authority, path, query, fragment] = m;
  if (!scheme) throw invalid(`Missing scheme in URL: ${url}`);
  if (!authority) throw invalid(`Missing host in URL: ${url}`);
  const a = AUTHORITY.exec(authority.slice(2))!;
  if (a[1] !== undefined) throw invalid(`Userinfo is not supported in URL: ${url}`);
  if (fragment !== undefined) throw invalid(`Fragments are not supported in URL: ${url}`);
  const lower = scheme.toLowerCase();
  if (lower !== 'http' && lower !== 'https') throw invalid(`Invalid URL: ${url}, details: the scheme must be http or https, not ${scheme}`);
  const v6 = a[2] !== undefined;
  const host = a[2] ?? a[3] ?? a[4] ?? '';
  if (host === '' || host.includes('${')) throw invalid(`Invalid URL: ${url}, details: the host must be a name or an address, without variables`);
  const port = a[5] ? Number(a[5].slice(1)) : lower === 'https' ? 443 : 80;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw invalid(`Invalid URL: ${url}, details: port ${a[5].slice(1)} is out of range (1 to 65535)`);
  const hostText = v6 ? `[${host}]` : host;
  return { base: { scheme: lower, host, port, origin: `${lower}://${hostText}:${port}` }, path: path + (query ?? '') };
}

/**
 * emqx_bridge_http_connector:join_paths: one `/` between the two (no other normalisation, since servers may treat
 * `/a//b` and `/a/b` differently); a second part starting with `?` is appended as it is.
 */
export function joinPaths(a: string, b: string): string {
  if (b.startsWith('?')) return a + b;
  return (a.endsWith('/') ? a.slice(0, -1) : a) + '/' + (b.startsWith('/') ? b.slice(1) : b);
}

// undici refuses a path with bytes outside 0x21..0xff; EMQX sends rendered text as it is (a space would break the
// request line): encode what cannot go on the wire as UTF-8 percent escapes, keep everything else untouched
const UNSENDABLE = /[^\x21-\x7e]/;
const UNSENDABLE_RUNS = /[^\x21-\x7e]+/g;

/** the request target: always starting with `/` (EMQX's formalize_request joins it to "/"), sendable bytes only */
export function requestTarget(path: string): string {
  const joined = joinPaths('/', path);
  return UNSENDABLE.test(joined) ? joined.replace(UNSENDABLE_RUNS, (s) => encodeURI(s)) : joined;
}
