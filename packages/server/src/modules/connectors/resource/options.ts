// resource_opts as EMQX 5.8 reads them (emqx_resource_schema, emqx_resource.hrl defaults): what a connector, an
// action and a source take, checked with EMQX's ranges, and filled with its defaults for GET answers. Durations and
// sizes keep the text the operator sent (GET shows them back); the runtime reads the parsed numbers.
import { ApiError } from '../../../errors';
import { isObject } from '../../../config/tree';
import { parseBytes, parseDuration } from '../../../config/units';
import type { Kind } from './store';

export interface ResourceOptions {
  healthCheckIntervalMs: number;
  startAfterCreated: boolean;
  startTimeoutMs: number;
  // actions only
  workerPoolSize: number;
  queryMode: 'sync' | 'async';
  /** null: infinity */
  requestTtlMs: number | null;
  inflightWindow: number;
  batchSize: number;
  batchTimeMs: number;
  maxBufferBytes: number;
}

const HEALTH_MIN = 1;
const HEALTH_MAX = 3_600_000;

/** the defaults EMQX fills into a GET answer, per root */
export const DEFAULT_RESOURCE_OPTS: Record<Kind, Record<string, unknown>> = {
  connectors: { health_check_interval: '15s', start_after_created: true, start_timeout: '5s' },
  actions: {
    worker_pool_size: 16,
    health_check_interval: '15s',
    query_mode: 'async',
    request_ttl: '45s',
    inflight_window: 100,
    batch_size: 1,
    batch_time: '0ms',
    max_buffer_bytes: '256MB',
  },
  sources: { health_check_interval: '15s' },
};

const bad = (field: string, why: string) => new ApiError(400, 'BAD_REQUEST', `resource_opts.${field}: ${why}`);

function duration(opts: Record<string, unknown>, field: string, def: string, infinity = false): number | null {
  const v = opts[field] ?? def;
  const ms = parseDuration(v);
  if (ms === undefined || (ms === null && !infinity)) throw bad(field, `expected a duration such as "15s", got ${JSON.stringify(v)}`);
  return ms;
}

function positive(opts: Record<string, unknown>, field: string, def: number, max = Number.MAX_SAFE_INTEGER): number {
  const v = opts[field] ?? def;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) throw bad(field, `expected an integer from 1 to ${max}, got ${JSON.stringify(v)}`);
  return v;
}

/** checks `resource_opts` of a body (400 naming the field) and returns what the runtime reads */
export function readResourceOptions(kind: Kind, raw: unknown): ResourceOptions {
  if (raw !== undefined && !isObject(raw)) throw new ApiError(400, 'BAD_REQUEST', 'resource_opts: expected an object');
  const opts = (raw ?? {}) as Record<string, unknown>;
  const healthCheckIntervalMs = duration(opts, 'health_check_interval', '15s') as number;
  if (healthCheckIntervalMs < HEALTH_MIN || healthCheckIntervalMs > HEALTH_MAX) {
    throw new ApiError(400, 'BAD_REQUEST', `Health Check Interval (${healthCheckIntervalMs}ms) is out of range (${HEALTH_MIN}ms to ${HEALTH_MAX}ms)`);
  }
  const startAfterCreated = opts.start_after_created ?? true;
  if (typeof startAfterCreated !== 'boolean') throw bad('start_after_created', 'expected true or false');
  const queryMode = opts.query_mode ?? 'async';
  if (queryMode !== 'sync' && queryMode !== 'async') throw bad('query_mode', `expected sync or async, got ${JSON.stringify(queryMode)}`);
  const maxBufferRaw = opts.max_buffer_bytes ?? '256MB';
  const maxBufferBytes = parseBytes(maxBufferRaw);
  if (maxBufferBytes === undefined || maxBufferBytes === null) throw bad('max_buffer_bytes', `expected a size such as "256MB", got ${JSON.stringify(maxBufferRaw)}`);
  const isAction = kind === 'actions';
  return {
    healthCheckIntervalMs,
    startAfterCreated,
    startTimeoutMs: duration(opts, 'start_timeout', '5s') as number,
    workerPoolSize: isAction ? positive(opts, 'worker_pool_size', 16, 1024) : 16,
    queryMode,
    requestTtlMs: duration(opts, 'request_ttl', '45s', true),
    inflightWindow: isAction ? positive(opts, 'inflight_window', 100) : 100,
    batchSize: isAction ? positive(opts, 'batch_size', 1) : 1,
    batchTimeMs: duration(opts, 'batch_time', '0ms') as number,
    maxBufferBytes,
  };
}
