import { describe, expect, test } from 'vitest';
import { caller } from './funcs.testing';
import { predicatesFunctions } from './predicates';
import { RuleFunctionError } from './types';

const call = caller(predicatesFunctions);

describe('data type judgment', () => {
  test('is_null counts only undefined; is_null_var also the JSON null', () => {
    expect(call('is_null', undefined)).toBe(true);
    for (const v of [null, 'undefined', 'a', '', 0, false]) expect(call('is_null', v)).toBe(false);
    expect(call('is_null_var', undefined)).toBe(true);
    expect(call('is_null_var', null)).toBe(true);
    for (const v of ['null', 'undefined', 'a', '']) expect(call('is_null_var', v)).toBe(false);
  });

  test('the not_null forms are the negations', () => {
    for (const v of [undefined, 'undefined', null, 'null', 'a', '']) {
      expect(call('is_not_null', v)).toBe(!call('is_null', v));
      expect(call('is_not_null_var', v)).toBe(!call('is_null_var', v));
    }
  });

  test('is_str, is_bool, is_int, is_float, is_num, is_map, is_array', () => {
    for (const v of ['a', '', 'abc', Buffer.from([0xff])]) expect(call('is_str', v)).toBe(true);
    for (const v of [['a'], 1, true, undefined]) expect(call('is_str', v)).toBe(false);
    for (const v of [true, false]) expect(call('is_bool', v)).toBe(true);
    for (const v of ['true', '', 2]) expect(call('is_bool', v)).toBe(false);
    for (const v of [1, 2, -1]) expect(call('is_int', v)).toBe(true);
    for (const v of [1.1, '1', 'a']) expect(call('is_int', v)).toBe(false);
    for (const v of [1.1, -1.2]) expect(call('is_float', v)).toBe(true);
    for (const v of [1, '1.5', 'a', '']) expect(call('is_float', v)).toBe(false);
    for (const v of [1.1, -1.2, 1]) expect(call('is_num', v)).toBe(true);
    for (const v of ['1', 'a', '']) expect(call('is_num', v)).toBe(false);
    for (const v of [{}, { a: 1 }]) expect(call('is_map', v)).toBe(true);
    for (const v of ['{}', [], '', null]) expect(call('is_map', v)).toBe(false);
    for (const v of [[], [1, 2]]) expect(call('is_array', v)).toBe(true);
    for (const v of ['', '[]', {}]) expect(call('is_array', v)).toBe(false);
  });

  test('eq compares numbers by value and other values by content', () => {
    expect(call('eq', 1, 1.0)).toBe(true);
    expect(call('eq', 'a', Buffer.from('a'))).toBe(true);
    expect(call('eq', { a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(call('eq', 1, '1')).toBe(false);
    expect(call('eq', undefined, null)).toBe(false);
  });

  test('is_empty: empty arrays, strings, maps and "{}" texts; other values that are no map are errors', () => {
    for (const v of [[], {}, '{}', '']) expect(call('is_empty', v)).toBe(true);
    for (const v of [[1], { a: 'b' }, '{"a" : "b"}']) expect(call('is_empty', v)).toBe(false);
    for (const v of [undefined, 1, 'abc']) expect(() => call('is_empty', v)).toThrow(RuleFunctionError);
  });
});
