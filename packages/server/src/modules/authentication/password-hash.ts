// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- js-md4 has no types; the reference makes the declaration reach every project that compiles this file (e2e, bench)
/// <reference path="./js-md4.d.ts" />
// EMQX's password_hash_algorithm: simple digests with a salt prefix/suffix/none, pbkdf2 and bcrypt.
// Digests and pbkdf2 produce lowercase hex as EMQX stores them; md4 comes from js-md4 because
// OpenSSL 3 dropped it from Node's default provider.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import jsMd4 from 'js-md4';
import { ApiError } from '../../errors';

export const SIMPLE_HASHES = ['plain', 'md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512', 'md4', 'ripemd160'] as const;
export const MAC_FUNCS = ['md4', 'md5', 'ripemd160', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const;
export type SimpleHash = (typeof SIMPLE_HASHES)[number];
export type MacFunc = (typeof MAC_FUNCS)[number];

export type HashAlgorithm =
  | { name: SimpleHash; salt_position: 'prefix' | 'suffix' | 'disable' }
  | { name: 'pbkdf2'; mac_fun: MacFunc; iterations: number; dk_length?: number }
  | { name: 'bcrypt'; salt_rounds?: number }
  /** scram:built_in_database users: the "hash" is `<StoredKey hex>:<ServerKey hex>` (RFC 5802), never user-selectable */
  | { name: 'scram'; algorithm: 'sha256' | 'sha512'; iteration_count: number };

export const DEFAULT_HASH: HashAlgorithm = { name: 'sha256', salt_position: 'prefix' };

const NODE_DIGEST: Record<Exclude<MacFunc, 'md4'>, string> = {
  md5: 'md5',
  ripemd160: 'ripemd160',
  sha: 'sha1',
  sha224: 'sha224',
  sha256: 'sha256',
  sha384: 'sha384',
  sha512: 'sha512',
};

/** Validates and fills the defaults of a password_hash_algorithm object; 400 on anything wrong. */
export function parseHashAlgorithm(raw: unknown, forWrite: boolean): HashAlgorithm {
  if (raw === undefined) return { ...DEFAULT_HASH };
  if (typeof raw !== 'object' || raw === null) throw bad('password_hash_algorithm: expected an object');
  const o = raw as Record<string, unknown>;
  const name = o.name;
  if ((SIMPLE_HASHES as readonly unknown[]).includes(name)) {
    const pos = o.salt_position ?? 'prefix';
    if (pos !== 'prefix' && pos !== 'suffix' && pos !== 'disable') throw bad('password_hash_algorithm.salt_position: expected prefix, suffix or disable');
    return { name: name as SimpleHash, salt_position: pos };
  }
  if (name === 'pbkdf2') {
    const mac = o.mac_fun;
    if (!(MAC_FUNCS as readonly unknown[]).includes(mac)) throw bad(`password_hash_algorithm.mac_fun: expected one of ${MAC_FUNCS.join(', ')}`);
    if (!Number.isInteger(o.iterations) || (o.iterations as number) < 1) throw bad('password_hash_algorithm.iterations: expected an integer >= 1');
    if (o.dk_length !== undefined && (!Number.isInteger(o.dk_length) || (o.dk_length as number) < 1)) {
      throw bad('password_hash_algorithm.dk_length: expected an integer >= 1');
    }
    return { name, mac_fun: mac as MacFunc, iterations: o.iterations as number, ...(o.dk_length !== undefined ? { dk_length: o.dk_length as number } : {}) };
  }
  if (name === 'bcrypt') {
    if (!forWrite) return { name };
    const rounds = o.salt_rounds ?? 10;
    if (!Number.isInteger(rounds) || (rounds as number) < 5 || (rounds as number) > 10) throw bad('password_hash_algorithm.salt_rounds: expected an integer 5..10');
    return { name, salt_rounds: rounds as number };
  }
  throw bad(`password_hash_algorithm.name: unknown algorithm ${JSON.stringify(name)}`);
}

function digest(mac: MacFunc, data: Buffer): Buffer {
  if (mac === 'md4') return Buffer.from(jsMd4.arrayBuffer(data));
  return createHash(NODE_DIGEST[mac]).update(data).digest();
}

const macLength = (mac: MacFunc) => digest(mac, Buffer.alloc(0)).length;

/** The stored hash for a password and salt (the salt is used as raw text, as EMQX does). */
export function computeHash(alg: HashAlgorithm, password: string, salt: string): string {
  const pw = Buffer.from(password);
  const s = Buffer.from(salt);
  switch (alg.name) {
    case 'bcrypt':
      return bcrypt.hashSync(password, salt);
    case 'scram': {
      const keys = scramKeys(alg.algorithm, password, s, alg.iteration_count);
      return `${keys.storedKey.toString('hex')}:${keys.serverKey.toString('hex')}`;
    }
    case 'pbkdf2': {
      const out = pbkdf2Sync(pw, s, alg.iterations, alg.dk_length ?? macLength(alg.mac_fun), alg.mac_fun === 'sha' ? 'sha1' : alg.mac_fun);
      return out.toString('hex');
    }
    default: {
      const input = alg.salt_position === 'prefix' ? Buffer.concat([s, pw]) : alg.salt_position === 'suffix' ? Buffer.concat([pw, s]) : pw;
      if (alg.name === 'plain') return input.toString();
      return digest(alg.name === 'sha' ? 'sha' : alg.name, input).toString('hex');
    }
  }
}

/** A new salt for writing a user: bcrypt's own salt string, 16 hex chars otherwise, '' when unused. */
export function newSalt(alg: HashAlgorithm): string {
  if (alg.name === 'bcrypt') return bcrypt.genSaltSync(alg.salt_rounds ?? 10);
  if (alg.name !== 'pbkdf2' && alg.name !== 'scram' && alg.salt_position === 'disable') return '';
  return randomBytes(8).toString('hex');
}

export function hashPassword(alg: HashAlgorithm, password: string): { hash: string; salt: string } {
  const salt = newSalt(alg);
  return { hash: computeHash(alg, password, salt), salt };
}

/** Compares in constant time; hex digests compare case-insensitively (external tables often store uppercase). */
export function checkPassword(alg: HashAlgorithm, password: string, hash: string, salt: string): boolean {
  if (alg.name === 'bcrypt') {
    try {
      return bcrypt.compareSync(password, hash);
    } catch {
      return false;
    }
  }
  let expected: string;
  try {
    expected = computeHash(alg, password, salt);
  } catch {
    return false;
  }
  const a = Buffer.from(alg.name === 'plain' ? expected : expected.toLowerCase());
  const b = Buffer.from(alg.name === 'plain' ? hash : hash.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 5802: SaltedPassword, then ClientKey/StoredKey and ServerKey */
export function scramKeys(algorithm: 'sha256' | 'sha512', password: string, salt: Buffer, iterations: number) {
  const salted = pbkdf2Sync(Buffer.from(password), salt, iterations, algorithm === 'sha256' ? 32 : 64, algorithm);
  const clientKey = createHmac(algorithm, salted).update('Client Key').digest();
  return { clientKey, storedKey: createHash(algorithm).update(clientKey).digest(), serverKey: createHmac(algorithm, salted).update('Server Key').digest() };
}

/**
 * The same check without holding the event loop: bcrypt (pure JS here) costs tens of milliseconds per
 * CONNECT, so it runs in bcryptjs' chunked async form and other clients keep being served meanwhile.
 */
export async function checkPasswordAsync(alg: HashAlgorithm, password: string, hash: string, salt: string): Promise<boolean> {
  if (alg.name !== 'bcrypt') return checkPassword(alg, password, hash, salt);
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
