import { randomBytes } from 'node:crypto';
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressionFunctions } from './compression';
import { NodeKvStore } from './kv-store';
import { RuleFunctionError, type FuncContext } from './types';

const ctx: FuncContext = { columns: {}, node: 'emqx@127.0.0.1', kv: new NodeKvStore(), jqTimeoutMs: 10_000 };
const call = (name: string, ...args: unknown[]) => compressionFunctions.sync[name](args, ctx);
const bytes = (v: unknown): Buffer => (typeof v === 'string' ? Buffer.from(v, 'utf8') : (v as Buffer));

describe('compression functions', () => {
  it('each pair gives back any binary it compressed (the SUITE properties)', () => {
    for (const [pack, unpack] of [
      ['gzip', 'gunzip'],
      ['zip', 'unzip'],
      ['zip_compress', 'zip_uncompress'],
    ] as const) {
      for (let i = 0; i < 30; i++) {
        const data = randomBytes(i * 13);
        expect(bytes(call(unpack, call(pack, data))).equals(data), `${pack}/${unpack} of ${data.length} bytes`).toBe(true);
      }
      expect(call(unpack, call(pack, 'hello, 世界'))).toBe('hello, 世界');
    }
  });

  it('use the formats of Erlang zlib: gzip, raw deflate (zip) and zlib (compress)', () => {
    const text = 'the same text '.repeat(20);
    const gz = bytes(call('gzip', text));
    expect(gz.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);
    expect(gunzipSync(gz).toString()).toBe(text);
    expect(inflateRawSync(bytes(call('zip', text))).toString()).toBe(text);
    const z = bytes(call('zip_compress', text));
    expect(z[0]).toBe(0x78);
    expect(inflateSync(z).toString()).toBe(text);
  });

  it('fail on data that does not decompress and on non-binaries', () => {
    expect(() => call('gunzip', 'not gzip')).toThrow(/^Bad argument to gunzip\("not gzip"\): the data is not valid compressed data/);
    expect(() => call('zip_uncompress', Buffer.from([1, 2, 3]))).toThrow(RuleFunctionError);
    expect(() => call('unzip', Buffer.from([0xff, 0xff]))).toThrow(RuleFunctionError);
    expect(() => call('gzip', 42)).toThrow('Bad argument to gzip(42): the argument must be a binary.');
    expect(() => call('zip', 'a', 'b')).toThrow('The SQL function zip/2 is not supported.');
  });
});
