import { describe, expect, test } from 'vitest';
import { bitsFunctions } from './bits';
import { conversionFunctions } from './conversion';
import { caller } from './funcs.testing';
import { RuleFunctionError } from './types';
import { BitString } from './values';

const call = caller(bitsFunctions);
const conv = caller(conversionFunctions);
const byte = (n: number) => Buffer.from([n]);
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

describe('bit operations', () => {
  test('and, or, xor, not and shifts agree with integer arithmetic, negative numbers included', () => {
    const samples = [0, 1, -1, 5, -6, 255, 1 << 20, -(2 ** 40), 2 ** 52 - 1];
    for (const x of samples) {
      expect(call('bitnot', x)).toBe(Number(~BigInt(x)));
      for (const y of samples) {
        expect(call('bitand', x, y)).toBe(Number(BigInt(x) & BigInt(y)));
        expect(call('bitor', x, y)).toBe(Number(BigInt(x) | BigInt(y)));
        expect(call('bitxor', x, y)).toBe(Number(BigInt(x) ^ BigInt(y)));
      }
    }
    expect(call('bitsl', 1, 10)).toBe(1024);
    expect(call('bitsl', 1, 62)).toBe(2 ** 62);
    expect(call('bitsl', 8, -2)).toBe(2);
    expect(call('bitsr', 1024, 3)).toBe(128);
    expect(call('bitsr', -1, 5)).toBe(-1);
    expect(call('bitsr', 4, -1)).toBe(8);
  });

  test('non-integers are errors', () => {
    expect(() => call('bitand', 1.5, 1)).toThrow(RuleFunctionError);
    expect(() => call('bitnot', '1')).toThrow(RuleFunctionError);
    expect(() => call('bitsl', 1, 1e9)).toThrow(RuleFunctionError);
  });
});

describe('bit sequences', () => {
  test('bitsize and bytesize', () => {
    expect(call('bitsize', 'a')).toBe(8);
    expect(call('bitsize', new BitString(Buffer.from([0xf0]), 4))).toBe(4);
    expect(call('bitsize', '你')).toBe(24);
    expect(call('bytesize', 'a')).toBe(1);
    expect(call('bytesize', '')).toBe(0);
    expect(call('bytesize', ['ab', 99])).toBe(3);
    expect(() => call('bitsize', 12)).toThrow(RuleFunctionError);
  });

  test('subbits(data, len) reads the first len bits as an unsigned integer', () => {
    for (let n = 1; n <= 8; n++) expect(call('subbits', byte(255), n)).toBe(2 ** n - 1);
  });

  test('subbits(data, start, len) starts at bit `start` and stops at the end of the data', () => {
    for (let n = 1; n <= 8; n++) expect(call('subbits', byte(255), 1, n)).toBe(2 ** n - 1);
    for (let n = 1; n <= 7; n++) expect(call('subbits', byte(255), 2, n)).toBe(2 ** n - 1);
    expect(call('subbits', byte(255), 2, 8)).toBe(127);
    expect(call('subbits', byte(255), 9, 1)).toBeUndefined();
    expect(call('subbits', byte(255), 0, 1)).toBeUndefined();
    expect(call('subbits', byte(0b10110000), 3, 2)).toBe(0b11);
  });

  test('signed and unsigned integers, big and little endian', () => {
    expect(call('subbits', be32(456), 1, 32, 'integer', 'signed', 'big')).toBe(456);
    expect(call('subbits', be32(-456), 1, 32, 'integer', 'signed', 'big')).toBe(-456);
    expect(call('subbits', be32(-456), 1, 32, 'integer', 'unsigned', 'big')).toBe(2 ** 32 - 456);
    expect(call('subbits', be32(456), 1, 32, 'integer', 'unsigned')).toBe(456);
    expect(call('subbits', Buffer.from([0x01, 0x02]), 1, 16, 'integer', 'unsigned', 'little')).toBe(0x0201);
    // 12 bits little endian: the first 8 bits are the low byte, the next 4 the high nibble
    expect(call('subbits', Buffer.from([0x23, 0x10]), 1, 12, 'integer', 'unsigned', 'little')).toBe(0x123);
    expect(call('subbits', Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe]), 1, 64, 'integer', 'signed', 'big')).toBe(-2);
  });

  test('floats of 64, 32 and 16 bits', () => {
    const d = Buffer.alloc(8);
    d.writeDoubleBE(5.3);
    expect(call('subbits', d, 1, 64, 'float', 'unsigned', 'big')).toBe(5.3);
    expect(call('subbits', d, 1, 64, 'float')).toBe(5.3);
    d.writeDoubleBE(-5.3);
    expect(call('subbits', d, 1, 64, 'float', 'signed', 'big')).toBe(-5.3);
    const f = Buffer.alloc(4);
    f.writeFloatLE(1.5);
    expect(call('subbits', f, 1, 32, 'float', 'unsigned', 'little')).toBe(1.5);
    expect(call('subbits', Buffer.from([0x3c, 0x00]), 1, 16, 'float')).toBe(1);
    expect(() => call('subbits', Buffer.from([0xff, 0xf0, 0, 0, 0, 0, 0, 0]), 1, 64, 'float')).toThrow(RuleFunctionError);
    expect(() => call('subbits', d, 1, 24, 'float')).not.toThrow();
    expect(() => call('subbits', Buffer.from([1, 2, 3]), 1, 24, 'float')).toThrow(RuleFunctionError);
  });

  test('bits come back as a bitstring that bin2hexstr pads (9F4E58, first 6 bits → 27)', () => {
    const input = conv('hexstr2bin', '9F4E58');
    const six = call('subbits', input, 1, 6, 'bits', 'unsigned', 'big');
    expect(six).toBeInstanceOf(BitString);
    expect(conv('bin2hexstr', six)).toBe('27');
    expect(call('subbits', 'abc', 9, 16, 'bits')).toBe('bc');
  });

  test('unknown type, signedness or endianness is an error', () => {
    expect(() => call('subbits', 'a', 1, 8, 'int')).toThrow(RuleFunctionError);
    expect(() => call('subbits', 'a', 1, 8, 'integer', 'neg')).toThrow(RuleFunctionError);
    expect(() => call('subbits', 'a', 1, 8, 'integer', 'signed', 'middle')).toThrow(RuleFunctionError);
    expect(() => call('subbits', 3, 1, 8)).toThrow(RuleFunctionError);
  });
});
