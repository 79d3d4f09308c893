import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashFunctions } from './hash';
import { NodeKvStore } from './kv-store';
import { RuleFunctionError, type FuncContext } from './types';

const ctx: FuncContext = { columns: {}, node: 'emqx@127.0.0.1', kv: new NodeKvStore(), jqTimeoutMs: 10_000 };
const call = (name: string, ...args: unknown[]) => hashFunctions.sync[name](args, ctx);

describe('hash functions', () => {
  it('give lower-case hex digests of the standard test vectors', () => {
    expect(call('md5', '')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(call('sha', 'abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(call('sha256', 'abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(call('hash', 'md4', 'abc')).toBe('a448017aaf21d8525fc10ae87aa6729d');
    expect(call('hash', 'sha512', 'abc')).toMatch(/^ddaf35a193617aba/);
    expect(call('hash', 'sha3_256', 'abc')).toBe('3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532');
    expect(call('hash', 'blake2b', 'abc')).toHaveLength(128);
    expect(call('hash', 'shake128', 'abc')).toBe('5881092dd818bf5cf8a3ddb793fbcba7');
  });

  it('md5, sha and sha256 of any binary have 32, 40 and 64 hex digits (the SUITE property)', () => {
    for (let i = 0; i < 50; i++) {
      const data = randomBytes(i * 7);
      expect(call('md5', data)).toMatch(/^[0-9a-f]{32}$/);
      expect(call('sha', data)).toMatch(/^[0-9a-f]{40}$/);
      expect(call('sha256', data)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('hashes a string as its UTF-8 bytes, and sha1 is sha', () => {
    expect(call('md5', 'é')).toBe(call('md5', Buffer.from('é', 'utf8')));
    expect(call('hash', 'sha1', 'abc')).toBe(call('sha', 'abc'));
    expect(call('hash', 'sha256', 'abc')).toBe(call('sha256', 'abc'));
  });

  it('hash/2 takes iodata: a list of bytes and binaries', () => {
    expect(call('hash', 'md5', [97, 'b', [Buffer.from('c')]])).toBe(call('md5', 'abc'));
    expect(() => call('hash', 'md5', [300])).toThrow(RuleFunctionError);
  });

  it('refuses what EMQX refuses: non-binaries, unknown algorithms, other arities', () => {
    expect(() => call('md5', 123)).toThrow('Bad argument to md5(123): the argument must be a binary string.');
    expect(() => call('sha256', ['abc'])).toThrow(RuleFunctionError);
    expect(() => call('hash', 'nope', 'abc')).toThrow('Bad argument to hash("nope", "abc"): unknown hash algorithm "nope".');
    expect(() => call('hash', 'md5', 42)).toThrow(RuleFunctionError);
    expect(() => call('md5')).toThrow('The SQL function md5/0 is not supported.');
  });
});
