import { createHash, pbkdf2Sync } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { checkPassword, computeHash, hashPassword, hashWithSalt, parseHashAlgorithm, pbkdf2Md4, type HashAlgorithm, type SimpleHashAlgorithm } from './password-hash';

const simple = (name: string, salt_position = 'disable') => parseHashAlgorithm({ name, salt_position }, true) as SimpleHashAlgorithm;

describe('simple digests (known vectors, lowercase hex)', () => {
  test.each([
    ['md4', 'abc', 'a448017aaf21d8525fc10ae87aa6729d'],
    ['md5', 'password', '5f4dcc3b5aa765d61d8327deb882cf99'],
    ['ripemd160', 'abc', '8eb208f7e05d987a9b044a8e98c6b087f15a0bfc'],
    ['sha', 'password', '5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8'],
    ['sha224', 'abc', '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'],
    ['sha256', 'password', '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'],
    ['sha384', 'abc', 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7'],
    ['sha512', 'abc', 'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f'],
    ['plain', 'secret', 'secret'],
  ])('%s', async (name, password, expected) => {
    expect(computeHash(simple(name), password, 'ignored')).toBe(expected);
    expect(await checkPassword(simple(name), password, expected, '')).toBe(true);
    expect(await checkPassword(simple(name), `${password}x`, expected, '')).toBe(false);
  });

  test('salt prefix and suffix concatenate the raw salt text; uppercase stored hex still matches', async () => {
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    expect(computeHash(simple('sha256', 'prefix'), 'pw', 'NaCl')).toBe(sha('NaClpw'));
    expect(computeHash(simple('sha256', 'suffix'), 'pw', 'NaCl')).toBe(sha('pwNaCl'));
    expect(computeHash(simple('plain', 'suffix'), 'pw', 'NaCl')).toBe('pwNaCl');
    expect(await checkPassword(simple('sha256', 'prefix'), 'pw', sha('NaClpw').toUpperCase(), 'NaCl')).toBe(true);
  });
});

describe('pbkdf2 (RFC 6070 vectors)', () => {
  test('sha with 1 and 2 iterations, dk_length 20; dk_length defaults to the mac size', async () => {
    const one: HashAlgorithm = parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'sha', iterations: 1, dk_length: 20 }, false);
    expect(await hashWithSalt(one, 'password', 'salt')).toBe('0c60c80f961f0e71f3a9b524af6012062fe037a6');
    const two = parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'sha', iterations: 2 }, false);
    expect(await hashWithSalt(two, 'password', 'salt')).toBe('ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957');
    expect(await checkPassword(two, 'password', 'ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957', 'salt')).toBe(true);
    expect(await checkPassword(two, 'passwort', 'ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957', 'salt')).toBe(false);
    expect(await hashWithSalt(parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'sha512', iterations: 3 }, false), 'p', 's')).toHaveLength(128);
  });

  test('md4 (absent from OpenSSL 3): vectors from the OpenSSL legacy provider, a long password and a multi-block key', async () => {
    expect((await pbkdf2Md4(Buffer.from('password'), Buffer.from('salt'), 2, 20)).toString('hex')).toBe('772c04936c276847314479e43a575a386a672cbe');
    const long = Buffer.from('x'.repeat(70));
    expect((await pbkdf2Md4(long, Buffer.from('salt'), 1001, 40)).toString('hex')).toBe('d997acd75e131712078207ccb939d43bbf698b34402e83ee1b592ad60f7899c232e02f23499cc98e');
    const alg = parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'md4', iterations: 2500 }, false);
    expect(await hashWithSalt(alg, 'pw', 'NaCl')).toBe('7e8d35d18e0dc6f4eba9f76600e29f93');
    expect(await checkPassword(alg, 'pw', '7E8D35D18E0DC6F4EBA9F76600E29F93', 'NaCl')).toBe(true);
    expect(await checkPassword(alg, 'px', '7e8d35d18e0dc6f4eba9f76600e29f93', 'NaCl')).toBe(false);
  });

  test('the other mac functions agree with crypto.pbkdf2Sync', async () => {
    for (const mac_fun of ['md5', 'ripemd160', 'sha224', 'sha256', 'sha384'] as const) {
      const alg = parseHashAlgorithm({ name: 'pbkdf2', mac_fun, iterations: 10 }, false);
      const expected = pbkdf2Sync('pw', 'NaCl', 10, createHash(mac_fun).digest().length, mac_fun).toString('hex');
      expect(await hashWithSalt(alg, 'pw', 'NaCl')).toBe(expected);
    }
  });
});

describe('bcrypt (native, EMQX-compatible)', () => {
  test('hash with salt_rounds: salt is the $2b$ salt string, the hash starts with it; verify; refuse a wrong password and a broken hash', async () => {
    const alg = parseHashAlgorithm({ name: 'bcrypt', salt_rounds: 5 }, true);
    const { hash, salt } = await hashPassword(alg, 'pw');
    expect(salt).toMatch(/^\$2b\$05\$[./A-Za-z0-9]{22}$/);
    expect(hash.startsWith(salt)).toBe(true);
    expect(await checkPassword(alg, 'pw', hash, salt)).toBe(true);
    expect(await checkPassword(alg, 'nope', hash, salt)).toBe(false);
    expect(await checkPassword(alg, 'pw', 'not-a-bcrypt-hash', '')).toBe(false);
  });

  test('known vectors: $2a$ and $2b$ hashes from other implementations verify, with or without the salt column', async () => {
    // a published OpenBSD bcrypt test vector
    const a = '$2a$06$m0CrhHm10qJ3lXRY.5zDGO3rS2KdeeWLuGmsfGlMfOxih58VYVfxe';
    expect(await checkPassword({ name: 'bcrypt' }, 'a', a, '')).toBe(true);
    expect(await checkPassword({ name: 'bcrypt' }, 'a', a, '$2a$06$m0CrhHm10qJ3lXRY.5zDGO')).toBe(true);
    expect(await checkPassword({ name: 'bcrypt' }, 'b', a, '')).toBe(false);
    const b = a.replace('$2a$', '$2b$');
    expect(await checkPassword({ name: 'bcrypt' }, 'a', b, '')).toBe(true);
    expect(await hashWithSalt({ name: 'bcrypt' }, 'a', '$2a$06$m0CrhHm10qJ3lXRY.5zDGO')).toBe(a);
  });

  test('checks run off the event loop: a timer keeps firing while cost-10 checks are under way', async () => {
    const alg = parseHashAlgorithm({ name: 'bcrypt', salt_rounds: 10 }, true);
    const { hash, salt } = await hashPassword(alg, 'pw');
    let ticks = 0;
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 5);
    const results = await Promise.all(Array.from({ length: 8 }, () => checkPassword(alg, 'pw', hash, salt)));
    clearInterval(timer);
    expect(results).toEqual(Array(8).fill(true));
    expect(ticks).toBeGreaterThan(3);
    // eight cost-10 checks take far over 100 ms of CPU; the loop was never held for a fraction of that
    expect(longest).toBeLessThan(250);
  });
});

describe('parseHashAlgorithm', () => {
  test('defaults to sha256 with a salt prefix; refuses unknown names and bad options', () => {
    expect(parseHashAlgorithm(undefined, true)).toEqual({ name: 'sha256', salt_position: 'prefix' });
    expect(() => parseHashAlgorithm({ name: 'whirlpool' }, true)).toThrow(/unknown algorithm/);
    expect(() => parseHashAlgorithm({ name: 'sha256', salt_position: 'middle' }, true)).toThrow(/salt_position/);
    expect(() => parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'sha256', iterations: 0 }, true)).toThrow(/iterations/);
    expect(() => parseHashAlgorithm({ name: 'bcrypt', salt_rounds: 20 }, true)).toThrow(/salt_rounds/);
  });
});
