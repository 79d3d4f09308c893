import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { codecFunctions } from './codec';
import { binaryToTerm, termToBinary } from './codec-term';
import { NodeKvStore } from './kv-store';
import { RuleFunctionError, type FuncContext } from './types';
import { BitString } from './values';

const ctx: FuncContext = { columns: {}, node: 'emqx@127.0.0.1', kv: new NodeKvStore(), jqTimeoutMs: 10_000 };
const call = (name: string, ...args: unknown[]) => codecFunctions.sync[name](args, ctx);
const etf = (...b: number[]) => Buffer.from([131, ...b]);
const ascii = (s: string) => [...Buffer.from(s)];

describe('term_encode', () => {
  it('writes the bytes erlang:term_to_binary/1 (OTP 26) writes', () => {
    expect(termToBinary('abc')).toEqual(etf(109, 0, 0, 0, 3, ...ascii('abc')));
    expect(termToBinary(1)).toEqual(etf(97, 1));
    expect(termToBinary(256)).toEqual(etf(98, 0, 0, 1, 0));
    expect(termToBinary(-1)).toEqual(etf(98, 255, 255, 255, 255));
    expect(termToBinary(2 ** 31)).toEqual(etf(110, 4, 0, 0, 0, 0, 128));
    expect(termToBinary(-(2 ** 40))).toEqual(etf(110, 6, 1, 0, 0, 0, 0, 0, 1));
    expect(termToBinary(1.5)).toEqual(etf(70, 63, 248, 0, 0, 0, 0, 0, 0));
    expect(termToBinary(true)).toEqual(etf(119, 4, ...ascii('true')));
    expect(termToBinary(undefined)).toEqual(etf(119, 9, ...ascii('undefined')));
    expect(termToBinary([])).toEqual(etf(106));
    expect(termToBinary([1, 2, 3])).toEqual(etf(107, 0, 3, 1, 2, 3));
    expect(termToBinary([1000, 'a'])).toEqual(etf(108, 0, 0, 0, 2, 98, 0, 0, 3, 232, 109, 0, 0, 0, 1, 97, 106));
    expect(termToBinary({ b: 2, a: 1 })).toEqual(etf(116, 0, 0, 0, 2, 109, 0, 0, 0, 1, 97, 97, 1, 109, 0, 0, 0, 1, 98, 97, 2));
  });

  it('term_decode(term_encode(X)) is X for the SUITE values and more', () => {
    for (const value of ['abc', { a: 1 }, { '3': [1, 2, 4] }, [1, 'two', 3.25, [true, false, null]], -123456789012, 2n ** 80n, '中文', {}]) {
      expect(call('term_decode', call('term_encode', value))).toEqual(value);
    }
    const raw = Buffer.from([0xff, 0x00]);
    expect(call('term_decode', call('term_encode', raw))).toEqual(raw);
  });
});

describe('term_decode', () => {
  it('reads atoms (Latin-1 and UTF-8 tags), tuples as arrays, big integers and old floats', () => {
    expect(binaryToTerm(etf(116, 0, 0, 0, 1, 100, 0, 1, 97, 97, 1))).toEqual({ a: 1 });
    expect(binaryToTerm(etf(115, 5, ...ascii('false')))).toBe(false);
    expect(binaryToTerm(etf(118, 0, 4, ...ascii('null')))).toBeNull();
    expect(binaryToTerm(etf(119, 2, ...ascii('ok')))).toBe('ok');
    expect(binaryToTerm(etf(104, 2, 97, 1, 97, 2))).toEqual([1, 2]);
    expect(binaryToTerm(etf(110, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))).toBe(2n ** 64n);
    expect(binaryToTerm(etf(110, 2, 1, 0, 1))).toBe(-256);
    const old = Buffer.alloc(31);
    old.write('1.50000000000000000000e+00', 'latin1');
    expect(binaryToTerm(Buffer.concat([etf(99), old]))).toBe(1.5);
  });

  it('writes and reads bitstrings as BIT_BINARY_EXT (subbits results)', () => {
    const bits = new BitString(Buffer.from([0xa0]), 3); // <<5:3>>
    expect(termToBinary(bits)).toEqual(etf(77, 0, 0, 0, 1, 3, 0xa0));
    expect(binaryToTerm(etf(77, 0, 0, 0, 1, 3, 0xa0))).toEqual(bits);
    expect(termToBinary(new BitString(Buffer.from('ab'), 16))).toEqual(termToBinary('ab'));
  });

  it('reads compressed terms (term_to_binary(T, [compressed]))', () => {
    const inner = termToBinary({ k: 'v'.repeat(100) }).subarray(1);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(inner.length);
    expect(binaryToTerm(Buffer.concat([Buffer.from([131, 80]), size, deflateSync(inner)]))).toEqual({ k: 'v'.repeat(100) });
  });

  it('fails on what has no rule value or is not a term', () => {
    expect(() => call('term_decode', Buffer.from([131, 88, 0]))).toThrow(/has no rule value/);
    expect(() => call('term_decode', Buffer.from([131, 108, 0, 0, 0, 1, 97, 1, 97, 2]))).toThrow(/improper list/);
    expect(() => call('term_decode', Buffer.from([130, 97, 1]))).toThrow(/version 131/);
    expect(() => call('term_decode', Buffer.from([131, 109, 0, 0, 0, 9, 1]))).toThrow(/ends in the middle/);
    expect(() => call('term_decode', Buffer.from([131, 108, 255, 255, 255, 255]))).toThrow(RuleFunctionError);
    expect(() => call('term_decode', 42)).toThrow(RuleFunctionError);
  });
});
