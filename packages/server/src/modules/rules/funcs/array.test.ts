import { describe, expect, test } from 'vitest';
import { arrayFunctions } from './array';
import { caller } from './funcs.testing';
import { RuleFunctionError } from './types';

const call = caller(arrayFunctions);
const list = [1, 2, 3, 4];

describe('array functions', () => {
  test('nth counts from 1; outside the array is an error', () => {
    expect(call('nth', 2, list)).toBe(2);
    expect(call('nth', 4, list)).toBe(4);
    for (const i of [0, 5, -1]) expect(() => call('nth', i, list)).toThrow(RuleFunctionError);
    expect(() => call('nth', 1, 'abc')).toThrow(RuleFunctionError);
  });

  test('length, first, last', () => {
    expect(call('length', list)).toBe(4);
    expect(call('length', [])).toBe(0);
    expect(call('first', list)).toBe(1);
    expect(call('last', list)).toBe(4);
    expect(() => call('first', [])).toThrow(RuleFunctionError);
    expect(() => call('last', [])).toThrow(RuleFunctionError);
  });

  test('sublist(len, list) and sublist(start, len, list)', () => {
    expect(call('sublist', 4, list)).toEqual([1, 2, 3, 4]);
    expect(call('sublist', 2, list)).toEqual([1, 2]);
    expect(call('sublist', 9, list)).toEqual([1, 2, 3, 4]);
    expect(call('sublist', 4, 1, list)).toEqual([4]);
    expect(call('sublist', 4, 2, list)).toEqual([4]);
    expect(call('sublist', 5, 2, list)).toEqual([]);
    expect(call('sublist', 2, 2, list)).toEqual([2, 3]);
    expect(call('sublist', 1, 1, list)).toEqual([1]);
    expect(() => call('sublist', 6, 1, list)).toThrow(RuleFunctionError);
    expect(() => call('sublist', -1, list)).toThrow(RuleFunctionError);
  });

  test('contains compares whole values, maps and binaries included', () => {
    expect(call('contains', 1, list)).toBe(true);
    expect(call('contains', 3, list)).toBe(true);
    expect(call('contains', 'a', ['', 'ab', 3, 'a'])).toBe(true);
    expect(call('contains', { a: 'b' }, [{ a: 1 }, { a: 'b' }])).toBe(true);
    expect(call('contains', { a: 'b' }, [{ a: 1 }])).toBe(false);
    expect(call('contains', 3, [1, 2])).toBe(false);
    expect(call('contains', 'c', ['', 'ab', 3, 'a'])).toBe(false);
    expect(call('contains', 'a', [Buffer.from('a')])).toBe(true);
  });
});
