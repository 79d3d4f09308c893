// Password hashing for dashboard users and API key secrets: scrypt with a random salt (node:crypto).
import { randomBytes, scryptSync, timingSafeEqual, createHash } from 'node:crypto';

const KEYLEN = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEYLEN);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(expected, actual);
}

/** Tokens are random and long, so a fast digest is enough to avoid keeping them in clear. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
