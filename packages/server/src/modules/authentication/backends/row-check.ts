// The password check EMQX applies to a user record found in an external store (SQL row, Redis hash,
// MongoDB document): `password_hash` (or `password`), optional `salt` and `is_superuser`.
import type { AuthnOutcome, Credential } from '../authenticator';
import { BAD_USERNAME_OR_PASSWORD } from '../authenticator';
import { checkPassword, type HashAlgorithm } from '../password-hash';

/** true / "true" / 1 / "1" (any case) → true: stores keep booleans in many shapes */
export function truthy(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v) !== 0;
  if (Buffer.isBuffer(v)) return truthy(v.toString('utf8'));
  if (typeof v === 'string') return ['true', '1'].includes(v.trim().toLowerCase());
  return false;
}

const text = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : Buffer.isBuffer(v) ? v.toString('utf8') : String(v));

/** A missing record is `ignore` (the next authenticator decides); a record without a hash too. */
export async function checkRecord(
  record: Record<string, unknown> | undefined,
  c: Credential,
  alg: HashAlgorithm,
  fields = { hash: 'password_hash', salt: 'salt', superuser: 'is_superuser' },
): Promise<AuthnOutcome> {
  if (!record) return { result: 'ignore' };
  const hash = text(record[fields.hash]) ?? (fields.hash === 'password_hash' ? text(record.password) : undefined);
  if (hash === undefined) return { result: 'ignore' };
  const salt = text(record[fields.salt]) ?? '';
  if (c.password === null || !(await checkPassword(alg, c.password, hash, salt))) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
  return { result: 'allow', isSuperuser: truthy(record[fields.superuser]) };
}
