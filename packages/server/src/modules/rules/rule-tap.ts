// The live tap (MQDeck extension, docs/api-extensions.md): unsaved SQL runs on the node's real inputs for a bounded
// window and keeps each input next to what the SQL made of it. It has no actions, counts nothing in any rule's
// metrics and is never written to disk. It stops after its duration (at most 60 s) or its number of matches (at
// most 100), whichever comes first; a stopped tap stays readable for a few minutes, then is forgotten.
import { randomBytes } from 'node:crypto';
import type { RuleTapMatch, RuleTapView } from '@mqdeck/api';
import { ApiError } from '../../errors';
import { parseDuration } from '../../config/units';
import { rfc3339 } from '../../shared/time';
import { parseRuleSql } from './sql/parse';
import { compileRuleSql } from './sql/compile';
import { builtinFunctions } from './funcs/registry';
import { RuleMetrics } from './metrics';
import { applyRule, type ApplyResult, type RuntimeEnv, type RuntimeRule } from './runtime';
import type { RuleInputs, Runner } from './events/inputs';
import type { Columns } from './events/columns';
import { jsonValue } from './rules.format';

export const TAP_MAX_MATCHES = 100;
export const TAP_MAX_DURATION_MS = 60_000;
/** taps running at once on a node */
export const TAP_MAX_RUNNING = 10;
/** how long a stopped tap stays readable */
const KEEP_STOPPED_MS = 5 * 60_000;

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

interface Tap extends Runner {
  sql: string;
  rule: RuntimeRule;
  /** the tap's SQL (RuleInputs starts jq's worker for a SQL that calls it) */
  compiled: RuntimeRule['compiled'];
  expiresAt: number;
  maxMatches: number;
  matches: RuleTapMatch[];
  status: 'running' | 'stopped';
  reason?: string;
  timer: NodeJS.Timeout;
}

function durationMs(raw: unknown): number {
  if (raw === undefined) return TAP_MAX_DURATION_MS;
  const ms = typeof raw === 'number' ? raw * 1000 : typeof raw === 'string' ? (parseDuration(raw) ?? undefined) : undefined;
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0 || ms > TAP_MAX_DURATION_MS) throw bad('duration: expected seconds (or a duration such as "30s") up to 60 s');
  return ms;
}

function maxMatches(raw: unknown): number {
  if (raw === undefined) return TAP_MAX_MATCHES;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > TAP_MAX_MATCHES) throw bad(`max_matches: expected an integer from 1 to ${TAP_MAX_MATCHES}`);
  return raw;
}

/** an input as the tap shows it: its columns without the rule metadata, and its payload's bytes when it has one */
function inputView(columns: Columns): { input: Record<string, unknown>; payload_base64?: string } {
  const { metadata: _m, ...rest } = columns;
  const p = columns.payload;
  const bytes = Buffer.isBuffer(p) ? p : typeof p === 'string' ? Buffer.from(p, 'utf8') : undefined;
  return { input: jsonValue(rest) as Record<string, unknown>, ...(bytes ? { payload_base64: bytes.toString('base64') } : {}) };
}

export class RuleTaps {
  private readonly taps = new Map<string, Tap>();

  constructor(
    private readonly env: RuntimeEnv,
    private readonly inputs: RuleInputs,
  ) {}

  start(body: { sql?: unknown; max_matches?: unknown; duration?: unknown } | undefined): { id: string; expires_at: string } {
    if (typeof body?.sql !== 'string') throw bad('sql: field is required (a string)');
    const limit = maxMatches(body.max_matches);
    const ms = durationMs(body.duration);
    const running = [...this.taps.values()].filter((t) => t.status === 'running').length;
    if (running >= TAP_MAX_RUNNING) throw bad(`At most ${TAP_MAX_RUNNING} taps can run at once; stop one first`);
    let from: string[];
    let compiled: RuntimeRule['compiled'];
    try {
      const parsed = parseRuleSql(body.sql);
      from = parsed.from;
      compiled = compileRuleSql(parsed, builtinFunctions);
    } catch (err) {
      throw bad(err instanceof Error ? err.message : String(err));
    }
    const id = randomBytes(8).toString('hex');
    const tap: Tap = {
      id: `tap:${id}`,
      from,
      sql: body.sql,
      compiled,
      rule: { id: `tap:${id}`, compiled, actions: [], metrics: new RuleMetrics() },
      expiresAt: Date.now() + ms,
      maxMatches: limit,
      matches: [],
      status: 'running',
      timer: setTimeout(() => this.stop(id, 'duration'), ms),
      run: (columns) => this.record(tap, columns),
    };
    tap.timer.unref();
    this.taps.set(id, tap);
    this.inputs.add(tap);
    return { id, expires_at: rfc3339(tap.expiresAt) };
  }

  view(id: string): RuleTapView | undefined {
    const t = this.taps.get(id);
    if (!t) return undefined;
    return {
      id,
      status: t.status,
      ...(t.reason ? { reason: t.reason } : {}),
      sql: t.sql,
      expires_at: rfc3339(t.expiresAt),
      max_matches: t.maxMatches,
      matches: t.matches,
    };
  }

  /** DELETE: stops the tap and forgets it */
  delete(id: string): boolean {
    if (!this.taps.has(id)) return false;
    this.stop(id, 'deleted');
    this.taps.delete(id);
    return true;
  }

  close(): void {
    for (const id of [...this.taps.keys()]) this.delete(id);
  }

  private stop(id: string, reason: string): void {
    const t = this.taps.get(id);
    if (!t || t.status === 'stopped') return;
    t.status = 'stopped';
    t.reason = reason;
    clearTimeout(t.timer);
    this.inputs.remove(t);
    t.timer = setTimeout(() => this.taps.delete(id), KEEP_STOPPED_MS);
    t.timer.unref();
  }

  private record(t: Tap, columns: Columns): void {
    if (t.status !== 'running') return;
    // the input's JSON view is made for the inputs the tap keeps, not for every message its FROM sees
    const keep = (r: ApplyResult, seen?: ReturnType<typeof inputView>) => {
      if (t.status !== 'running' || r.kind === 'no_result') return;
      const view = seen ?? inputView(columns);
      const at = rfc3339(Date.now());
      if (r.kind === 'exception') t.matches.push({ at, ...view, error: r.error instanceof Error ? r.error.message : String(r.error) });
      else t.matches.push({ at, ...view, output: jsonValue(r.foreach ? r.outputs : r.output) as Record<string, unknown> | unknown[] });
      if (t.matches.length >= t.maxMatches) this.stop(t.id.slice(4), 'max_matches');
    };
    const r = applyRule(this.env, t.rule, columns, undefined);
    if (r instanceof Promise) {
      // jq: the columns as they were when the input came
      const input = inputView(columns);
      void r.then((x) => keep(x, input));
    } else keep(r);
  }
}
