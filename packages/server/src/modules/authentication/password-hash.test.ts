import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { checkPassword, computeHash, hashPassword, parseHashAlgorithm, type HashAlgorithm } from './password-hash';

const simple = (name: string, salt_position = 'disable') => parseHashAlgorithm({ name, salt_position }, true);

describe('simple digests (known vectors, lowercase hex)', () => {
  test.each([
    ['md4', 'abc', 'a448017aaf21d8525fc10ae87aa6729d'],
    ['md5', 'password', '5f4dcc3b5aa765d61d8327deb882cf99'],
    ['ripemd160', 'abc', '8eb208f7e05d987a9b044a8e98c6b087f15a0bfc'],
    ['sha', 'password', '5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8'],
    ['sha224', 'abc', '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'],
    ['sha256', 'password', '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'],
    ['sha384', 'abc', 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7'],
    [
      'sha512',
      'abc',
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    ],
    ['plain', 'secret', 'secret'],
  ])('%s', (name, password, expected) => {
    expect(computeHash(simple(name), password, 'ignored')).toBe(expected);
    expect(checkPassword(simple(name), password, expected, '')).toBe(true);
    expect(checkPassword(simple(name), `${password}x`, expected, '')).toBe(false);
  });

  test('salt prefix and suffix concatenate the raw salt text; uppercase stored hex still matches', () => {
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    expect(computeHash(simple('sha256', 'prefix'), 'pw', 'NaCl')).toBe(sha('NaClpw'));
    expect(computeHash(simple('sha256', 'suffix'), 'pw', 'NaCl')).toBe(sha('pwNaCl'));
    expect(computeHash(simple('plain', 'suffix'), 'pw', 'NaCl')).toBe('pwNaCl');
    expect(checkPassword(simple('sha256', 'prefix'), 'pw', sha('NaClpw').toUpperCase(), 'NaCl')).toBe(true);
  });
});

describe('pbkdf2 (RFC 6070 vectors)', () => {
  test('sha with 1 and 2 iterations, dk_length 20; dk_length defaults to the mac size', () => {
    const one: HashAlgorithm = parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'sha', iterations: 1, dk_length: 20 }, false);
    expect(computeHash(one, 'password', 'salt')).toBe('0c60c80f961f0e71f3a9b524af6012062fe037a6');
    const two = parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'sha', iterations: 2 }, false);
    expect(computeHash(two, 'password', 'salt')).toBe('ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957');
    expect(checkPassword(two, 'password', 'ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957', 'salt')).toBe(true);
    expect(computeHash(parseHashAlgorithm({ name: 'pbkdf2', mac_fun: 'sha512', iterations: 3 }, false), 'p', 's')).toHaveLength(128);
  });
});

describe('bcrypt', () => {
  test('hash with salt_rounds, verify, refuse a wrong password and a broken hash', () => {
    const alg = parseHashAlgorithm({ name: 'bcrypt', salt_rounds: 5 }, true);
    const { hash, salt } = hashPassword(alg, 'pw');
    expect(hash.startsWith(salt)).toBe(true);
    expect(checkPassword(alg, 'pw', hash, salt)).toBe(true);
    expect(checkPassword(alg, 'nope', hash, salt)).toBe(false);
    expect(checkPassword(alg, 'pw', 'not-a-bcrypt-hash', '')).toBe(false);
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
