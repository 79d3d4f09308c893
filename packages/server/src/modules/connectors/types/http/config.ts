// The http connector's and action's settings as EMQX 5.8 reads them (emqx_bridge_http_schema, connector_http):
// checked with a plain sentence naming the field, and filled with EMQX's defaults. Deprecated fields EMQX accepts
// and ignores (connector `request`, `retry_interval`, `max_retries`) are accepted and ignored here too.
import { ApiError } from '../../../../errors';
import { isObject } from '../../../../config/tree';
import { parseDuration } from '../../../../config/units';
import { parseConnectorUrl, type RequestBase } from './url';

/** EMQX's default headers of both the connector and the action */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'content-type': 'application/json',
  'keep-alive': 'timeout=5',
};

export const METHODS = ['post', 'put', 'get', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface ConnectorSettings {
  base: RequestBase;
  /** the url's path (and query): a template every action's path is appended to */
  path: string;
  headers: Record<string, string>;
  connectTimeoutMs: number;
  poolType: 'random' | 'hash';
  poolSize: number;
  pipelining: number;
  /** the `ssl` object as sent; used when the scheme is https (EMQX forces it on there, ignores it for http) */
  ssl: Record<string, unknown>;
}

export interface ActionSettings {
  path: string;
  method: Method;
  headers: Record<string, string>;
  /** undefined: the whole rule output as JSON */
  body: string | undefined;
  maxRetries: number;
  requestTimeoutMs: number;
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

function duration(raw: Record<string, unknown>, key: string, prefix: string, def: string): number {
  const v = raw[key] ?? def;
  const ms = parseDuration(v);
  if (ms === undefined || ms === null || ms <= 0) throw bad(`${prefix}${key}: expected a duration such as "15s", got ${JSON.stringify(v)}`);
  return ms;
}

function integer(raw: Record<string, unknown>, key: string, prefix: string, def: number, min: number): number {
  const v = raw[key] ?? def;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw bad(`${prefix}${key}: expected an integer of at least ${min}, got ${JSON.stringify(v)}`);
  return v;
}

/** header values are templates: text; numbers and booleans are taken as their text (hocon does the same) */
function headers(raw: Record<string, unknown>, prefix: string): Record<string, string> {
  const v = raw.headers ?? DEFAULT_HEADERS;
  if (!isObject(v)) throw bad(`${prefix}headers: expected an object of header names and values`);
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v)) {
    if (k.trim() === '') throw bad(`${prefix}headers: a header name is empty`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw bad(`${prefix}headers.${k}: expected text`);
    out[k] = String(value);
  }
  return out;
}

function text(raw: Record<string, unknown>, key: string, prefix: string): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw bad(`${prefix}${key}: expected text, got ${JSON.stringify(v)}`);
  return v;
}

export function readConnector(raw: Record<string, unknown>): ConnectorSettings {
  const url = raw.url;
  if (typeof url !== 'string' || url.trim() === '') throw bad('url: required field missing');
  const { base, path } = parseConnectorUrl(url);
  const poolType = raw.pool_type ?? 'random';
  if (poolType !== 'random' && poolType !== 'hash') throw bad(`pool_type: expected random or hash, got ${JSON.stringify(poolType)}`);
  const ssl = raw.ssl ?? { enable: false };
  if (!isObject(ssl)) throw bad('ssl: expected an object');
  return {
    base,
    path,
    headers: headers(raw, ''),
    connectTimeoutMs: duration(raw, 'connect_timeout', '', '15s'),
    poolType,
    poolSize: integer(raw, 'pool_size', '', 8, 1),
    pipelining: integer(raw, 'enable_pipelining', '', 100, 1),
    ssl,
  };
}

export function readAction(raw: Record<string, unknown>): ActionSettings {
  const p = 'parameters.';
  const method = raw.method ?? 'post';
  if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method)) {
    throw bad(`${p}method: expected one of post, put, get, delete, got ${JSON.stringify(method)}`);
  }
  return {
    path: text(raw, 'path', p) ?? '',
    method: method as Method,
    headers: headers(raw, p),
    body: text(raw, 'body', p),
    maxRetries: integer(raw, 'max_retries', p, 2, 0),
    requestTimeoutMs: duration(raw, 'request_timeout', p, '15s'),
  };
}
