// Running one rule on one input (EMQX emqx_rule_runtime:apply_rule): `matched` counts every run; the SQL either
// yields an output (`passed`, then every action runs on it; FOREACH: on each element), yields nothing
// (`failed` + `failed.no_result`) or throws (`failed` + `failed.exception`). The input gets `metadata.rule_id`.
import type { FastifyBaseLogger } from 'fastify';
import type { CompiledRule, RunResult } from './sql/compile';
import type { FuncContext, KvStore, SchemaFunctions } from './funcs/types';
import type { RuleMetrics } from './metrics';
import type { Columns } from './events/columns';
import { runAction, type ActionEnv, type ActionOutcome, type PreparedAction, type RunOptions } from './actions/run';

export interface RuntimeRule {
  id: string;
  compiled: CompiledRule;
  actions: PreparedAction[];
  metrics: RuleMetrics;
  /** `metadata` of the rule's inputs, made on its first run and shared by all of them */
  metadata?: { rule_id: string };
}

export interface RuntimeEnv {
  node: string;
  kv: KvStore;
  jqTimeoutMs(): number;
  /** set by the schema registry module (schema_decode and friends) */
  schemas?: SchemaFunctions;
  log: FastifyBaseLogger;
  actions: ActionEnv;
}

export type ApplyResult =
  | { kind: 'output'; foreach: false; output: Record<string, unknown>; actions: (ActionOutcome | Promise<ActionOutcome>)[] }
  | { kind: 'output'; foreach: true; outputs: Record<string, unknown>[]; actions: (ActionOutcome | Promise<ActionOutcome>)[] }
  | { kind: 'no_result' }
  | { kind: 'exception'; error: unknown };

function finish(env: RuntimeEnv, rule: RuntimeRule, columns: Columns, origin: string | undefined, opts: RunOptions, r: RunResult): ApplyResult {
  const m = rule.metrics;
  if (r.kind === 'no_result' || (r.kind === 'foreach' && r.outputs.length === 0)) {
    m.countNoResult();
    if (r.kind === 'foreach') return { kind: 'output', foreach: true, outputs: [], actions: [] };
    return { kind: 'no_result' };
  }
  m.passed++;
  const outputs = r.kind === 'select' ? [r.output] : r.outputs;
  const actions: (ActionOutcome | Promise<ActionOutcome>)[] = [];
  for (const selected of outputs) {
    for (const a of rule.actions) actions.push(runAction(env.actions, m, a, { ruleId: rule.id, selected, envs: columns }, origin, opts));
  }
  return r.kind === 'select' ? { kind: 'output', foreach: false, output: r.output, actions } : { kind: 'output', foreach: true, outputs, actions };
}

function exception(env: RuntimeEnv, rule: RuntimeRule, err: unknown): ApplyResult {
  rule.metrics.countException();
  env.log.warn({ rule_id: rule.id, reason: err instanceof Error ? err.message : String(err) }, 'rule_sql_exception');
  return { kind: 'exception', error: err };
}

/** Runs the rule; synchronous unless its SQL calls an asynchronous function (jq). */
export function applyRule(env: RuntimeEnv, rule: RuntimeRule, shared: Columns, origin: string | undefined, opts: RunOptions = {}): ApplyResult | Promise<ApplyResult> {
  rule.metrics.matched++;
  // the rules of one input share its columns; a rule that awaits (jq) gets its own copy, or the rules run after it
  // would overwrite its `metadata` before it reads it
  const columns = rule.compiled.usesAsync ? { ...shared } : shared;
  columns.metadata = rule.metadata ??= { rule_id: rule.id };
  const ctx: FuncContext = { columns, node: env.node, kv: env.kv, jqTimeoutMs: env.jqTimeoutMs(), schemas: env.schemas };
  let r: RunResult | Promise<RunResult>;
  try {
    r = rule.compiled.run(columns, ctx);
  } catch (err) {
    return exception(env, rule, err);
  }
  if (r instanceof Promise) {
    return r.then(
      (x) => finish(env, rule, columns, origin, opts, x),
      (err: unknown) => exception(env, rule, err),
    );
  }
  return finish(env, rule, columns, origin, opts, r);
}
