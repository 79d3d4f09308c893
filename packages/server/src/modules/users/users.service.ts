// Dashboard users (API.md §2.3) with EMQX's validation rules and messages; roles are the EE ones.
import type { Db } from '../../storage/db';
import { apiError } from '../../errors';
import { isOneOf } from '../../shared/guards';
import { hashPassword, verifyPassword } from '../auth/passwords';

export const ROLES = ['administrator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface DashboardUser {
  username: string;
  description: string;
  role: string;
  backend: 'local';
}

interface Row {
  username: string;
  password_hash: string;
  description: string;
  role: string;
}

const toUser = (r: Row): DashboardUser => ({ username: r.username, description: r.description, role: r.role, backend: 'local' });

/** EMQX's password rules, first failing rule's message; undefined when the password is acceptable. */
export function passwordProblem(password: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(password)) return 'Only ascii characters are allowed in the password';
  if (password.length < 8 || password.length > 64) return 'The range of password length is 8~64';
  const kinds = [/[a-zA-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  if (kinds < 2) {
    return 'Bad password. At least two different kind of characters from groups of letters, numbers, and special characters. For example, if password is composed from letters, it must contain at least one number or a special character.';
  }
  return undefined;
}

export class UsersService {
  constructor(private readonly db: Db) {}

  private row(username: string): Row | undefined {
    return this.db.prepare<[string], Row>('SELECT * FROM dashboard_users WHERE username = ?').get(username);
  }

  /** Creates the default user at first boot; it bypasses the password rules, as in EMQX. */
  ensureDefault(username: string, password: string): void {
    if (this.row(username)) return;
    this.db
      .prepare('INSERT INTO dashboard_users (username, password_hash, description, role, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(username, hashPassword(password), 'administrator', 'administrator', Date.now());
  }

  list(): DashboardUser[] {
    return this.db.prepare<[], Row>('SELECT * FROM dashboard_users ORDER BY created_at, username').all().map(toUser);
  }

  get(username: string): DashboardUser | undefined {
    const row = this.row(username);
    return row ? toUser(row) : undefined;
  }

  authenticate(username: string, password: string): DashboardUser | undefined {
    const row = this.row(username);
    return row && verifyPassword(password, row.password_hash) ? toUser(row) : undefined;
  }

  create(input: { username?: string; password?: string; description?: string; role?: string }): DashboardUser {
    const { username = '', password = '', description = '', role = 'administrator' } = input;
    if (!username || !password) throw apiError(400, 'BAD_REQUEST', 'Username or password undefined');
    if (!/^[_a-zA-Z0-9]*$/.test(username)) {
      throw apiError(400, 'BAD_REQUEST', 'Bad Username. Only upper and lower case letters, numbers and underscores are supported');
    }
    const problem = passwordProblem(password);
    if (problem) throw apiError(400, 'BAD_REQUEST', problem);
    if (!isOneOf(ROLES, role)) throw apiError(400, 'BAD_REQUEST', `Role does not exist: ${role}`);
    if (this.row(username)) throw apiError(400, 'BAD_REQUEST', 'username_already_exists');
    this.db
      .prepare('INSERT INTO dashboard_users (username, password_hash, description, role, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(username, hashPassword(password), description, role, Date.now());
    return toUser(this.row(username)!);
  }

  update(username: string, patch: { description?: string; role?: string }): DashboardUser {
    const row = this.row(username);
    if (!row) throw apiError(404, 'USER_NOT_FOUND', 'username_not_found');
    if (patch.role !== undefined && !isOneOf(ROLES, patch.role)) {
      throw apiError(400, 'BAD_REQUEST', `Role does not exist: ${patch.role}`);
    }
    this.db.prepare('UPDATE dashboard_users SET description = ?, role = ? WHERE username = ?').run(patch.description ?? row.description, patch.role ?? row.role, username);
    return toUser(this.row(username)!);
  }

  delete(username: string): void {
    if (!this.row(username)) throw apiError(404, 'USER_NOT_FOUND', 'username_not_found');
    this.db.prepare('DELETE FROM dashboard_users WHERE username = ?').run(username);
  }

  changePassword(username: string, oldPwd: string | undefined, newPwd: string | undefined): void {
    if (!oldPwd || !newPwd) throw apiError(400, 'BAD_REQUEST', 'Old password or new password undefined');
    const row = this.row(username);
    if (!row) throw apiError(404, 'USER_NOT_FOUND', 'User not found');
    if (!verifyPassword(oldPwd, row.password_hash)) throw apiError(400, 'ERROR_PWD_NOT_MATCH', 'Old password not match');
    const problem = passwordProblem(newPwd);
    if (problem) throw apiError(400, 'BAD_REQUEST', problem);
    this.db.prepare('UPDATE dashboard_users SET password_hash = ? WHERE username = ?').run(hashPassword(newPwd), username);
  }
}
