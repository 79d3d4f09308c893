// The steps of one rule run as trace entries (ruleid traces): the rule was activated by an input, its SQL
// yielded a result, no result or an exception, and each action succeeded, failed or was discarded.
import type { RuntimeRule, ApplyResult } from '../rules/runtime';
import type { Columns } from '../rules/events/columns';
import type { PreparedAction } from '../rules/actions/run';
import type { MetaValue, TraceEntry } from './line-format';

const actionName = (a: PreparedAction | undefined): string => (a === undefined ? 'unknown' : typeof a.raw === 'string' ? a.raw : a.raw.function);

/** columns as trace meta: plain values kept, objects as JSON text (payload stays bytes for its encoding) */
function asMeta(v: unknown): MetaValue {
  if (v === undefined || v === null) return null;
  if (Buffer.isBuffer(v) || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

export function ruleRunEntries(rule: RuntimeRule, columns: Columns, result: ApplyResult | Promise<ApplyResult>, write: (e: TraceEntry) => void): void {
  const clientid = typeof columns.clientid === 'string' ? columns.clientid : undefined;
  const peername = typeof columns.peername === 'string' ? columns.peername : typeof columns.peerhost === 'string' ? columns.peerhost : undefined;
  const entry = (tag: string, msg: string, meta: TraceEntry['meta']): TraceEntry => ({ tag, msg, clientid, peername, meta: { rule_id: rule.id, ...meta } });
  const payload = typeof columns.payload === 'string' ? Buffer.from(columns.payload) : Buffer.isBuffer(columns.payload) ? columns.payload : undefined;
  write(entry('RULE', 'rule_activated', { event: asMeta(columns.event), topic: asMeta(columns.topic), payload }));
  const done = (r: ApplyResult) => {
    if (r.kind === 'no_result') return write(entry('RULE', 'SQL_yielded_no_result', {}));
    if (r.kind === 'exception') {
      return write(entry('RULE', 'rule_sql_exception', { reason: r.error instanceof Error ? r.error.message : String(r.error) }));
    }
    const out = r.foreach ? r.outputs : [r.output];
    write(entry('RULE', 'SQL_yielded_result', { result: asMeta(r.foreach ? r.outputs : r.output) }));
    const n = rule.actions.length;
    r.actions.forEach((o, i) => {
      const action = actionName(rule.actions[i % Math.max(n, 1)]);
      const selected = asMeta(out[Math.floor(i / Math.max(n, 1))]);
      const report = (outcome: string) => write(entry('ACTION', `action_${outcome}`, { action, selected }));
      if (o instanceof Promise) o.then(report, (err: unknown) => write(entry('ACTION', 'action_failed', { action, reason: String(err) })));
      else report(o);
    });
  };
  if (result instanceof Promise) void result.then(done);
  else done(result);
}
