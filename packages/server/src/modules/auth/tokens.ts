// Server-side bearer tokens (API.md §2.2): opaque random strings stored as SHA-256, sliding expiry of
// dashboard.token_expired_time, revoked per user on password change or deletion.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../storage/db';
import { sha256 } from './passwords';

export type TokenCheck = { status: 'ok'; username: string; role: string } | { status: 'expired' } | { status: 'unknown' };

export class TokenStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: () => number,
  ) {}

  issue(username: string): string {
    const token = randomBytes(32).toString('base64url');
    this.db.prepare('INSERT INTO dashboard_tokens (token_hash, username, expires_at) VALUES (?, ?, ?)').run(sha256(token), username, Date.now() + this.ttlMs());
    return token;
  }

  /** Looks a token up and, when valid, slides its expiry forward. */
  check(token: string): TokenCheck {
    const hash = sha256(token);
    const row = this.db
      .prepare<[string], { username: string; expires_at: number; role: string }>(
        'SELECT t.username, t.expires_at, u.role FROM dashboard_tokens t JOIN dashboard_users u ON u.username = t.username WHERE t.token_hash = ?',
      )
      .get(hash);
    if (!row) return { status: 'unknown' };
    const now = Date.now();
    if (row.expires_at <= now) return { status: 'expired' };
    this.db.prepare('UPDATE dashboard_tokens SET expires_at = ? WHERE token_hash = ?').run(now + this.ttlMs(), hash);
    return { status: 'ok', username: row.username, role: row.role };
  }

  owner(token: string): string | undefined {
    const row = this.db.prepare<[string], { username: string }>('SELECT username FROM dashboard_tokens WHERE token_hash = ?').get(sha256(token));
    return row?.username;
  }

  revoke(token: string): void {
    this.db.prepare('DELETE FROM dashboard_tokens WHERE token_hash = ?').run(sha256(token));
  }

  revokeUser(username: string): void {
    this.db.prepare('DELETE FROM dashboard_tokens WHERE username = ?').run(username);
  }

  /** Expired tokens are kept a while so they answer TOKEN_TIME_OUT, then swept. */
  sweep(graceMs = 24 * 3_600_000): number {
    return this.db.prepare('DELETE FROM dashboard_tokens WHERE expires_at < ?').run(Date.now() - graceMs).changes;
  }
}
