import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codecFunctions } from './codec';
import { NodeKvStore } from './kv-store';
import { RuleFunctionError, type FuncContext } from './types';
import { BitString } from './values';

const ctx: FuncContext = { columns: {}, node: 'emqx@127.0.0.1', kv: new NodeKvStore(), jqTimeoutMs: 10_000 };
const call = (name: string, ...args: unknown[]) => codecFunctions.sync[name](args, ctx);
const bytes = (v: unknown): Buffer => (typeof v === 'string' ? Buffer.from(v, 'utf8') : (v as Buffer));

describe('base64_encode / base64_decode', () => {
  it('decoding what was encoded gives back any bytes (the SUITE property)', () => {
    for (let i = 0; i < 60; i++) {
      const data = randomBytes(i);
      const encoded = call('base64_encode', data);
      expect(encoded).toBe(data.toString('base64'));
      expect(bytes(call('base64_decode', encoded)).equals(data)).toBe(true);
    }
  });

  it('encodes strings as UTF-8 and gives text back as a string', () => {
    expect(call('base64_encode', 'hello 世界')).toBe('aGVsbG8g5LiW55WM');
    expect(call('base64_decode', 'aGVsbG8g5LiW55WM')).toBe('hello 世界');
    expect(call('base64_decode', 'aGVs\nbG8=')).toBe('hello');
    expect(Buffer.isBuffer(call('base64_decode', '/w=='))).toBe(true);
  });

  it('refuses text that is not base64 and arguments that are not binaries', () => {
    expect(() => call('base64_decode', 'a*b=')).toThrow(/not valid base64/);
    expect(() => call('base64_decode', 'abc')).toThrow(RuleFunctionError);
    expect(() => call('base64_encode', 12)).toThrow('Bad argument to base64_encode(12): the argument must be a binary.');
    expect(() => call('base64_decode', { a: 1 })).toThrow(RuleFunctionError);
  });
});

describe('json_encode / json_decode', () => {
  it("writes compact JSON with keys in jiffy's order (the reverse of Erlang's map order) and undefined as a string", () => {
    expect(call('json_encode', { b: 1, a: [1, 'x', null, true, 1.5], c: undefined })).toBe('{"c":"undefined","b":1,"a":[1,"x",null,true,1.5]}');
    // EMQX's join_to_string test: #{<<"key">> => 1, <<"value">> => 2} is written {"value":2,"key":1}
    expect(call('json_encode', { key: 1, value: 2 })).toBe('{"value":2,"key":1}');
    expect(call('json_encode', 'a/b 中')).toBe('"a/b 中"');
    expect(call('json_encode', [])).toBe('[]');
    expect(call('json_encode', {})).toBe('{}');
    expect(call('json_encode', 12345678901234567890n)).toBe('12345678901234567890');
    expect(call('json_encode', Buffer.from([0x61, 0xff]))).toBe('"a\uFFFD"');
  });

  it('reads any JSON value; objects become maps and null stays null', () => {
    expect(call('json_decode', '{"a": {"b": [1, 2.5, null]}, "c": "d"}')).toEqual({ a: { b: [1, 2.5, null] }, c: 'd' });
    expect(call('json_decode', '5')).toBe(5);
    expect(call('json_decode', Buffer.from('"x"'))).toBe('x');
    const map = { k: [1, { z: 'y' }] };
    expect(call('json_decode', call('json_encode', map))).toEqual(map);
  });

  it('fails on text that is not JSON and on non-binaries', () => {
    expect(() => call('json_decode', '{"a":')).toThrow(/^Bad argument to json_decode\("\{\\"a\\":"\): the argument is not valid JSON/);
    expect(() => call('json_decode', '')).toThrow(RuleFunctionError);
    expect(() => call('json_decode', 42)).toThrow(RuleFunctionError);
    expect(() => call('json_encode', Number.NaN)).toThrow(RuleFunctionError);
    expect(() => call('json_encode', { bits: new BitString(Buffer.from([0xa0]), 3) })).toThrow(/bitstring/);
  });
});
