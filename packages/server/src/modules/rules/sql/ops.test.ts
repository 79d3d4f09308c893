// The operators' type rules, as EMQX's rule runtime applies them (compare/2, '+'/2 …), and in SQL.
import { describe, expect, test } from 'vitest';
import { RuleRuntimeError, SqlEvalError } from './errors';
import { arith, compare, negate } from './ops';
import { failure, run, select } from './sql.testing';
import { compareTerms, floatText, toText } from './terms';

const evalError = (fn: () => unknown): SqlEvalError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof SqlEvalError) return err;
    throw err;
  }
  throw new Error('no error');
};

describe('comparison', () => {
  test('a number against a numeric string compares as numbers, both ways', () => {
    expect(compare('=', 2, '2')).toBe(true);
    expect(compare('=', '2.5', 2.5)).toBe(true);
    expect(compare('>', 10, '9')).toBe(true);
    expect(compare('<', '-3', 1)).toBe(true);
    expect(compare('=', 1, '1.0')).toBe(true);
  });

  test('a number against a string that is no number is an error (badarg)', () => {
    expect(evalError(() => compare('=', 1, 'abc')).reason).toBe('badarg');
    expect(evalError(() => compare('>', ' 1', 0)).reason).toBe('badarg');
    expect(evalError(() => compare('=', 1, '1e3')).reason).toBe('badarg');
  });

  test('an undefined side makes every comparison false, except undefined against undefined', () => {
    for (const op of ['=', '!=', '<>', '<', '>', '<=', '>='] as const) {
      expect(compare(op, undefined, 1), op).toBe(false);
      expect(compare(op, 'a', undefined), op).toBe(false);
    }
    expect(compare('=', undefined, undefined)).toBe(true);
    expect(compare('!=', undefined, undefined)).toBe(false);
    expect(compare('<=', undefined, undefined)).toBe(true);
  });

  test('true, false and JSON null equal their names as strings', () => {
    expect(compare('=', true, 'true')).toBe(true);
    expect(compare('=', 'false', false)).toBe(true);
    expect(compare('=', null, 'null')).toBe(true);
    expect(compare('=', true, 'yes')).toBe(false);
  });

  test('other kinds follow Erlang order: number < atom < map < list < binary', () => {
    expect(compare('<', 5, true)).toBe(true);
    expect(compare('>', null, 1000)).toBe(true);
    expect(compare('<', true, {})).toBe(true);
    expect(compare('<', { a: 1 }, [])).toBe(true);
    expect(compare('<', [1, 2], Buffer.from('a'))).toBe(true);
    expect(compareTerms('a', 'b')).toBe(-1);
    expect(compareTerms('ab', 'a')).toBe(1);
    expect(compareTerms([1, 2], [1, 3])).toBe(-1);
    expect(compareTerms({ b: 1 }, { a: 1, b: 1 })).toBe(-1);
    expect(compareTerms(false, true)).toBe(-1);
  });

  test('lists and maps are equal by content; Buffers and strings by bytes', () => {
    expect(compare('=', [1, { a: 'x' }], [1, { a: 'x' }])).toBe(true);
    expect(compare('!=', { a: 1 }, { a: 2 })).toBe(true);
    expect(compare('=', Buffer.from('héllo'), 'héllo')).toBe(true);
  });

  test('=~ matches a topic against an MQTT topic filter', () => {
    expect(compare('=~', 't/a/b', 't/#')).toBe(true);
    expect(compare('=~', 't/a', 't/+')).toBe(true);
    expect(compare('=~', 't/a/b', 't/+')).toBe(false);
    expect(compare('=~', 't', 't/#')).toBe(true);
    expect(compare('=~', '$SYS/brokers', '#')).toBe(false);
    expect(compare('=~', '$SYS/brokers', '+/brokers')).toBe(false);
    expect(compare('=~', '$SYS/brokers', '$SYS/#')).toBe(true);
    expect(compare('=~', 'a//b', 'a/+/b')).toBe(true);
    // as emqx_topic:match/2, a '#' before the last level is plain text
    expect(compare('=~', 'a/x/b', 'a/#/b')).toBe(false);
    expect(compare('=~', 'a/#/b', 'a/#/b')).toBe(true);
    expect(evalError(() => compare('=~', 1, 't/#')).reason).toBe('badarg');
  });
});

describe('arithmetic', () => {
  test('+ adds numbers and joins text when either side is a string', () => {
    expect(arith('+', 1, 2)).toBe(3);
    expect(arith('+', 'a', 1)).toBe('a1');
    expect(arith('+', 1.5, 'x')).toBe('1.5x');
    expect(arith('+', 'x', 0.1 + 0.2)).toBe('x0.3');
    expect(arith('+', 'is ', true)).toBe('is true');
    expect(arith('+', 'v=', undefined)).toBe('v=undefined');
    expect(arith('+', 'm=', { a: 1 })).toBe('m={"a":1}');
    expect(arith('+', Buffer.from('ab'), 'c')).toBe('abc');
  });

  test('+ on anything else is a bad argument, reported as EMQX does', () => {
    expect(evalError(() => arith('+', 1, true)).reason).toEqual({ reason: 'bad_sql_function_argument', arguments: [1, true], function_name: '+' });
    expect(evalError(() => arith('+', 1, undefined)).detail).toBe('+ cannot take the number 1 and an undefined value');
  });

  test('- * / want numbers; / divides as floats; by zero is badarith', () => {
    expect(arith('-', 5, 7)).toBe(-2);
    expect(arith('*', 2.5, 4)).toBe(10);
    expect(arith('/', 5, 2)).toBe(2.5);
    expect(arith('/', 4, 2)).toBe(2);
    expect(evalError(() => arith('/', 1, 0)).reason).toBe('badarith');
    expect(evalError(() => arith('-', 'a', 1)).reason).toMatchObject({ function_name: '-' });
    expect(evalError(() => arith('*', '2', 3)).reason).toMatchObject({ reason: 'bad_sql_function_argument' });
  });

  test('div truncates toward zero and mod takes the sign of the dividend (Erlang div/rem); both want integers', () => {
    expect(arith('div', 7, 2)).toBe(3);
    expect(arith('div', -7, 2)).toBe(-3);
    expect(arith('mod', 7, 2)).toBe(1);
    expect(arith('mod', -7, 2)).toBe(-1);
    expect(arith('mod', -4, 2)).toBe(0);
    expect(evalError(() => arith('div', 7.5, 2)).reason).toMatchObject({ function_name: 'div' });
    expect(evalError(() => arith('mod', 7, 0)).reason).toBe('badarith');
  });

  test('unary minus wants a number', () => {
    expect(negate(3)).toBe(-3);
    expect(negate(0)).toBe(0);
    expect(evalError(() => negate('3')).reason).toBe('badarith');
  });

  test('numbers turn into text as EMQX prints them', () => {
    expect(floatText(1.5)).toBe('1.5');
    expect(floatText(0.1 + 0.2)).toBe('0.3');
    expect(floatText(1 / 3)).toBe('0.3333333333');
    expect(toText(42)).toBe('42');
    expect(toText(null)).toBe('null');
    expect(toText([104, 105])).toBe('hi');
    expect(toText([1, 'a'])).toBe('[1,"a"]');
  });
});

describe('operators in SQL', () => {
  const input = { topic: 't/1', payload: '{"n": 5, "s": "5", "b": true, "z": null, "l": [1, 2]}' };

  test('comparisons in WHERE with numbers in strings', async () => {
    expect((await run('select * from "t/#" where payload.n = \'5\' and payload.s = 5 and payload.s >= 4.5', input)).kind).toBe('select');
  });

  test('IN and NOT IN compare exactly (a string is not a number here)', async () => {
    // IN is a condition (not a SELECT field): CASE WHEN shows its value
    const inCase = (cond: string) => `case when ${cond} then 'yes' else 'no' end`;
    const fields = [inCase('payload.n in (1, 5)'), inCase('payload.s in (5)'), inCase("payload.s in ('5')"), inCase('payload.l in ([1, 2])')];
    expect(await select(`select ${fields.map((f, i) => `${f} as f${i}`).join(', ')} from "t"`, input)).toEqual({ f0: 'yes', f1: 'no', f2: 'yes', f3: 'yes' });
    expect(() => run('select payload.n in (1) as a from "t"', input)).toThrow(/syntax error/);
    expect((await run('select * from "t" where payload.n not in (1, 2, 3)', input)).kind).toBe('select');
    expect((await run('select * from "t" where not payload.n in (5)', input)).kind).toBe('no_result');
  });

  test('NOT of a value that is not a boolean is false; NOT of a logic expression negates it', async () => {
    expect((await run('select * from "t" where not payload.n', input)).kind).toBe('no_result');
    expect((await run('select * from "t" where not payload.b', input)).kind).toBe('no_result');
    expect((await run('select * from "t" where not (payload.n = 1 or payload.n = 2)', input)).kind).toBe('select');
  });

  test('topic =~ filter in WHERE', async () => {
    expect((await run('select * from "t/#" where topic =~ \'t/+\'', input)).kind).toBe('select');
    expect((await run('select * from "t/#" where topic =~ \'x/#\'', input)).kind).toBe('no_result');
  });

  test('a WHERE that is not a boolean, or AND on a non-boolean, fails the run', async () => {
    const notBool = await failure('select * from "t" where payload.n', input);
    expect(notBool).toBeInstanceOf(RuleRuntimeError);
    expect((notBool as RuleRuntimeError).kind).toBe('match_conditions_error');
    expect(notBool.message).toBe('{"match_conditions_error":"case_clause"}');
    expect((await failure('select * from "t" where payload.n and true', input)).message).toBe('{"match_conditions_error":"badarg"}');
    expect((await run('select * from "t" where payload.b', input)).kind).toBe('select');
  });

  test('comparing with a non-numeric string fails WHERE (badarg), as in EMQX', async () => {
    expect((await failure('select * from "t" where payload.n = \'five\'', input)).message).toBe('{"match_conditions_error":"badarg"}');
  });

  test('arithmetic errors fail SELECT with a sentence in detail', async () => {
    const err = (await failure('select payload.n / 0 as x from "t"', input)) as RuleRuntimeError;
    expect(err.message).toBe('{"select_and_transform_error":"badarith"}');
    expect(err.detail).toBe('SELECT: division by zero');
    expect(err.clause).toBe('SELECT');
  });

  test('string concatenation with + in SELECT', async () => {
    expect(await select('select \'temp=\' + payload.n as a, payload.s + payload.n as b, 1 + 2 * 3 as c from "t"', input)).toEqual({
      a: 'temp=5',
      b: '55',
      c: 7,
    });
  });
});
