// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- js-md4 has no types; the declaration sits beside its first user
/// <reference path="../../authentication/js-md4.d.ts" />
// EMQX's hash functions (emqx_rule_funcs md5/sha/sha256, hash/2 through emqx_variform_bif:hash):
// every result is the digest in lower-case hex. md5/sha/sha256 take a binary only; hash/2 takes the
// algorithm's name and any iodata (a binary, or a list of bytes and binaries), as crypto:hash does.
import { createHash } from 'node:crypto';
import jsMd4 from 'js-md4';
import { isBinary, toBytes } from './binary-args';
import type { FunctionGroup } from './types';
import { defineGroup, fail } from './values';

/** EMQX's algorithm names (crypto's atoms) → Node's digest names; md4 is computed by js-md4 (OpenSSL 3 dropped it). */
const DIGESTS: Readonly<Record<string, string>> = {
  md4: 'md4',
  md5: 'md5',
  sha: 'sha1',
  sha1: 'sha1',
  sha224: 'sha224',
  sha256: 'sha256',
  sha384: 'sha384',
  sha512: 'sha512',
  sha512_224: 'sha512-224',
  sha512_256: 'sha512-256',
  sha3_224: 'sha3-224',
  sha3_256: 'sha3-256',
  sha3_384: 'sha3-384',
  sha3_512: 'sha3-512',
  shake128: 'shake128',
  shake256: 'shake256',
  blake2b: 'blake2b512',
  blake2s: 'blake2s256',
  ripemd160: 'ripemd160',
  sm3: 'sm3',
};

export const HASH_ALGORITHMS: readonly string[] = Object.keys(DIGESTS);

/** Digest `data` with one of HASH_ALGORITHMS; lower-case hex. */
export function hexDigest(algorithm: string, data: Buffer): string {
  const digest = DIGESTS[algorithm];
  if (digest === undefined) return fail(`unknown hash algorithm ${JSON.stringify(algorithm)}`);
  if (digest === 'md4') return Buffer.from(jsMd4.arrayBuffer(data)).toString('hex');
  return createHash(digest).update(data).digest('hex');
}

/** Erlang iodata: a binary, or a (nested) list of bytes 0..255 and binaries. */
function ioData(value: unknown): Buffer {
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) {
    const parts: Buffer[] = [];
    const walk = (list: unknown[]): void => {
      for (const item of list) {
        if (typeof item === 'number' && Number.isInteger(item) && item >= 0 && item <= 255) parts.push(Buffer.of(item));
        else if (isBinary(item)) parts.push(typeof item === 'string' ? Buffer.from(item, 'utf8') : item);
        else if (Array.isArray(item)) walk(item);
        else fail('the data must be a binary or a list of bytes and binaries');
      }
    };
    walk(value);
    return Buffer.concat(parts);
  }
  return fail('the data must be a binary');
}

/** md5/sha/sha256: a binary only (the Erlang guard is_binary). */
function fixed(algorithm: string) {
  return ([data]: unknown[]): string => {
    if (!isBinary(data)) return fail('the argument must be a binary string');
    return hexDigest(algorithm, toBytes(data));
  };
}

export const hashFunctions: FunctionGroup = defineGroup({
  md5: [1, fixed('md5')],
  sha: [1, fixed('sha')],
  sha256: [1, fixed('sha256')],
  hash: [
    2,
    ([algorithm, data]) => {
      if (!isBinary(algorithm)) return fail("the algorithm must be a string such as 'sha256'");
      return hexDigest(algorithm.toString(), ioData(data));
    },
  ],
});
