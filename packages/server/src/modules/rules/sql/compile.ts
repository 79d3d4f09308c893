// compileRuleSql: a parsed rule SQL → a CompiledRule whose `run` evaluates one input (its columns) the way
// EMQX's rule runtime does: SELECT fields in order (each sees the ones before), then WHERE on the columns
// merged with the output; FOREACH collects the last field's list, then INCASE and DO per item.
// Compiled once per rule; `run` is synchronous unless the SQL calls an asynchronous function (jq).
import type { FuncContext, FunctionTable } from '../funcs/types';
import type { Expr, Field, RuleSql, VarOrPath } from './ast';
import { compileSteps, ExprCompiler, implicitTarget, type Compiled } from './compile-expr';
import { Env, type Names } from './env';
import { RuleSqlCompileError, SqlEvalError, toRuntimeError } from './errors';
import { describeValue } from './ops';
import { keyWriter, putIn, readOwn } from './paths';

export type RunResult = { kind: 'select'; output: Record<string, unknown> } | { kind: 'foreach'; outputs: Record<string, unknown>[] } | { kind: 'no_result' };

export interface CompiledRule {
  kind: 'select' | 'foreach';
  from: string[];
  /** `run` returns a Promise (the SQL calls an asynchronous function); otherwise it returns the result itself */
  usesAsync: boolean;
  /**
   * Evaluate the SQL on one input. A FOREACH whose list is empty (or not a list) gives `outputs: []` (EMQX counts
   * it as no result but its rule test answers 200 with []). Throws RuleRuntimeError when a clause fails.
   */
  run(columns: Record<string, unknown>, ctx: FuncContext): RunResult | Promise<RunResult>;
}

type Put = (out: Record<string, unknown>, val: unknown, env: Env) => void;
type CompiledField = { star: true } | { star: false; value: Compiled; put: Put };

function compilePut(target: VarOrPath, cx: ExprCompiler): Put {
  if (target.type === 'var') return keyWriter(target.name);
  const root = target.root;
  const steps = compileSteps(target.segs, cx);
  const isPayload = root === 'payload';
  const write = keyWriter(root);
  return (out, val, env) => {
    let cur = readOwn(out, root);
    if (isPayload) cur = env.payloadJsonOf(cur);
    write(out, putIn(cur, steps, 0, val, env));
  };
}

/**
 * Compile the fields of SELECT, FOREACH or DO. Each field is compiled knowing which names the fields before it
 * put into the output (the action layer); `selected` is what the selected output holds in this clause.
 * Returns the fields and the names the clause's output holds.
 */
function compileFields(fields: Field[], cx: ExprCompiler, selected: Names): { compiled: CompiledField[]; names: Names } {
  let names: Set<string> | 'all' = new Set();
  const compiled = fields.map((f, i): CompiledField => {
    if (f.type === 'star') {
      names = 'all';
      return { star: true };
    }
    const target = f.alias ?? implicitTarget(f.expr, i);
    cx.scope = { action: names === 'all' ? 'all' : new Set(names), selected };
    const field: CompiledField = { star: false, value: cx.compile(f.expr), put: compilePut(target, cx) };
    if (names !== 'all') names.add(target.type === 'var' ? target.name : target.root);
    return field;
  });
  return { compiled, names };
}

/** Compile a condition (WHERE, INCASE) that sees the columns merged with the output holding `selected`. */
function compileCondition(e: Expr | undefined, cx: ExprCompiler, selected: Names): Compiled | undefined {
  if (!e) return undefined;
  cx.scope = { action: NO_NAMES, selected };
  return cx.compile(e);
}

const NO_NAMES: Names = new Set<string>();

// SELECT / DO: build the output object field by field; `env.action` is the output while it is built
function selectSync(fields: CompiledField[], env: Env, base: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  env.action = out;
  for (const f of fields) {
    if (f.star) Object.assign(out, env.columns, base, base === null ? undefined : itemOf(env));
    else f.put(out, f.value.f(env), env);
  }
  env.action = null;
  return out;
}

async function selectAsync(fields: CompiledField[], env: Env, base: Record<string, unknown> | null): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    env.action = out;
    if (f.star) Object.assign(out, env.columns, base, base === null ? undefined : itemOf(env));
    else f.put(out, f.value.a ? await f.value.f(env) : f.value.f(env), env);
  }
  env.action = null;
  return out;
}

const itemOf = (env: Env): Record<string, unknown> | undefined => (env.itemKey === null ? undefined : { [env.itemKey]: env.item });

/** WHERE and INCASE must give true or false (EMQX fails the run on anything else). */
function isTrue(v: unknown, clause: string): boolean {
  if (v === true) return true;
  if (v === false) return false;
  throw new SqlEvalError('case_clause', `the ${clause} condition gave ${describeValue(v)}, not true or false`);
}

export function compileRuleSql(sql: RuleSql, funcs: FunctionTable): CompiledRule {
  const cx = new ExprCompiler(funcs);
  const { compiled: fields, names } = compileFields(sql.fields, cx, NO_NAMES);
  const where = compileCondition(sql.where, cx, names);
  const base = { kind: sql.kind, from: sql.from };
  if (sql.kind === 'select') {
    const usesAsync = cx.usesAsync;
    return { ...base, usesAsync, run: usesAsync ? selectRunAsync(fields, where) : selectRun(fields, where) };
  }
  const last = sql.fields[sql.fields.length - 1];
  if (sql.fields.some((f) => f.type === 'star') || last.type !== 'field') {
    throw new RuleSqlCompileError('FOREACH collects the items of an expression, not *', 'bad_sql');
  }
  const itemKey = last.alias?.type === 'var' ? last.alias.name : 'item';
  const doFields = sql.doClause ? compileFields(sql.doClause, cx, names).compiled : undefined;
  const incase = compileCondition(sql.incase, cx, names);
  const usesAsync = cx.usesAsync;
  const parts = { fields, where, itemKey, doFields, incase };
  return { ...base, usesAsync, run: usesAsync ? foreachRunAsync(parts) : foreachRun(parts) };
}

function selectRun(fields: CompiledField[], where: Compiled | undefined): CompiledRule['run'] {
  const wf = where?.f;
  return (columns, ctx) => {
    const env = new Env(columns, ctx);
    let output: Record<string, unknown>;
    try {
      output = selectSync(fields, env, null);
    } catch (err) {
      throw toRuntimeError('SELECT', err);
    }
    if (wf) {
      env.selected = output;
      try {
        if (!isTrue(wf(env), 'WHERE')) return { kind: 'no_result' };
      } catch (err) {
        throw toRuntimeError('WHERE', err);
      }
    }
    return { kind: 'select', output };
  };
}

function selectRunAsync(fields: CompiledField[], where: Compiled | undefined): CompiledRule['run'] {
  return async (columns, ctx) => {
    const env = new Env(columns, ctx);
    let output: Record<string, unknown>;
    try {
      output = await selectAsync(fields, env, null);
    } catch (err) {
      throw toRuntimeError('SELECT', err);
    }
    if (where) {
      env.selected = output;
      try {
        if (!isTrue(await where.f(env), 'WHERE')) return { kind: 'no_result' };
      } catch (err) {
        throw toRuntimeError('WHERE', err);
      }
    }
    return { kind: 'select', output };
  };
}

interface ForeachParts {
  fields: CompiledField[];
  where: Compiled | undefined;
  itemKey: string;
  doFields: CompiledField[] | undefined;
  incase: Compiled | undefined;
}

function foreachRun(p: ForeachParts): CompiledRule['run'] {
  const { fields, where, itemKey, doFields, incase } = p;
  return (columns, ctx) => {
    const env = new Env(columns, ctx);
    let selected: Record<string, unknown>;
    let items: unknown[];
    try {
      const [sel, coll] = collect(fields, env);
      selected = sel;
      items = coll;
    } catch (err) {
      throw toRuntimeError('FOREACH', err);
    }
    env.selected = selected;
    if (where) {
      try {
        if (!isTrue(where.f(env), 'WHERE')) return { kind: 'no_result' };
      } catch (err) {
        throw toRuntimeError('WHERE', err);
      }
    }
    const outputs: Record<string, unknown>[] = [];
    env.itemKey = itemKey;
    for (const item of items) {
      env.item = item;
      try {
        if (incase && !isTrue(incase.f(env), 'INCASE')) continue;
      } catch (err) {
        throw toRuntimeError('INCASE', err);
      }
      if (!doFields) {
        outputs.push({ ...columns, ...selected, [itemKey]: item });
        continue;
      }
      try {
        outputs.push(selectSync(doFields, env, selected));
      } catch (err) {
        throw toRuntimeError('DO', err);
      }
    }
    return { kind: 'foreach', outputs };
  };
}

/** FOREACH fields: all but the last fill the output; the last is the collection (a non-list collects nothing). */
function collect(fields: CompiledField[], env: Env): [Record<string, unknown>, unknown[]] {
  const out: Record<string, unknown> = {};
  env.action = out;
  let coll: unknown = undefined;
  for (const f of fields) {
    if (f.star) continue;
    coll = f.value.f(env);
    f.put(out, coll, env);
  }
  env.action = null;
  return [out, Array.isArray(coll) ? coll : []];
}

function foreachRunAsync(p: ForeachParts): CompiledRule['run'] {
  const { fields, where, itemKey, doFields, incase } = p;
  return async (columns, ctx) => {
    const env = new Env(columns, ctx);
    const out: Record<string, unknown> = {};
    let coll: unknown = undefined;
    try {
      for (const f of fields) {
        if (f.star) continue;
        env.action = out;
        coll = await f.value.f(env);
        f.put(out, coll, env);
      }
      env.action = null;
    } catch (err) {
      throw toRuntimeError('FOREACH', err);
    }
    env.selected = out;
    if (where) {
      try {
        if (!isTrue(await where.f(env), 'WHERE')) return { kind: 'no_result' };
      } catch (err) {
        throw toRuntimeError('WHERE', err);
      }
    }
    const outputs: Record<string, unknown>[] = [];
    env.itemKey = itemKey;
    for (const item of Array.isArray(coll) ? coll : []) {
      env.item = item;
      try {
        if (incase && !isTrue(await incase.f(env), 'INCASE')) continue;
      } catch (err) {
        throw toRuntimeError('INCASE', err);
      }
      try {
        outputs.push(doFields ? await selectAsync(doFields, env, out) : { ...columns, ...out, [itemKey]: item });
      } catch (err) {
        throw toRuntimeError('DO', err);
      }
    }
    return { kind: 'foreach', outputs };
  };
}
