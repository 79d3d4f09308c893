// Nested get/put along paths, restating emqx_rule_maps_SUITE: keys, 1-based and negative indexes, head/tail
// puts, JSON text decoded along the way, indexes read from other fields; and the same through SQL.
import { describe, expect, test } from 'vitest';
import { SqlEvalError } from './errors';
import { getIn, indexStep, keyStep, putIn, rangeList, rangeOf, setNth, type Step } from './paths';
import { select } from './sql.testing';

const k = (key: string): Step => keyStep(key);
const i = (n: number | 'head' | 'tail'): Step => indexStep(n);
const get = (v: unknown, ...steps: Step[]) => getIn(v, steps, 0, undefined);
const put = (v: unknown, val: unknown, ...steps: Step[]) => putIn(v, steps, 0, val, undefined);

describe('nested get', () => {
  test('maps: missing keys and non-maps give undefined', () => {
    expect(get('not_map', k('a'))).toBeUndefined();
    expect(get({ a: 1 })).toEqual({ a: 1 });
    expect(get({ a: { b: 'c' } }, k('a'))).toEqual({ b: 'c' });
    expect(get({}, k('a'), k('b'), k('c'))).toBeUndefined();
    expect(get({ a: { b: {} } }, k('a'), k('b'), k('c'))).toBeUndefined();
    expect(get({ a: { b: { c: 'c' } } }, k('a'), k('b'), k('c'))).toBe('c');
  });

  test('JSON text along the path is decoded', () => {
    expect(get('{"a": 1}', k('a'))).toBe(1);
    expect(get({ a: '{"b": 1}' }, k('a'))).toBe('{"b": 1}');
    expect(get({ a: '{"b": 1}' }, k('a'), k('b'))).toBe(1);
    expect(get({ a: Buffer.from('[5, 6]') }, k('a'), i(2))).toBe(6);
    expect(get({ a: 'not json' }, k('a'), k('b'))).toBeUndefined();
  });

  test('names of Object.prototype are not fields', () => {
    expect(get({}, k('constructor'))).toBeUndefined();
    expect(get({ a: {} }, k('a'), k('__proto__'))).toBeUndefined();
    expect(get(JSON.parse('{"constructor": 1}'), k('constructor'))).toBe(1);
  });

  test('indexes are 1-based; 0 and out of range find nothing; negative counts from the end', () => {
    expect([1, 2, 3].map((n) => get([1, 2, 3], i(n)))).toEqual([1, 2, 3]);
    expect(get([1, 2, 3], i(0))).toBeUndefined();
    expect(get([1, 2, 3], i(4))).toBeUndefined();
    expect(get([1, ['a', 'b', 'c'], 3], i(2), i(3))).toBe('c');
    expect(get([1, ['a', 'b', ['I', 'II', 'III']], 3], i(2), i(3), i(1))).toBe('I');
    expect(get([1, ['a', 'b', ['I', 'II', 'III']], 3], i(2), i(1), i(1))).toBeUndefined();
    expect([-1, -2, -3, -4].map((n) => get([1, 2, 3], i(n)))).toEqual([3, 2, 1, undefined]);
  });

  test('maps and lists mixed', () => {
    expect(get({ a: [1, 2, 3] }, k('a'), i(1))).toBe(1);
    expect(get([1, { a: 2 }, 3], i(2), k('a'))).toBe(2);
    expect(get({ a: [1, 2, 3] }, k('a'), i(0))).toBeUndefined();
    expect(get([1, 2, 3, 4], i(4), k('a'))).toBeUndefined();
    expect(get([1, { c: ['I', 'II'] }, 3], i(2), k('c'), i(1))).toBe('I');
    expect(get([1, { c: { d: 'I' } }, 3], i(2), k('c'), k('e'))).toBeUndefined();
  });
});

describe('nested put', () => {
  test('maps: creates what is missing, replaces a non-map, keeps siblings', () => {
    expect(put({}, 1, k('a'))).toEqual({ a: 1 });
    expect(put({}, undefined, k('a'))).toEqual({ a: undefined });
    expect(put('not_map', 1, k('a'))).toEqual({ a: 1 });
    expect(put({}, 'c', k('a'), k('b'), k('c'))).toEqual({ a: { b: { c: 'c' } } });
    expect(put({ k: 'v0', a: 'b' }, 'v1', k('k'))).toEqual({ k: 'v1', a: 'b' });
    expect(put({ k: { t: 'v0' } }, 'v1', k('k'), k('t'), k('a'))).toEqual({ k: { t: { a: 'v1' } } });
  });

  test('into JSON text: the decoded part on the path is kept, text that is replaced is lost', () => {
    expect(put({ payload: JSON.stringify({ b: 'v2' }) }, 'v1', k('payload'), k('a'))).toEqual({ payload: { a: 'v1' } });
    expect(put({ payload: JSON.stringify({ a: { old: 'v2' } }) }, 'v1', k('payload'), k('a'), k('new'))).toEqual({
      payload: { a: { new: 'v1', old: 'v2' } },
    });
    expect(put({ payload: '{}' }, 'v1', k('payload'), k('a'), k('new'))).toEqual({ payload: { a: { new: 'v1' } } });
  });

  test('indexes replace one item; 0 and out of range change nothing', () => {
    expect(put([1, 2, 3], 'a', i(2))).toEqual([1, 'a', 3]);
    expect(put([1, 2, 3], 'a', i(0))).toEqual([1, 2, 3]);
    expect(put([1, 2, 3], 'a', i(4))).toEqual([1, 2, 3]);
    expect(put([1, [2], 3], 'a', i(2), i(1))).toEqual([1, ['a'], 3]);
    expect(put([1, [[2]], 3], 'a', i(2), i(1), i(1))).toEqual([1, [['a']], 3]);
    expect(put([1, [[2]], 3], 'a', i(2), i(1), i(2))).toEqual([1, [[2]], 3]);
  });

  test('head and tail prepend and append; a non-list becomes a one-item list', () => {
    expect(put('not_list', 'a', i('head'))).toEqual(['a']);
    expect(put([], 'a', i('head'))).toEqual(['a']);
    expect(put([1, 2, 3], 'a', i('head'))).toEqual(['a', 1, 2, 3]);
    expect(put('not_list', 'a', i('tail'))).toEqual(['a']);
    expect(put([1, 2, 3], 'a', i('tail'))).toEqual([1, 2, 3, 'a']);
  });

  test('negative indexes count from the end', () => {
    expect([-1, -2, -3, -4].map((n) => put([1, 2, 3], 'a', i(n)))).toEqual([
      [1, 2, 'a'],
      [1, 'a', 3],
      ['a', 2, 3],
      [1, 2, 3],
    ]);
  });

  test('maps and lists mixed', () => {
    expect(put({}, 'a', k('a'), i(2))).toEqual({ a: ['a'] });
    expect(put({}, 0, k('a'), i(2), k('b'))).toEqual({ a: [{ b: 0 }] });
    expect(put({ a: [1, 2, 3] }, 'a', k('a'), i(2))).toEqual({ a: [1, 'a', 3] });
    expect(put([1, { a: 'b' }, 3], 'c', i(2), k('a'))).toEqual([1, { a: 'c' }, 3]);
    expect(put([1, { a: ['b'] }, 3], 'c', i(2), k('a'), i(1))).toEqual([1, { a: ['c'] }, 3]);
    expect(put({ a: [1, 2, 3] }, 'a', k('a'), i('head'), k('c'))).toEqual({ a: [{ c: 'a' }, 1, 2, 3] });
  });

  test('a put copies: the original is unchanged', () => {
    const orig = { a: [1, { b: 2 }], c: 3 };
    const out = put(orig, 9, k('a'), i(2), k('b'));
    expect(out).toEqual({ a: [1, { b: 9 }], c: 3 });
    expect(orig).toEqual({ a: [1, { b: 2 }], c: 3 });
  });

  test('a __proto__ key is stored as data', () => {
    const out = put({}, 1, k('__proto__')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
  });

  test('setNth leaves a list it does not change as it is', () => {
    const l = [1, 2];
    expect(setNth(5, l, 'x')).toBe(l);
    expect(setNth('x', l, 'x')).toBe(l);
  });
});

describe('ranges', () => {
  test('a range literal lists the integers; backwards by more than one is an error', () => {
    expect(rangeList(1, 4)).toEqual([1, 2, 3, 4]);
    expect(rangeList(2, 1)).toEqual([]);
    expect(() => rangeList(3, 1)).toThrow(SqlEvalError);
  });

  test('a slice is 1-based and inclusive, negative bounds count from the end, 0 is an error', () => {
    expect(rangeOf(1, 4, [0, 1, 2, 3, 4, 5])).toEqual([0, 1, 2, 3]);
    expect(rangeOf(2, -1, [0, 1, 2])).toEqual([1, 2]);
    expect(rangeOf(-2, -1, [0, 1, 2])).toEqual([1, 2]);
    expect(rangeOf(2, 10, [0, 1, 2])).toEqual([1, 2]);
    expect(() => rangeOf(0, 1, [0])).toThrow(SqlEvalError);
    expect(() => rangeOf(-5, -1, [0, 1])).toThrow(SqlEvalError);
    expect(() => rangeOf(1, 2, 'ab')).toThrow(SqlEvalError);
  });
});

describe('paths in SQL', () => {
  test('an index read from another field', async () => {
    expect(await select('select a[b] as x, a[c.d[1]] as y, a[nope] as z from "t"', { a: [1, 2, 3], b: 2, c: { d: [3] } })).toEqual({
      x: 2,
      y: 3,
      z: undefined,
    });
  });

  test('quoted keys, integer keys and keys with spaces', async () => {
    const payload = JSON.stringify({ '1': { b: 'one' }, 'a b': 2, '1.5': 3 });
    expect(await select("select payload.1.b as x, payload.'a b' as y, payload.'1.5' as z, \"payload\".'a b' as w from \"t\"", { payload })).toEqual({
      x: 'one',
      y: 2,
      z: 3,
      w: 2,
    });
  });

  test('a path into a column holding JSON text decodes it each time, a bare name does not', async () => {
    expect(await select('select user_props.k as k, user_props from "t"', { user_props: '{"k": "v"}' })).toEqual({ k: 'v', user_props: '{"k": "v"}' });
  });
});
