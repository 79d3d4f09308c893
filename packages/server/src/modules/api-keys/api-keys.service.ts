// API keys (API.md §3.13): api_key is 16 hex chars, the secret is random base62 returned once and
// stored hashed; at most 100 keys; expiry and enable flag are checked on every Basic-auth request.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { countRows, type Db } from '../../storage/db';
import { apiError } from '../../errors';
import { isOneOf } from '../../shared/guards';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { rfc3339Seconds } from './time';

export const MAX_API_KEYS = 100;
export const API_KEY_ROLES = ['administrator', 'viewer', 'publisher'] as const;

export interface ApiKeyApp {
  name: string;
  api_key: string;
  api_secret?: string;
  enable: boolean;
  expired_at: string;
  created_at: string;
  desc: string;
  expired: boolean;
  role: string;
}

interface Row {
  name: string;
  api_key: string;
  secret_hash: string;
  description: string;
  enable: number;
  expired_at: number | null;
  created_at: number;
  role: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomBase62 = (len: number) => Array.from({ length: len }, () => BASE62[randomInt(62)]).join('');

function toApp(row: Row, now = Date.now()): ApiKeyApp {
  return {
    name: row.name,
    api_key: row.api_key,
    enable: row.enable === 1,
    expired_at: row.expired_at === null ? 'infinity' : rfc3339Seconds(row.expired_at),
    created_at: rfc3339Seconds(row.created_at),
    desc: row.description,
    expired: row.expired_at !== null && row.expired_at < now,
    role: row.role,
  };
}

/** `expired_at` input: "infinity" | epoch seconds | RFC 3339 → epoch ms (null = never); throws 400 on garbage. */
export function parseExpiry(value: unknown): number | null {
  if (value === undefined || value === null || value === 'infinity') return null;
  let ms = NaN;
  if (typeof value === 'number') ms = value * 1000;
  else if (typeof value === 'string') ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
  // a time JavaScript cannot print (past ±8.64e15 ms) was stored, then broke every GET /api_key (issue 21, A2)
  if (Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS) return ms;
  throw apiError(400, 'BAD_REQUEST', `expired_at: bad datetime ${JSON.stringify(value)}`);
}

/** the largest epoch milliseconds a Date holds (year 275760) */
const MAX_DATE_MS = 8.64e15;

const BOOTSTRAP_PREFIX = 'from_bootstrap_file_';
const BOOTSTRAP_TAG = 'Bootstrapped From File';

export type ApiKeyCheck = { status: 'ok'; name: string; role: string } | { status: 'bad' };

export class ApiKeysService {
  constructor(private readonly db: Db) {}

  private row(name: string): Row | undefined {
    return this.db.prepare<[string], Row>('SELECT * FROM api_keys WHERE name = ?').get(name);
  }

  list(): ApiKeyApp[] {
    return this.db
      .prepare<[], Row>('SELECT * FROM api_keys ORDER BY created_at, name')
      .all()
      .map((r) => toApp(r));
  }

  get(name: string): ApiKeyApp {
    const row = this.row(name);
    if (!row) throw apiError(404, 'NOT_FOUND', 'Name NOT FOUND');
    return toApp(row);
  }

  create(input: { name?: string; desc?: string; enable?: boolean; expired_at?: unknown; role?: string }): ApiKeyApp {
    const name = input.name ?? '';
    if (name.length < 1 || name.length > 256 || !/^[A-Za-z]+[A-Za-z0-9-_]*$/.test(name)) {
      throw apiError(400, 'BAD_REQUEST', 'Name length must be 1~256 and can only contain letters, numbers, hyphens and underscores, starting with a letter');
    }
    const role = input.role ?? 'administrator';
    if (!isOneOf(API_KEY_ROLES, role)) throw apiError(400, 'BAD_REQUEST', `Role does not exist: ${role}`);
    const expiredAt = parseExpiry(input.expired_at);
    const count = countRows(this.db, 'SELECT COUNT(*) AS n FROM api_keys');
    if (count >= MAX_API_KEYS) throw apiError(400, 'BAD_REQUEST', 'Maximum number of ApiKeys reached.');
    if (this.row(name)) throw apiError(400, 'BAD_REQUEST', 'name_already_existed');
    // 16 hex chars derived from the name (as EMQX does) plus randomness so a re-created name gets a new key.
    const apiKey = createHash('sha256').update(name).update(randomBytes(16)).digest('hex').slice(0, 16);
    const secret = randomBase62(45);
    this.db
      .prepare('INSERT INTO api_keys (name, api_key, secret_hash, description, enable, expired_at, created_at, role) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(name, apiKey, hashPassword(secret), input.desc ?? '', input.enable === false ? 0 : 1, expiredAt, Date.now(), role);
    return { ...toApp(this.row(name)!), api_secret: secret };
  }

  /** EMQX quirk kept: omitting expired_at resets it to "infinity"; omitted enable/desc keep their values. */
  update(name: string, patch: { desc?: string; enable?: boolean; expired_at?: unknown; role?: string }): ApiKeyApp {
    const row = this.row(name);
    if (!row) throw apiError(404, 'NOT_FOUND', 'Name NOT FOUND');
    if (patch.role !== undefined && !isOneOf(API_KEY_ROLES, patch.role)) {
      throw apiError(400, 'BAD_REQUEST', `Role does not exist: ${patch.role}`);
    }
    const expiredAt = parseExpiry(patch.expired_at);
    this.db
      .prepare('UPDATE api_keys SET description = ?, enable = ?, expired_at = ?, role = ? WHERE name = ?')
      .run(patch.desc ?? row.description, patch.enable === undefined ? row.enable : patch.enable ? 1 : 0, expiredAt, patch.role ?? row.role, name);
    return toApp(this.row(name)!);
  }

  delete(name: string): void {
    if (this.db.prepare('DELETE FROM api_keys WHERE name = ?').run(name).changes === 0) throw apiError(404, 'NOT_FOUND', 'Name NOT FOUND');
  }

  /**
   * Writes one `key:secret[:role]` line of the bootstrap file (EMQX's force_create_app): the name is
   * `from_bootstrap_file_` + the first 16 hex digits of sha512(key); any other key row with the same api_key is
   * removed first, so the file wins; the 100-key limit does not apply.
   */
  forceBootstrap(apiKey: string, secret: string, role: string): void {
    const name = `${BOOTSTRAP_PREFIX}${createHash('sha512').update(apiKey).digest('hex').slice(0, 16)}`;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM api_keys WHERE api_key = ? AND name <> ?').run(apiKey, name);
      this.db
        .prepare(
          'INSERT INTO api_keys (name, api_key, secret_hash, description, enable, expired_at, created_at, role) VALUES (?, ?, ?, ?, 1, NULL, ?, ?) ' +
            'ON CONFLICT(name) DO UPDATE SET api_key = excluded.api_key, secret_hash = excluded.secret_hash, description = excluded.description, enable = 1, expired_at = NULL, role = excluded.role',
        )
        .run(name, apiKey, hashPassword(secret), BOOTSTRAP_TAG, Date.now(), role);
    })();
  }

  /** Basic-auth check: unknown key, wrong secret, disabled or expired are all "bad". */
  check(apiKey: string, secret: string): ApiKeyCheck {
    const row = this.db.prepare<[string], Row>('SELECT * FROM api_keys WHERE api_key = ?').get(apiKey);
    if (!row || row.enable !== 1) return { status: 'bad' };
    if (row.expired_at !== null && row.expired_at < Date.now()) return { status: 'bad' };
    if (!verifyPassword(secret, row.secret_hash)) return { status: 'bad' };
    return { status: 'ok', name: row.name, role: row.role };
  }
}
