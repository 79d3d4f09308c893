import { describe, expect, test } from 'vitest';
import { caller } from './funcs.testing';
import { mathFunctions } from './math';
import { RuleFunctionError } from './types';

const call = caller(mathFunctions);

describe('math functions', () => {
  test('each unary function agrees with the math library on positive integers (the SUITE compares them to math:F)', () => {
    const pairs: [string, (x: number) => number][] = [
      ['cos', Math.cos],
      ['cosh', Math.cosh],
      ['sin', Math.sin],
      ['sinh', Math.sinh],
      ['tan', Math.tan],
      ['tanh', Math.tanh],
      ['atan', Math.atan],
      ['asinh', Math.asinh],
      ['acosh', Math.acosh],
      ['exp', Math.exp],
      ['log', Math.log],
      ['log10', Math.log10],
      ['log2', Math.log2],
      ['sqrt', Math.sqrt],
    ];
    for (const x of [1, 2, 7, 100, 709]) for (const [name, f] of pairs) expect(call(name, x), `${name}(${x})`).toBe(f(x));
    for (const [x, y] of [
      [2, 10],
      [7, 3],
      [100, 7],
    ]) {
      expect(call('power', x, y)).toBe(x ** y);
      expect(call('fmod', x, y)).toBe(x % y);
    }
  });

  test('inverse trigonometry inside its domain; outside it the call fails like badarith', () => {
    expect(call('acos', 0.5)).toBeCloseTo(1.0471975511965976, 15);
    expect(call('asin', 0.5)).toBeCloseTo(0.5235987755982989, 15);
    expect(call('atanh', 0.5)).toBeCloseTo(0.5493061443340549, 15);
    for (const [name, x] of [
      ['acos', 2],
      ['asin', -1.5],
      ['atanh', 1],
      ['acosh', 0.5],
      ['log', 0],
      ['log2', -1],
      ['sqrt', -1],
      ['exp', 1000],
    ] as const) {
      expect(() => call(name, x), `${name}(${x})`).toThrow(RuleFunctionError);
    }
    expect(() => call('fmod', 1, 0)).toThrow(RuleFunctionError);
    expect(() => call('power', 0, -1)).toThrow(RuleFunctionError);
    expect(() => call('power', -8, 1 / 3)).toThrow(RuleFunctionError);
  });

  test('abs takes integers only, as in EMQX 5.8', () => {
    expect(call('abs', -12)).toBe(12);
    expect(call('abs', 12)).toBe(12);
    expect(() => call('abs', -1.2)).toThrow(/abs\(-1.2\).*integer/);
  });

  test('ceil, floor and round give integers; round sends halves away from zero', () => {
    expect(call('ceil', 1.2)).toBe(2);
    expect(call('ceil', -1.2)).toBe(-1);
    expect(Object.is(call('ceil', -0.5), 0)).toBe(true);
    expect(call('floor', -1.2)).toBe(-2);
    expect(call('floor', 5)).toBe(5);
    expect(call('round', 2.5)).toBe(3);
    expect(call('round', -2.5)).toBe(-3);
    expect(call('round', 0.49999999999999994)).toBe(0);
    expect(call('round', -1.4)).toBe(-1);
  });

  test('mod and div take integers: remainder with the sign of the dividend, quotient toward zero', () => {
    expect(call('mod', 7, 3)).toBe(1);
    expect(call('mod', -7, 3)).toBe(-1);
    expect(call('mod', 7, -3)).toBe(1);
    expect(call('div', 7, 2)).toBe(3);
    expect(call('div', -7, 2)).toBe(-3);
    expect(() => call('mod', 7, 0)).toThrow(/division by zero/);
    expect(() => call('div', 7.5, 2)).toThrow(RuleFunctionError);
  });

  test('non-numbers and wrong argument counts are errors', () => {
    expect(() => call('sin', '1')).toThrow(RuleFunctionError);
    expect(() => call('ceil', true)).toThrow(RuleFunctionError);
    expect(() => call('power', 2)).toThrow(/power\/1 is not supported/);
    expect(() => call('sqrt', undefined)).toThrow(RuleFunctionError);
  });
});
