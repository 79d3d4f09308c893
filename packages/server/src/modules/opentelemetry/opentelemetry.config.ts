// The `opentelemetry` root as EMQX e5.8.9 defines it (emqx_otel_schema.erl), and the check of a PUT body.
// As EMQX's PUT of a root, the body replaces the whole root: what it omits takes the default. Legacy bodies
// (before 5.4: a top-level `enable`, `exporter.interval`) are converted as emqx_otel_schema's converter does, and
// `metrics.scheduled_delay` is the alias of `metrics.interval`.
// What this node does with it: metrics are exported for real (exporter.ts) over `grpc` (EMQX's only protocol, its
// default), `http/protobuf` or `http/json` (OTLP/HTTP, this node's additions to the hidden `protocol` enum).
// Logs and traces are not exported by this node: their `enable` is refused when true, never stored as a
// switch that does nothing; their other settings are kept so a body read from EMQX goes back unchanged.
import { ApiError } from '../../errors';
import { parseDuration, parsePercent } from '../../config/units';
import { isObject } from '../../config/tree';

export const PROTOCOLS = ['grpc', 'http/protobuf', 'http/json'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency', 'all'];
const TLS_VERSIONS = ['tlsv1', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3'];
const SSL_LOG_LEVELS = ['emergency', 'alert', 'critical', 'error', 'warning', 'notice', 'info', 'debug', 'none', 'all'];
/** emqx_schema:timeout_duration_ms: at most 2^32 - 1 ms */
const MAX_TIMEOUT_MS = 4_294_967_295;

export interface OtelSslOptions {
  enable: boolean;
  verify: 'verify_peer' | 'verify_none';
  cacertfile: string;
  certfile: string;
  keyfile: string;
  password: string;
  server_name_indication: string;
  [erlangTlsOption: string]: unknown;
}

export interface OtelSettings {
  metrics: { enable: boolean; interval: string | number };
  logs: Record<string, unknown> & { enable: boolean };
  traces: Record<string, unknown> & { enable: boolean };
  exporter: { endpoint: string; headers: Record<string, string>; protocol: Protocol; ssl_options: OtelSslOptions };
}

/** A leaf check: the reason a value does not fit, or undefined. */
type Check = (v: unknown) => string | undefined;
type Spec = { [key: string]: Check | Spec };

const bool: Check = (v) => (typeof v === 'boolean' ? undefined : 'a boolean is required');
const oneOf =
  (list: readonly unknown[]): Check =>
  (v) =>
    list.includes(v) ? undefined : `must be one of ${list.join(', ')}`;
const duration: Check = (v) => {
  const ms = parseDuration(v);
  return ms === undefined || ms === null || ms > MAX_TIMEOUT_MS ? 'a duration such as 10s or 500ms is required' : undefined;
};
const posInt: Check = (v) => (Number.isInteger(v) && (v as number) > 0 ? undefined : 'a positive integer is required');
const text: Check = (v) => (typeof v === 'string' ? undefined : 'a string is required');
const strings: Check = (v) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? undefined : 'a list of strings is required');
const versions: Check = (v) => (Array.isArray(v) && v.every((s) => TLS_VERSIONS.includes(s as string)) ? undefined : `a list of ${TLS_VERSIONS.join(', ')}`);
const headers: Check = (v) => (isObject(v) && Object.values(v).every((s) => typeof s === 'string') ? undefined : 'an object of header names to string values is required');
const ratio: Check = (v) => {
  const r = typeof v === 'number' ? v : parsePercent(v);
  return typeof r === 'number' && r >= 0 && r <= 1 ? undefined : 'The sample_ratio is a value between 0 and 1.';
};
const off =
  (what: string): Check =>
  (v) =>
    v === false ? undefined : v === true ? `exporting ${what} over OpenTelemetry is not available on this node` : 'a boolean is required';

/** A URL as emqx_schema:url() takes it: a missing scheme means http; only http and https; a valid port. */
const endpoint: Check = (v) => {
  if (typeof v !== 'string' || v.trim() === '') return 'a URL such as http://localhost:4317 is required';
  const url = tryUrl(withScheme(v.trim()));
  if (!url) return `${JSON.stringify(v)} is not a valid URL`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the scheme must be http or https, not ${url.protocol.slice(0, -1)}`;
  return url.hostname ? undefined : `${JSON.stringify(v)} has no host`;
};

const SPEC: Spec = {
  metrics: { enable: bool, interval: duration },
  logs: { level: oneOf(LOG_LEVELS), enable: off('logs'), max_queue_size: posInt, exporting_timeout: duration, scheduled_delay: duration },
  traces: {
    enable: off('traces'),
    max_queue_size: posInt,
    exporting_timeout: duration,
    scheduled_delay: duration,
    filter: {
      trace_mode: oneOf(['legacy', 'e2e']),
      trace_all: bool,
      e2e_tracing_options: {
        cluster_identifier: text,
        msg_trace_level: oneOf([0, 1, 2]),
        clientid_match_rules_max: posInt,
        topic_match_rules_max: posInt,
        sample_ratio: ratio,
        client_connect_disconnect: bool,
        client_subscribe_unsubscribe: bool,
        client_messaging: bool,
        follow_traceparent: bool,
      },
    },
  },
  exporter: {
    endpoint,
    headers,
    protocol: oneOf(PROTOCOLS),
    ssl_options: {
      enable: bool,
      verify: oneOf(['verify_peer', 'verify_none']),
      cacertfile: text,
      certfile: text,
      keyfile: text,
      password: text,
      server_name_indication: text,
      reuse_sessions: bool,
      depth: (v) => (Number.isInteger(v) && (v as number) >= 0 ? undefined : 'a non-negative integer is required'),
      versions,
      ciphers: strings,
      secure_renegotiate: bool,
      log_level: oneOf(SSL_LOG_LEVELS),
      hibernate_after: duration,
    },
  },
};

/** EMQX's legacy converter and the metrics.scheduled_delay alias, on a copy. */
function converted(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const metrics: Record<string, unknown> = isObject(out.metrics) ? { ...out.metrics } : {};
  if ('enable' in out) {
    metrics.enable = out.enable;
    delete out.enable;
  }
  if (isObject(out.exporter) && 'interval' in out.exporter) {
    const { interval, ...exporter } = out.exporter;
    metrics.interval = interval;
    out.exporter = exporter;
  }
  if ('scheduled_delay' in metrics) {
    if (!('interval' in metrics)) metrics.interval = metrics.scheduled_delay;
    delete metrics.scheduled_delay;
  }
  if (Object.keys(metrics).length || 'metrics' in out) out.metrics = metrics;
  return out;
}

function check(spec: Spec, value: unknown, path: string, errors: string[]): void {
  if (!isObject(value)) {
    errors.push(`${path}: an object is required`);
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    const rule = spec[key];
    const at = path ? `${path}.${key}` : key;
    if (rule === undefined) errors.push(`${at}: unknown field`);
    else if (typeof rule === 'function') {
      const why = rule(v);
      if (why) errors.push(`${at}: ${why}`);
    } else check(rule, v, at, errors);
  }
}

/** defaults overlaid with the body, object by object (the body holds only keys the spec knows) */
function overlay(defaults: unknown, body: unknown): unknown {
  if (!isObject(defaults) || !isObject(body)) return body === undefined ? defaults : body;
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(body)) out[k] = k === 'headers' ? v : overlay(defaults[k], v);
  return out;
}

/**
 * The whole root a PUT body stands for (defaults where it is silent), or ApiError 400 naming every wrong field.
 * `defaults` is the root's default value (ConfigService.defaults.opentelemetry).
 */
export function parseSettings(body: unknown, defaults: OtelSettings): OtelSettings {
  if (!isObject(body)) throw new ApiError(400, 'BAD_REQUEST', 'The body must be a JSON object');
  const given = converted(body);
  const errors: string[] = [];
  check(SPEC, given, '', errors);
  if (errors.length) throw new ApiError(400, 'BAD_REQUEST', `Update config failed: ${errors.join('; ')}`);
  const out = overlay(defaults, given) as OtelSettings;
  out.exporter.endpoint = withScheme(out.exporter.endpoint.trim());
  return out;
}

export const withScheme = (v: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `http://${v}`);

function tryUrl(v: string): URL | undefined {
  try {
    return new URL(v);
  } catch {
    return undefined;
  }
}

/** interval in ms (a config file may hold a bad value: then EMQX's default, 10 s) */
export const intervalMs = (s: OtelSettings) => parseDuration(s.metrics.interval) || 10_000;
