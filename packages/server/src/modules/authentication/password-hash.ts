// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- js-md4 has no types; the reference makes the declaration reach every project that compiles this file (e2e, bench)
/// <reference path="./js-md4.d.ts" />
// EMQX's password_hash_algorithm: simple digests with a salt prefix/suffix/none, pbkdf2 and bcrypt.
// Digests and pbkdf2 produce lowercase hex as EMQX stores them; md4 comes from js-md4 because
// OpenSSL 3 dropped it from Node's default provider.
// Cost: simple digests take microseconds and run in place. pbkdf2, SCRAM keys and bcrypt take up to
// hundreds of milliseconds per password, so they run on libuv's thread pool (crypto.pbkdf2 and the
// native @node-rs/bcrypt): a CONNECT with such a user never holds the broker's event loop.
import { createHash, createHmac, pbkdf2 as pbkdf2Callback, randomBytes, timingSafeEqual } from 'node:crypto';
import { isInteger, isOneOf } from '../../shared/guards';
import { promisify } from 'node:util';
import jsMd4 from 'js-md4';
import { ApiError } from '../../errors';

const pbkdf2 = promisify(pbkdf2Callback);

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

/** the algorithms computed in place (cheap digests) */
export type SimpleHashAlgorithm = Extract<HashAlgorithm, { salt_position: unknown }>;

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
  const o: Partial<Record<string, unknown>> = raw;
  const name = o.name;
  if (isOneOf(SIMPLE_HASHES, name)) {
    const pos = o.salt_position ?? 'prefix';
    if (pos !== 'prefix' && pos !== 'suffix' && pos !== 'disable') throw bad('password_hash_algorithm.salt_position: expected prefix, suffix or disable');
    return { name, salt_position: pos };
  }
  if (name === 'pbkdf2') {
    const mac = o.mac_fun;
    if (!isOneOf(MAC_FUNCS, mac)) throw bad(`password_hash_algorithm.mac_fun: expected one of ${MAC_FUNCS.join(', ')}`);
    const iterations = o.iterations;
    const dkLength = o.dk_length;
    if (!isInteger(iterations) || iterations < 1) throw bad('password_hash_algorithm.iterations: expected an integer >= 1');
    if (dkLength !== undefined && (!isInteger(dkLength) || dkLength < 1)) {
      throw bad('password_hash_algorithm.dk_length: expected an integer >= 1');
    }
    return { name, mac_fun: mac, iterations, ...(dkLength !== undefined ? { dk_length: dkLength } : {}) };
  }
  if (name === 'bcrypt') {
    if (!forWrite) return { name };
    const rounds = o.salt_rounds ?? 10;
    if (!isInteger(rounds) || rounds < 5 || rounds > 10) throw bad('password_hash_algorithm.salt_rounds: expected an integer 5..10');
    return { name, salt_rounds: rounds };
  }
  throw bad(`password_hash_algorithm.name: unknown algorithm ${JSON.stringify(name)}`);
}

function digest(mac: MacFunc, data: Buffer): Buffer {
  if (mac === 'md4') return Buffer.from(jsMd4.arrayBuffer(data));
  return createHash(NODE_DIGEST[mac]).update(data).digest();
}

const macLength = (mac: MacFunc) => digest(mac, Buffer.alloc(0)).length;

/** A simple digest of the password with the salt as raw text (prefix, suffix or none), as EMQX does. */
export function computeHash(alg: SimpleHashAlgorithm, password: string, salt: string): string {
  const pw = Buffer.from(password);
  const s = Buffer.from(salt);
  const input = alg.salt_position === 'prefix' ? Buffer.concat([s, pw]) : alg.salt_position === 'suffix' ? Buffer.concat([pw, s]) : pw;
  if (alg.name === 'plain') return input.toString();
  return digest(alg.name, input).toString('hex');
}

/** The stored hash for a password and salt under any algorithm; the costly ones run off the event loop. */
export async function hashWithSalt(alg: HashAlgorithm, password: string, salt: string): Promise<string> {
  switch (alg.name) {
    case 'bcrypt':
      // the salt is bcrypt's own 29-character string ($2b$10$…), which carries the cost
      return (await bcrypt()).hash(password, { salt });
    case 'scram': {
      const keys = await scramKeys(alg.algorithm, password, Buffer.from(salt), alg.iteration_count);
      return `${keys.storedKey.toString('hex')}:${keys.serverKey.toString('hex')}`;
    }
    case 'pbkdf2': {
      const length = alg.dk_length ?? macLength(alg.mac_fun);
      const out =
        alg.mac_fun === 'md4'
          ? await pbkdf2Md4(Buffer.from(password), Buffer.from(salt), alg.iterations, length)
          : await pbkdf2(Buffer.from(password), Buffer.from(salt), alg.iterations, length, NODE_DIGEST[alg.mac_fun]);
      return out.toString('hex');
    }
    default:
      return computeHash(alg, password, salt);
  }
}

/** A new salt for writing a user: bcrypt's own salt string, 16 hex chars otherwise, '' when unused. */
async function newSalt(alg: HashAlgorithm): Promise<string> {
  if (alg.name === 'bcrypt') return (await bcrypt()).genSalt({ cost: alg.salt_rounds ?? 10 });
  if (alg.name !== 'pbkdf2' && alg.name !== 'scram' && alg.salt_position === 'disable') return '';
  return randomBytes(8).toString('hex');
}

export async function hashPassword(alg: HashAlgorithm, password: string): Promise<{ hash: string; salt: string }> {
  const salt = await newSalt(alg);
  return { hash: await hashWithSalt(alg, password, salt), salt };
}

/**
 * Whether the password matches a stored hash. bcrypt reads salt and cost from the hash itself (the
 * salt column is not needed, as in EMQX). Others compare in constant time; hex digests compare
 * case-insensitively (external tables often store uppercase). Any failure is a mismatch.
 */
export async function checkPassword(alg: HashAlgorithm, password: string, hash: string, salt: string): Promise<boolean> {
  if (alg.name === 'bcrypt') {
    try {
      return await (await bcrypt()).verify(password, hash);
    } catch {
      return false;
    }
  }
  let expected: string;
  try {
    expected = await hashWithSalt(alg, password, salt);
  } catch {
    return false;
  }
  const a = Buffer.from(alg.name === 'plain' ? expected : expected.toLowerCase());
  const b = Buffer.from(alg.name === 'plain' ? hash : hash.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 5802: SaltedPassword, then ClientKey/StoredKey and ServerKey */
export async function scramKeys(algorithm: 'sha256' | 'sha512', password: string, salt: Buffer, iterations: number) {
  const salted = await pbkdf2(Buffer.from(password), salt, iterations, algorithm === 'sha256' ? 32 : 64, algorithm);
  const clientKey = createHmac(algorithm, salted).update('Client Key').digest();
  return { clientKey, storedKey: createHash(algorithm).update(clientKey).digest(), serverKey: createHmac(algorithm, salted).update('Server Key').digest() };
}

/**
 * The native bcrypt (prebuilt N-API binary, work queued on libuv's thread pool), loaded on first use:
 * on a platform without a published binary every other algorithm keeps working and bcrypt fails
 * with this reason (a CONNECT is refused, a user write answers the error).
 */
let bcryptModule: Promise<typeof import('@node-rs/bcrypt')> | undefined;
function bcrypt(): Promise<typeof import('@node-rs/bcrypt')> {
  bcryptModule ??= import('@node-rs/bcrypt').catch((e: unknown) => {
    bcryptModule = undefined;
    throw new Error(`bcrypt is unavailable on ${process.platform}-${process.arch}: ${e instanceof Error ? e.message : String(e)}`);
  });
  return bcryptModule;
}

/**
 * PBKDF2-HMAC-MD4 (RFC 8018) in JavaScript: OpenSSL 3 has no md4, so crypto.pbkdf2 refuses it.
 * MD4 is fast, but a high iteration count still adds up, so the loop yields to the event loop
 * every 1,000 iterations.
 */
export async function pbkdf2Md4(password: Buffer, salt: Buffer, iterations: number, length: number): Promise<Buffer> {
  const md4 = (data: Buffer) => Buffer.from(jsMd4.arrayBuffer(data));
  const BLOCK = 64;
  const key = password.length > BLOCK ? md4(password) : password;
  const pad = (byte: number) => Buffer.from(Buffer.concat([key, Buffer.alloc(BLOCK - key.length)]).map((b) => b ^ byte));
  const ipad = pad(0x36);
  const opad = pad(0x5c);
  const hmac = (data: Buffer) => md4(Buffer.concat([opad, md4(Buffer.concat([ipad, data]))]));
  const blocks: Buffer[] = [];
  for (let i = 1; blocks.length * 16 < length; i++) {
    const index = Buffer.alloc(4);
    index.writeUInt32BE(i);
    let u = hmac(Buffer.concat([salt, index]));
    const t = Buffer.from(u);
    for (let n = 1; n < iterations; n++) {
      if (n % 1000 === 0) await new Promise((r) => setImmediate(r));
      u = hmac(u);
      for (let j = 0; j < t.length; j++) t[j] ^= u[j];
    }
    blocks.push(t);
  }
  return Buffer.concat(blocks).subarray(0, length);
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
