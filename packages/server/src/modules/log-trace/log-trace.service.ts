// Log traces as EMQX 5.8 keeps them (emqx_trace): at most 30, each a subject (clientid, topic filter, IP
// address or rule id) and a window [start_at, end_at) in epoch seconds. Status follows the clock: waiting
// before the start, running inside the window, stopped after it or once stopped by hand. A timer wakes at the
// next start or end so the tracer writes exactly for the running ones. Files: <dataDir>/trace/trace_<name>_<date>.log.
import { existsSync, rmSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isValidTopicFilter } from '@mqdeck/broker';
import { ApiError } from '../../errors';
import { rfc3339 } from '../../shared/time';
import { TraceStore, type PayloadEncode, type Trace, type TraceFormatter, type TraceType } from './log-trace.store';
import { Tracer } from './tracer';

export const MAX_TRACES = 30;
/** EMQX's trace handler: max_no_bytes 512 MiB */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;
const DEFAULT_DURATION_S = 10 * 60;
const NAME_RE = /^[A-Za-z]+[A-Za-z0-9-_]*$/;
const TYPES: readonly TraceType[] = ['clientid', 'topic', 'ip_address', 'ruleid'];
const ENCODES: readonly PayloadEncode[] = ['text', 'hex', 'hidden'];
const FORMATTERS: readonly TraceFormatter[] = ['text', 'json'];

export type TraceStatus = 'waiting' | 'running' | 'stopped';

export function statusOf(t: Trace, nowS: number): TraceStatus {
  if (!t.enable) return 'stopped';
  if (nowS < t.startAt) return 'waiting';
  if (nowS >= t.endAt) return 'stopped';
  return 'running';
}

const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
const invalid = (message: string) => new ApiError(400, 'INVALID_PARAMS', message);
const nowSecond = () => Math.floor(Date.now() / 1000);

/** the last second an RFC 3339 time can write (9999-12-31T23:59:59Z): later ones could be stored but never shown */
const MAX_EPOCH_SECOND = 253402300799;

/** epoch seconds from an integer or an RFC 3339 text; undefined when absent */
function toSecond(field: string, v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  let s: number | undefined;
  if (typeof v === 'number' && Number.isInteger(v)) s = v;
  else if (typeof v === 'string') {
    const ms = Date.parse(v);
    if (/^\d+$/.test(v)) s = Number(v);
    else if (/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}/.test(v) && !Number.isNaN(ms)) s = Math.floor(ms / 1000);
  }
  if (s !== undefined && s >= 0 && s <= MAX_EPOCH_SECOND) return s;
  throw badRequest(`${field}: expected an RFC 3339 time or epoch seconds up to the year 9999, got ${JSON.stringify(v)}`);
}

function oneOf<T extends string>(field: string, v: unknown, allowed: readonly T[], dflt: T): T {
  if (v === undefined) return dflt;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw badRequest(`${field}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
}

/** the checks of EMQX's trace schema and emqx_trace:to_trace, with its texts */
export function parseTrace(body: Record<string, unknown>): Trace {
  const name = body.name;
  if (typeof name !== 'string' || name === '') throw badRequest('name: required');
  if (name.length > 256) throw badRequest('name: Name Length must =< 256');
  if (!NAME_RE.test(name)) throw badRequest(`name: Name should be ${NAME_RE.source}`);
  const type = oneOf('type', body.type, TYPES, 'clientid');
  if (body.type === undefined) throw badRequest('type: required');
  const payloadEncode = oneOf('payload_encode', body.payload_encode, ENCODES, 'text');
  const formatter = oneOf('formatter', body.formatter, FORMATTERS, 'text');
  const filter = body[type];
  if (typeof filter !== 'string' || filter === '') throw invalid(`required ${type} field`);
  if (type === 'topic' && !isValidTopicFilter(filter, 128)) throw invalid(`topic: ${filter} invalid by not a valid topic filter`);
  if (type === 'ip_address' && isIP(filter) === 0) throw invalid('ip address: einval');
  const now = nowSecond();
  const startAt = toSecond('start_at', body.start_at) ?? now;
  const givenEnd = toSecond('end_at', body.end_at);
  if (givenEnd !== undefined && givenEnd <= now) throw invalid('end_at time has already passed');
  const endAt = givenEnd ?? startAt + DEFAULT_DURATION_S;
  if (endAt <= startAt) throw invalid('failed by start_at >= end_at');
  return { name, type, filter, enable: true, payloadEncode, formatter, startAt, endAt };
}

export class LogTraceService {
  readonly store: TraceStore;
  readonly dir: string;
  private readonly tracer: Tracer;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly app: FastifyInstance) {
    this.store = new TraceStore(app.db);
    // the node's data dir is where its database is
    this.dir = join(dirname(app.db.name), 'trace');
    const rules = (app as Partial<Pick<FastifyInstance, 'rules'>>).rules;
    this.tracer = new Tracer(app.broker, rules, (t) => this.path(t), MAX_FILE_BYTES);
    this.reschedule();
  }

  list(): Trace[] {
    return this.store.all().sort((a, b) => b.startAt - a.startAt);
  }

  get(name: string): Trace | undefined {
    return this.store.get(name);
  }

  create(body: Record<string, unknown>): Trace {
    if (this.store.count() >= MAX_TRACES) {
      throw invalid('The number of traces created has reached the maximum, please delete the useless ones first');
    }
    const t = parseTrace(body);
    if (this.store.get(t.name)) throw new ApiError(409, 'ALREADY_EXISTS', `${t.name} Already Exists`);
    const same = this.store.all().find((o) => o.type === t.type && o.filter === t.filter && o.startAt === t.startAt);
    if (same) throw new ApiError(409, 'DUPLICATE_CONDITION', `${same.name} Duplication Condition`);
    // a trace of the same name made earlier may have left its file: a new trace starts with an empty one
    rmSync(this.path(t), { force: true });
    this.store.insert(t);
    this.reschedule();
    return t;
  }

  stop(name: string): boolean {
    if (!this.store.disable(name)) return false;
    this.reschedule();
    return true;
  }

  delete(name: string): boolean {
    const t = this.store.get(name);
    if (!t || !this.store.delete(name)) return false;
    this.reschedule();
    rmSync(this.path(t), { force: true });
    return true;
  }

  clear(): void {
    const all = this.store.all();
    this.store.clear();
    this.reschedule();
    for (const t of all) rmSync(this.path(t), { force: true });
  }

  fileName(t: Trace): string {
    return `trace_${t.name}_${rfc3339(t.startAt * 1000, 's').split('T')[0]}.log`;
  }

  path(t: Trace): string {
    return join(this.dir, this.fileName(t));
  }

  /** the file's size and modification time (epoch s), or undefined when nothing was written yet */
  fileInfo(t: Trace): { size: number; mtime: number } | undefined {
    const p = this.path(t);
    if (!existsSync(p)) return undefined;
    const s = statSync(p);
    return { size: s.size, mtime: Math.floor(s.mtimeMs / 1000) };
  }

  /** lines written so far reach the file */
  flush(): Promise<void> {
    return this.tracer.flush();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.tracer.close();
  }

  /** opens the running traces' files and wakes again at the next start or end */
  private reschedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const now = nowSecond();
    const all = this.store.all();
    this.tracer.setRunning(all.filter((t) => statusOf(t, now) === 'running'));
    const next = all
      .filter((t) => t.enable)
      .flatMap((t) => [t.startAt, t.endAt])
      .filter((s) => s > now)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const delay = Math.min(next * 1000 - Date.now(), 2 ** 31 - 1);
    this.timer = setTimeout(() => this.reschedule(), Math.max(delay, 0));
    this.timer.unref();
  }
}
