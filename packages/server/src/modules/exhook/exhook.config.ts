// One ExHook server as EMQX 5.8 defines it (emqx_exhook_schema.erl): name (^[A-Za-z0-9]+[A-Za-z0-9-_]*$, at most
// 256 bytes), url (http or https), request_timeout, failed_action (deny | ignore), auto_reconnect (false or a
// duration), pool_size, enable, ssl (client TLS options) and socket_options. A body is checked field by field and
// filled with the defaults; unknown fields are refused, as EMQX's schema does.
import { ApiError } from '../../errors';
import { parseDuration } from '../../config/units';
import { isObject } from '../../config/tree';

const NAME = /^[A-Za-z0-9]+[A-Za-z0-9-_]*$/;
const TLS_VERSIONS = ['tlsv1', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3'];
const LOG_LEVELS = ['emergency', 'alert', 'critical', 'error', 'warning', 'notice', 'info', 'debug', 'none', 'all'];

export interface ExhookSsl {
  enable: boolean;
  verify: 'verify_peer' | 'verify_none';
  cacertfile?: string;
  certfile?: string;
  keyfile?: string;
  password?: string;
  server_name_indication?: string;
  [erlangTlsOption: string]: unknown;
}

export interface ExhookServerConfig {
  name: string;
  enable: boolean;
  url: string;
  request_timeout: string;
  failed_action: 'deny' | 'ignore';
  ssl: ExhookSsl;
  socket_options: { keepalive: boolean; nodelay: boolean; recbuf?: string; sndbuf?: string };
  auto_reconnect: string | false;
  pool_size: number;
}

export const serverDefaults = (): Omit<ExhookServerConfig, 'name' | 'url'> => ({
  enable: true,
  request_timeout: '5s',
  failed_action: 'deny',
  ssl: {
    enable: false,
    verify: 'verify_none',
    reuse_sessions: true,
    depth: 10,
    versions: ['tlsv1.3', 'tlsv1.2'],
    ciphers: [],
    secure_renegotiate: true,
    log_level: 'notice',
    hibernate_after: '5s',
  },
  socket_options: { keepalive: true, nodelay: true },
  auto_reconnect: '60s',
  pool_size: 8,
});

type Check = (v: unknown) => string | undefined;
const bool: Check = (v) => (typeof v === 'boolean' ? undefined : 'a boolean is required');
const text: Check = (v) => (typeof v === 'string' ? undefined : 'a string is required');
const oneOf =
  (list: readonly unknown[]): Check =>
  (v) =>
    list.includes(v) ? undefined : `must be one of ${list.join(', ')}`;
const duration: Check = (v) => {
  const ms = parseDuration(v);
  return typeof v === 'string' && typeof ms === 'number' && ms > 0 ? undefined : 'a duration such as 5s or 500ms is required';
};
const bytes: Check = (v) => (typeof v === 'string' && /^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i.test(v.trim()) ? undefined : 'a size such as 64KB is required');

export function checkName(v: unknown): string | undefined {
  if (typeof v !== 'string' || v === '') return 'name: a name is required';
  if (Buffer.byteLength(v) > 256) return 'name: Name Length must =< 256';
  return NAME.test(v) ? undefined : `name: Bad ExHook Name ${JSON.stringify(v)}, expect "^[A-Za-z0-9]+[A-Za-z0-9-_]*$"`;
}

const url: Check = (v) => {
  if (typeof v !== 'string' || v.trim() === '') return 'a URL such as http://127.0.0.1:9000 is required';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return `${JSON.stringify(v)} is not a valid URL`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'the URL must start with http:// or https://';
  return u.hostname ? undefined : `${JSON.stringify(v)} has no host`;
};

const SSL: Record<string, Check> = {
  enable: bool,
  verify: oneOf(['verify_peer', 'verify_none']),
  cacertfile: text,
  certfile: text,
  keyfile: text,
  password: text,
  server_name_indication: text,
  cacerts: bool,
  reuse_sessions: bool,
  depth: (v) => (Number.isInteger(v) && (v as number) >= 0 ? undefined : 'a non-negative integer is required'),
  versions: (v) => (Array.isArray(v) && v.every((s) => TLS_VERSIONS.includes(s as string)) ? undefined : `a list of ${TLS_VERSIONS.join(', ')}`),
  ciphers: (v) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? undefined : 'a list of strings is required'),
  secure_renegotiate: bool,
  log_level: oneOf(LOG_LEVELS),
  hibernate_after: duration,
  partial_chain: oneOf([true, false, 'two_cacerts_from_cacertfile', 'cacert_from_cacertfile']),
  verify_peer_ext_key_usage: text,
};
const SOCKET: Record<string, Check> = { keepalive: bool, nodelay: bool, recbuf: bytes, sndbuf: bytes };

const FIELDS: Record<string, Check | Record<string, Check>> = {
  name: (v) => checkName(v)?.replace(/^name: /, ''),
  enable: bool,
  url,
  request_timeout: duration,
  failed_action: oneOf(['deny', 'ignore']),
  ssl: SSL,
  socket_options: SOCKET,
  auto_reconnect: (v) => (v === false || v === 'false' ? undefined : duration(v) && 'false or a duration such as 60s is required'),
  pool_size: (v) => (Number.isInteger(v) && (v as number) > 0 ? undefined : 'a positive integer is required'),
};

/** A whole server entry from a POST/PUT body, or ApiError 400 ('Bad Arguments: …' as EMQX words it). */
export function parseServer(body: unknown): ExhookServerConfig {
  if (!isObject(body)) throw new ApiError(400, 'BAD_REQUEST', 'Bad Arguments: the body must be a JSON object');
  const errors: string[] = [];
  for (const required of ['name', 'url']) if (!(required in body)) errors.push(`${required}: required field`);
  for (const [key, v] of Object.entries(body)) {
    const rule = FIELDS[key];
    if (!rule) errors.push(`${key}: unknown field`);
    else if (typeof rule === 'function') {
      const why = rule(v);
      if (why) errors.push(`${key}: ${why}`);
    } else if (!isObject(v)) errors.push(`${key}: an object is required`);
    else
      for (const [k, sub] of Object.entries(v)) {
        const check = rule[k];
        const why = check ? check(sub) : 'unknown field';
        if (why) errors.push(`${key}.${k}: ${why}`);
      }
  }
  if (errors.length) throw new ApiError(400, 'BAD_REQUEST', `Bad Arguments: ${errors.join('; ')}`);
  const d = serverDefaults();
  const b = body as Partial<ExhookServerConfig> & { auto_reconnect?: string | false };
  return {
    ...d,
    ...b,
    name: b.name!,
    url: b.url!,
    auto_reconnect: b.auto_reconnect === 'false' ? false : (b.auto_reconnect ?? d.auto_reconnect),
    ssl: { ...d.ssl, ...(b.ssl ?? {}) },
    socket_options: { ...d.socket_options, ...(b.socket_options ?? {}) },
  };
}

export const timeoutMs = (c: ExhookServerConfig) => parseDuration(c.request_timeout) || 5000;
export const reconnectMs = (c: ExhookServerConfig) => (c.auto_reconnect === false ? undefined : parseDuration(c.auto_reconnect) || 60_000);
