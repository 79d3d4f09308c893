// A small function table and helpers for the SQL tests (the real functions live in ../funcs).
import type { FuncContext, FunctionTable, RuleFunction } from '../funcs/types';
import { RuleFunctionError } from '../funcs/types';
import { compileRuleSql, type RunResult } from './compile';
import { parseRuleSql } from './parse';
import { isMap } from './terms';

const fail = (name: string, msg: string): never => {
  throw new RuleFunctionError(msg, name);
};

const SYNC: Record<string, RuleFunction> = {
  abs: ([n]) => (typeof n === 'number' ? Math.abs(n) : fail('abs', 'abs needs a number')),
  json_decode: ([s]) => JSON.parse(typeof s === 'string' ? s : String(s)),
  is_not_null: ([v]) => v !== undefined,
  is_map: ([v]) => isMap(v),
  map_new: () => ({}),
  map_get: ([k, m, d]) => (isMap(m) && typeof k === 'string' && k in m ? m[k] : d),
  // sublist(Start, Len, List), 1-based, as EMQX's
  sublist: ([start, len, list]) => (Array.isArray(list) ? list.slice(Number(start) - 1, Number(start) - 1 + Number(len)) : fail('sublist', 'not a list')),
  upper: ([s]) => String(s).toUpperCase(),
  topic: (_args, ctx) => ctx.columns.topic,
  boom: () => fail('boom', 'boom always fails'),
};

/** jq's results for the two programs the tests use: `.` (the input) and `.[]` (the items of a list). */
const jq = async ([program, v]: unknown[]): Promise<unknown[]> => Promise.resolve(program === '.[]' && Array.isArray(v) ? v : [v]);

/** A table with the functions above, plus `jq` as an asynchronous function. */
export const testFuncs: FunctionTable = {
  get(name) {
    if (name === 'jq') return { fn: jq, async: true };
    return Object.hasOwn(SYNC, name) ? { fn: SYNC[name], async: false } : undefined;
  },
};

export function testCtx(columns: Record<string, unknown>): FuncContext {
  const kv = new Map<unknown, unknown>();
  return { columns, node: 'mqdeck@127.0.0.1', kv: { get: (k) => kv.get(k), put: (k, v) => void kv.set(k, v), del: (k) => void kv.delete(k) }, jqTimeoutMs: 10_000 };
}

/** Parse, compile and run a SQL on columns (payload given as raw text, as the broker hands it over). */
export function run(sql: string, columns: Record<string, unknown>): RunResult | Promise<RunResult> {
  return compileRuleSql(parseRuleSql(sql), testFuncs).run(columns, testCtx(columns));
}

/** The output of a SELECT that must pass. */
export async function select(sql: string, columns: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await run(sql, columns);
  if (r.kind !== 'select') throw new Error(`expected a SELECT result, got ${r.kind}`);
  return r.output;
}

/** The outputs of a FOREACH that must pass its WHERE. */
export async function foreach(sql: string, columns: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const r = await run(sql, columns);
  if (r.kind !== 'foreach') throw new Error(`expected a FOREACH result, got ${r.kind}`);
  return r.outputs;
}

/** The error a run ends with (thrown synchronously or as a rejection); fails the test when the run passes. */
export async function failure(sql: string, columns: Record<string, unknown>): Promise<Error> {
  try {
    await run(sql, columns);
  } catch (err) {
    return err as Error;
  }
  throw new Error(`the run passed: ${sql}`);
}
