// compileRuleSql: function lookup at compile time, synchronous runs unless an async function is called,
// and how failures are reported.
import { describe, expect, test } from 'vitest';
import type { FuncContext, FunctionTable } from '../funcs/types';
import { compileRuleSql } from './compile';
import { RuleRuntimeError, RuleSqlCompileError } from './errors';
import { parseRuleSql } from './parse';
import { failure, testCtx, testFuncs } from './sql.testing';

const compile = (sql: string, funcs: FunctionTable = testFuncs) => compileRuleSql(parseRuleSql(sql), funcs);
const compileError = (sql: string): RuleSqlCompileError => {
  try {
    compile(sql);
  } catch (err) {
    if (err instanceof RuleSqlCompileError) return err;
    throw err;
  }
  throw new Error(`compiled: ${sql}`);
};

describe('functions at compile time', () => {
  test('an unknown function is refused with its name and position', () => {
    const err = compileError('SELECT x,\n  no_such_fn(x) FROM "t"');
    expect(err.message).toBe('Unknown SQL function "no_such_fn" (line 2, column 3)');
    expect(err.reason).toBe('sql_function_not_supported');
    expect([err.line, err.column, err.offset]).toEqual([2, 3, 12]);
  });

  test('names are looked up in lower case', () => {
    expect(() => compile('SELECT ABS(x), Upper(y) FROM "t"')).not.toThrow();
  });

  test('only the emqx_rule_funcs module may prefix a function', () => {
    expect(() => compile('SELECT emqx_rule_funcs.abs(-1) FROM "t"')).not.toThrow();
    expect(compileError('SELECT other_mod.abs(-1) FROM "t"').reason).toBe('sql_function_provider_module_not_allowed');
    expect(compileError('SELECT emqx_rule_funcs_demo.abs(-1) FROM "t"').reason).toBe('sql_function_provider_module_not_loaded');
  });

  test('div and mod work as functions even when the table does not list them', () => {
    const run = compile('SELECT div(7, 2) as a, mod(-7, 2) as b FROM "t"').run({}, testCtx({}));
    expect(run).toEqual({ kind: 'select', output: { a: 3, b: -1 } });
  });

  test('FOREACH over * is refused', () => {
    expect(compileError('FOREACH * FROM "t"').reason).toBe('bad_sql');
  });

  test('functions get the run context and their arguments in order', () => {
    const seen: unknown[] = [];
    const funcs: FunctionTable = {
      get: (name) => (name === 'spy' ? { async: false, fn: (args: unknown[], ctx: FuncContext) => seen.push(args, ctx.node) } : undefined),
    };
    void compile('SELECT spy(1, clientid, payload.a) FROM "t"', funcs).run({ clientid: 'c', payload: '{"a": [1]}' }, testCtx({}));
    expect(seen).toEqual([[1, 'c', [1]], 'mqdeck@127.0.0.1']);
  });
});

describe('sync and async runs', () => {
  test('without an async function, run returns the result itself, not a Promise', () => {
    const rule = compile("SELECT payload.x as x FROM \"t\" WHERE payload.x > 1 and upper('a') = 'A'");
    expect(rule.usesAsync).toBe(false);
    const r = rule.run({ payload: '{"x": 2}' }, testCtx({}));
    expect(r).not.toBeInstanceOf(Promise);
    expect(r).toEqual({ kind: 'select', output: { x: 2 } });
  });

  test('with jq, run returns a Promise and later fields see the awaited value', async () => {
    const rule = compile('SELECT jq(\'.\', payload) as j, j[1].a as a, abs(a) + 1 as b FROM "t"');
    expect(rule.usesAsync).toBe(true);
    const r = rule.run({ payload: { a: -5 } }, testCtx({}));
    expect(r).toBeInstanceOf(Promise);
    expect(await r).toEqual({ kind: 'select', output: { j: [{ a: -5 }], a: -5, b: 6 } });
  });

  test('async values in WHERE, CASE, IN, lists and function arguments', async () => {
    const rule = compile(
      "SELECT case when jq('.', 1) = [1] then 'one' else 'other' end as c, [jq('.', 2)] as l, abs(jq('.', -3)) as f FROM \"t\" WHERE jq('.', 1) in ([1]) and jq('.', 1) = [1]",
      {
        get: (name) => (name === 'abs' ? { async: false, fn: ([v]: unknown[]) => Math.abs((v as number[])[0]) } : testFuncs.get(name)),
      },
    );
    expect(await rule.run({}, testCtx({}))).toEqual({ kind: 'select', output: { c: 'one', l: [[2]], f: 3 } });
  });

  test('async FOREACH with DO and INCASE', async () => {
    const rule = compile("FOREACH jq('.', payload) as l, l[1] as x DO x.v as v, jq('.', x.v) as w INCASE x.v > 1 FROM \"t\"");
    // jq gives [[…]], so l[1] is the list itself and each of its maps is an item named x
    expect(await rule.run({ payload: [{ v: 1 }, { v: 2 }] }, testCtx({}))).toEqual({ kind: 'foreach', outputs: [{ v: 2, w: [2] }] });
    const items = compile("FOREACH jq('.[]', payload) as l DO l.v as v, jq('.', l.v) as w INCASE l.v > 1 FROM \"t\"");
    expect(await items.run({ payload: [{ v: 1 }, { v: 2 }] }, testCtx({}))).toEqual({ kind: 'foreach', outputs: [{ v: 2, w: [2] }] });
    const plain = compile("FOREACH jq('.', payload) as l FROM \"t\" WHERE jq('.', 1) = [1]");
    expect(await plain.run({ payload: [1] }, testCtx({}))).toEqual({ kind: 'foreach', outputs: [{ payload: [1], l: [1] }] });
  });

  test('an async failure rejects with the clause it came from', async () => {
    const funcs: FunctionTable = { get: (n) => (n === 'later' ? { async: true, fn: () => Promise.reject(new Error('too slow')) } : undefined) };
    const err = await Promise.resolve()
      .then(() => compile('SELECT later() as x FROM "t"', funcs).run({}, testCtx({})))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RuleRuntimeError);
    expect((err as RuleRuntimeError).kind).toBe('select_and_transform_error');
    expect((err as RuleRuntimeError).message).toBe('{"select_and_transform_error":"too slow"}');
  });
});

describe('run failures', () => {
  test('a function that refuses its arguments fails as EMQX reports it, with its own sentence in detail', async () => {
    const err = (await failure('SELECT abs(x) FROM "t"', { x: 'a' })) as RuleRuntimeError;
    expect(err.message).toBe('{"select_and_transform_error":{"reason":"bad_sql_function_argument","arguments":["a"],"function_name":"abs"}}');
    expect(err.detail).toBe('SELECT: abs(): abs needs a number');
    const missing = (await failure('SELECT abs(nope) FROM "t"', {})) as RuleRuntimeError;
    expect(missing.message).toBe('{"select_and_transform_error":{"reason":"bad_sql_function_argument","arguments":["undefined"],"function_name":"abs"}}');
  });

  test('any other failure inside a function keeps its message', async () => {
    const funcs: FunctionTable = { get: (n) => (n === 'bug' ? { async: false, fn: () => (null as unknown as { x: number }).x } : undefined) };
    let err: RuleRuntimeError | undefined;
    try {
      void compile('SELECT bug() FROM "t"', funcs).run({}, testCtx({}));
    } catch (e) {
      err = e as RuleRuntimeError;
    }
    expect(err).toBeInstanceOf(RuleRuntimeError);
    expect(err?.kind).toBe('select_and_transform_error');
    expect(err?.detail).toMatch(/^SELECT: bug\(\): Cannot read properties of null/);
  });

  test('an error in WHERE is a WHERE error even when SELECT passed', async () => {
    const err = (await failure('SELECT * FROM "t" WHERE abs(\'x\') = 1', {})) as RuleRuntimeError;
    expect(err.clause).toBe('WHERE');
    expect(err.kind).toBe('match_conditions_error');
  });

  test('a payload path into text that is not JSON fails SELECT with decode_json_failed', async () => {
    const err = (await failure('SELECT payload.a FROM "t"', { payload: 'plain text' })) as RuleRuntimeError;
    expect(err.message).toBe('{"select_and_transform_error":"decode_json_failed"}');
    expect(err.detail).toBe('SELECT: the payload is not valid JSON, so it has no fields to read');
  });

  test("the messages EMQX's /rule_test answers with: decode_json_failed, badarg", async () => {
    const json = await failure('SELECT\n  payload.msg\nFROM\n  "t/#"', { payload: '{"msg": "hel' });
    expect(JSON.parse(json.message)).toEqual({ select_and_transform_error: 'decode_json_failed' });
    const badarg = await failure('SELECT\n  payload.msg > 1\nFROM\n  "t/#"', { payload: '{"msg": "hello"}' });
    expect(JSON.parse(badarg.message)).toEqual({ select_and_transform_error: 'badarg' });
  });

  test('the payload is decoded once per run, however many fields read it', () => {
    let parses = 0;
    const original = JSON.parse;
    const rule = compile('SELECT payload.a as a, payload.b as b, payload.c.d as d FROM "t" WHERE payload.a = 1');
    JSON.parse = ((text: string) => {
      parses++;
      return original(text) as unknown;
    }) as typeof JSON.parse;
    try {
      expect(rule.run({ payload: '{"a": 1, "b": 2, "c": {"d": 3}}' }, testCtx({}))).toEqual({ kind: 'select', output: { a: 1, b: 2, d: 3 } });
    } finally {
      JSON.parse = original;
    }
    expect(parses).toBe(1);
  });

  test('the compiled rule exposes its kind and FROM', () => {
    const rule = compile('FOREACH payload.l FROM "a/#", \'$events/client_connected\'');
    expect([rule.kind, rule.from]).toEqual(['foreach', ['a/#', '$events/client_connected']]);
  });
});
