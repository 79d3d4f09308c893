// Connector settings shared by the external authentication backends and authorization sources
// (EMQX's connector fields: server, pool_size, username, password, database, timeouts), checked with
// a message naming the field and completed with EMQX's defaults.
import { parseDuration } from '../../../config/units';
import { ApiError } from '../../../errors';
import { isInteger } from '../../../shared/guards';

export const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

export interface HostPort {
  host: string;
  port: number;
}

/** "host:port", "host" (default port) or "[v6]:port"; several are comma separated where allowed. */
export function parseServer(text: unknown, defaultPort: number, field = 'server'): HostPort {
  if (typeof text !== 'string' || text.trim() === '') throw bad(`${field}: required field missing`);
  const t = text.trim();
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(t) ?? /^([^:]+)(?::(\d+))?$/.exec(t);
  if (!m) throw bad(`${field}: expected host:port, got ${JSON.stringify(text)}`);
  const port = m[2] === undefined ? defaultPort : Number(m[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad(`${field}: port out of range in ${JSON.stringify(text)}`);
  return { host: m[1], port };
}

export function parseServers(text: unknown, defaultPort: number, field = 'servers'): HostPort[] {
  if (typeof text !== 'string' || text.trim() === '') throw bad(`${field}: required field missing`);
  return text.split(',').map((s) => parseServer(s, defaultPort, field));
}

export function intField(raw: Record<string, unknown>, key: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const v = raw[key] ?? fallback;
  if (!isInteger(v) || v < min || v > max) throw bad(`${key}: expected an integer ${min}..${max}, got ${JSON.stringify(raw[key])}`);
  return v;
}

export function durationField(raw: Record<string, unknown>, key: string, fallback: string): string {
  const v = raw[key] ?? fallback;
  const ms = parseDuration(v);
  if (ms === undefined || ms === null || ms <= 0) throw bad(`${key}: expected a duration such as "5s", got ${JSON.stringify(raw[key])}`);
  return typeof v === 'number' ? `${v}ms` : (v as string);
}

export const durationMs = (v: unknown, fallback: number): number => parseDuration(v) ?? fallback;

export function optionalString(raw: Record<string, unknown>, key: string): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw bad(`${key}: expected a string, got ${JSON.stringify(v)}`);
  return v;
}

export function requiredString(raw: Record<string, unknown>, key: string): string {
  const v = raw[key];
  if (typeof v !== 'string' || v.trim() === '') throw bad(`${key}: required field missing`);
  return v;
}

export function objectField(raw: Record<string, unknown>, key: string, fallback: Record<string, unknown>): Record<string, unknown> {
  const v = raw[key] ?? fallback;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(`${key}: expected an object`);
  return v as Record<string, unknown>;
}

/** TLS to backends is not offered yet: refuse `ssl.enable: true` instead of silently connecting in clear text. */
export function sslField(raw: Record<string, unknown>): Record<string, unknown> {
  const ssl = objectField(raw, 'ssl', { enable: false });
  if (ssl.enable === true) throw bad('ssl: TLS connections to this backend are not supported by this node yet');
  return { ...ssl, enable: false };
}

/** A promise that fails with `what timed out` after `ms`, so a dead backend never holds a CONNECT. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_r, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export type Status = 'connected' | 'connecting' | 'disconnected';

/** a status answer (the console polls it) never waits longer than this, whatever the backend's own timeouts */
const STATUS_LIMIT_MS = 3000;

/** Health probe bounded by `timeoutMs` and STATUS_LIMIT_MS: a check that fails or hangs reports disconnected. */
export async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<Status> {
  try {
    await withTimeout(check(), Math.min(timeoutMs, STATUS_LIMIT_MS), 'health check');
    return 'connected';
  } catch {
    return 'disconnected';
  }
}

/**
 * A connector's `ping` (the console's Test: throws the driver's reason, bounded by the configured timeout) and
 * `status` (connected/disconnected, also bounded by STATUS_LIMIT_MS) made from one check of the server.
 */
export function pingAndStatus(check: () => Promise<unknown>, timeoutMs: number, what: string): { ping(): Promise<void>; status(): Promise<Status> } {
  return {
    ping: () => withTimeout(check(), timeoutMs, what).then(() => undefined),
    status: () => probe(check, timeoutMs),
  };
}
