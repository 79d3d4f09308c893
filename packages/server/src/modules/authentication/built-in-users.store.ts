// Users of built-in-database authenticators in SQLite (table authn_users, migration 201).
import type { Db } from '../../storage/db';

export interface StoredUser {
  user_id: string;
  password_hash: string;
  salt: string;
  is_superuser: boolean;
}

interface Row {
  user_id: string;
  password_hash: string;
  salt: string;
  is_superuser: number;
}

const toUser = (r: Row): StoredUser => ({ user_id: r.user_id, password_hash: r.password_hash, salt: r.salt, is_superuser: r.is_superuser === 1 });

export class UsersRepo {
  constructor(private readonly db: Db) {}

  get(authenticator: string, userId: string): StoredUser | undefined {
    const row = this.db
      .prepare<[string, string], Row>('SELECT user_id, password_hash, salt, is_superuser FROM authn_users WHERE authenticator = ? AND user_id = ?')
      .get(authenticator, userId);
    return row ? toUser(row) : undefined;
  }

  /** Users in creation order, optionally filtered by a substring of user_id and by is_superuser. */
  list(authenticator: string, filter: { like?: string; isSuperuser?: boolean }): { user_id: string; is_superuser: boolean }[] {
    const where = ['authenticator = ?'];
    const args: unknown[] = [authenticator];
    if (filter.like !== undefined) {
      where.push('instr(user_id, ?) > 0');
      args.push(filter.like);
    }
    if (filter.isSuperuser !== undefined) {
      where.push('is_superuser = ?');
      args.push(filter.isSuperuser ? 1 : 0);
    }
    const rows = this.db
      .prepare<unknown[], Pick<Row, 'user_id' | 'is_superuser'>>(`SELECT user_id, is_superuser FROM authn_users WHERE ${where.join(' AND ')} ORDER BY created_at, user_id`)
      .all(...args);
    return rows.map((r) => ({ user_id: r.user_id, is_superuser: r.is_superuser === 1 }));
  }

  upsert(authenticator: string, user: StoredUser): void {
    this.db
      .prepare(
        `INSERT INTO authn_users (authenticator, user_id, password_hash, salt, is_superuser, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (authenticator, user_id) DO UPDATE SET password_hash = excluded.password_hash, salt = excluded.salt, is_superuser = excluded.is_superuser`,
      )
      .run(authenticator, user.user_id, user.password_hash, user.salt, user.is_superuser ? 1 : 0, Date.now());
  }

  delete(authenticator: string, userId: string): boolean {
    return this.db.prepare('DELETE FROM authn_users WHERE authenticator = ? AND user_id = ?').run(authenticator, userId).changes > 0;
  }

  deleteAll(authenticator: string): void {
    this.db.prepare('DELETE FROM authn_users WHERE authenticator = ?').run(authenticator);
  }

  transaction(fn: () => void): void {
    this.db.transaction(fn)();
  }
}
