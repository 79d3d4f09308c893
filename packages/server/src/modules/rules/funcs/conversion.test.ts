import { describe, expect, test } from 'vitest';
import { conversionFunctions } from './conversion';
import { caller } from './funcs.testing';
import { RuleFunctionError } from './types';
import { BitString } from './values';

const call = caller(conversionFunctions);
const utf16 = (s: string) => Buffer.from(s, 'utf16le');

describe('str, str_utf8, str_utf16_le', () => {
  test('text stays text; maps and lists become JSON; numbers and booleans their literal', () => {
    for (const f of ['str', 'str_utf8']) {
      expect(call(f, 'abc')).toBe('abc');
      expect(call(f, '你好🐸')).toBe('你好🐸');
      expect(call(f, { a: 1 })).toBe('{"a":1}');
      expect(call(f, [{ a: 1 }, { b: 1 }])).toBe('[{"a":1},{"b":1}]');
      expect(call(f, { a: 'abc 你好' })).toBe('{"a":"abc 你好"}');
      expect(call(f, 1)).toBe('1');
      expect(call(f, 2.5)).toBe('2.5');
      expect(call(f, true)).toBe('true');
    }
  });

  test('floats print with at most 10 decimals, trailing zeros dropped; big integers in full', () => {
    expect(call('str', 0.1 + 0.2)).toBe('0.3');
    expect(call('str', 1.0000000001)).toBe('1.0000000001');
    expect(call('str', 1e-11)).toBe('0.0');
    expect(call('str', 1e21)).toBe('1000000000000000000000');
    expect(call('str', undefined)).toBe('undefined');
    expect(call('str', null)).toBe('null');
  });

  test('str_utf16_le encodes the text form as UTF-16 little endian bytes', () => {
    expect(call('str_utf16_le', 'abc')).toEqual(utf16('abc'));
    expect(call('str_utf16_le', '你好🐸')).toEqual(utf16('你好🐸'));
    expect(call('str_utf16_le', { a: 1 })).toEqual(utf16('{"a":1}'));
    expect(call('str_utf16_le', [{ a: 1 }, { '你好👋': 1 }])).toEqual(utf16('[{"a":1},{"你好👋":1}]'));
    expect(call('str_utf16_le', 1)).toEqual(utf16('1'));
    expect(call('str_utf16_le', true)).toEqual(utf16('true'));
  });

  test('bytes that are not UTF-8 stay bytes for str and fail str_utf8', () => {
    const raw = Buffer.from([0xff, 0x00]);
    expect(call('str', raw)).toEqual(raw);
    expect(() => call('str_utf8', raw)).toThrow(RuleFunctionError);
    expect(() => call('str', new BitString(Buffer.from([0x80]), 1))).toThrow(RuleFunctionError);
  });
});

describe('int, float, bool, map', () => {
  test('int parses integer and float text and floors floats; booleans are 1 and 0', () => {
    expect(call('int', '1')).toBe(1);
    expect(call('int', '1.0')).toBe(1);
    expect(call('int', '-1.5')).toBe(-2);
    expect(call('int', 1)).toBe(1);
    expect(call('int', 1.9)).toBe(1);
    expect(call('int', 1.0001)).toBe(1);
    expect(call('int', true)).toBe(1);
    expect(call('int', false)).toBe(0);
    for (const bad of ['a', '1e3', ' 1', '', { a: 1 }, undefined]) expect(() => call('int', bad)).toThrow(RuleFunctionError);
  });

  test('float parses float and integer text; float(x, n) rounds to n decimals', () => {
    expect(call('float', '1.0')).toBe(1);
    expect(call('float', '1')).toBe(1);
    expect(call('float', 1.9)).toBe(1.9);
    expect(call('float', 1.0000000001)).toBe(1.0000000001);
    expect(call('float', '2.5e3')).toBe(2500);
    for (const bad of ['a', true, [1]]) expect(() => call('float', bad)).toThrow(RuleFunctionError);
    expect(call('float', 3.14159, 2)).toBe(3.14);
    expect(call('float', '2.71828', 3)).toBe(2.718);
    expect(() => call('float', 1.5, 0)).toThrow(RuleFunctionError);
  });

  test('float2str prints a float with the given decimals, compactly', () => {
    expect(call('float2str', 20.2, 1)).toBe('20.2');
    expect(call('float2str', 20.2, 10)).toBe('20.2');
    expect(call('float2str', 20.2, 15)).toBe('20.199999999999999');
    expect(call('float2str', 20.2, 16)).toBe('20.1999999999999993');
    expect(call('float2str', 0.1, 120)).toBe('0.1000000000000000055511151231257827021181583404541015625');
    expect(call('float2str', 1.5, 0)).toBe('2');
    expect(() => call('float2str', 'x', 2)).toThrow(RuleFunctionError);
  });

  test('bool accepts true/false, their text, and 1/0', () => {
    for (const t of [1, 1.0, true, 'true']) expect(call('bool', t)).toBe(true);
    for (const f of [0, 0.0, false, 'false']) expect(call('bool', f)).toBe(false);
    for (const bad of [3, 'yes', undefined]) expect(() => call('bool', bad)).toThrow(RuleFunctionError);
  });

  test('map takes a JSON object text, a list of pairs or a map', () => {
    expect(call('map', '{"a":1}')).toEqual({ a: 1 });
    expect(
      call('map', [
        ['ver', '1.0'],
        ['name', 'emqx'],
      ]),
    ).toEqual({ ver: '1.0', name: 'emqx' });
    expect(call('map', { b: 2 })).toEqual({ b: 2 });
    for (const bad of ['a', '[1]', 1.5, [1, 2]]) expect(() => call('map', bad)).toThrow(RuleFunctionError);
  });
});

describe('hex strings', () => {
  test('hexstr2bin decodes, padding an odd length with a leading zero', () => {
    expect(call('hexstr2bin', '6364f')).toEqual(Buffer.from([6, 54, 79]).toString());
    expect(call('hexstr2bin', 'a')).toBe('\n');
    expect(call('hexstr2bin', '0102')).toBe('\x01\x02');
    expect(call('hexstr2bin', 'ff00')).toEqual(Buffer.from([0xff, 0]));
    expect(() => call('hexstr2bin', 'zz')).toThrow(RuleFunctionError);
  });

  test('hexstr2bin with a prefix strips it, and refuses text without it', () => {
    expect(call('hexstr2bin', '0x6364f', '0x')).toBe('\x06\x36\x4f');
    expect(call('hexstr2bin', '0X1121', '0X')).toBe('\x11\x21');
    expect(call('hexstr2bin', '0B5', '0B')).toBe('\x05');
    for (const [hex, prefix] of [
      ['0x6364f', 'ab'],
      ['0bf', '你好👋'],
      ['0B5', '🐸'],
    ]) {
      expect(() => call('hexstr2bin', hex, prefix)).toThrow(/prefix/);
    }
  });

  test('bin2hexstr writes upper-case hex, with an optional prefix', () => {
    expect(call('bin2hexstr', '\x01\x02')).toBe('0102');
    expect(call('bin2hexstr', Buffer.from([17, 33]))).toBe('1121');
    expect(call('bin2hexstr', Buffer.from([1, 2]), '0x')).toBe('0x0102');
    expect(call('bin2hexstr', Buffer.from([17, 33]), '0B')).toBe('0B1121');
    expect(call('bin2hexstr', Buffer.from([1, 2]), '🧠')).toBe('🧠0102');
    expect(call('sqlserver_bin2hexstr', Buffer.from([17, 33]))).toBe('0x1121');
    expect(() => call('bin2hexstr', 12)).toThrow(RuleFunctionError);
  });

  test('bitstrings are padded with zero bits in front (e.g. 13 bits 00001·00000010 → 0102)', () => {
    const bits = (value: bigint, width: number) => {
      const bytes = Buffer.alloc(Math.ceil(width / 8));
      const shifted = value << BigInt(bytes.length * 8 - width);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Number((shifted >> BigInt((bytes.length - 1 - i) * 8)) & 0xffn);
      return new BitString(bytes, width);
    };
    expect(call('bin2hexstr', bits((1n << 8n) | 2n, 13))).toBe('0102');
    expect(call('bin2hexstr', bits((16n << 8n) | 2n, 13))).toBe('1002');
    expect(call('bin2hexstr', bits((1n << 8n) | 2n, 12))).toBe('102');
    expect(call('bin2hexstr', bits((1n << 8n) | 2n, 9))).toBe('102');
    expect(call('bin2hexstr', bits(2n, 9))).toBe('002');
    expect(call('bin2hexstr', bits(2n, 2))).toBe('2');
    expect(call('bin2hexstr', bits((17n << 8n) | 33n, 17))).toBe('01121');
    expect(call('sqlserver_bin2hexstr', bits(2n, 2))).toBe('0x2');
  });

  test('any bytes survive bin2hexstr then hexstr2bin', () => {
    for (let n = 0; n < 50; n++) {
      const bytes = Buffer.from(Array.from({ length: n }, (_, i) => (i * 97 + n * 31) % 256));
      expect(Buffer.from(call('hexstr2bin', call('bin2hexstr', bytes)) as string | Buffer)).toEqual(bytes);
    }
  });
});
