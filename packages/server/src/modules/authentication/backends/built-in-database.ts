// password_based:built_in_database: users in SQLite keyed by username or client id.
// As emqx_authn_mnesia:authenticate/2: enhanced auth → ignore; no password → deny 0x86 (counted as failed) before any
// lookup; unknown user → ignore (the next authenticator decides); wrong password → deny 0x86.
import type { AuthnBackend, AuthnOutcome, Credential } from '../authenticator';
import { BAD_USERNAME_OR_PASSWORD } from '../authenticator';
import { checkPassword, type HashAlgorithm } from '../password-hash';
import type { UsersRepo } from '../built-in-users.store';

export interface BuiltInConfig {
  id: string;
  userIdType: 'username' | 'clientid';
  hash: HashAlgorithm;
}

export function builtInDatabase(cfg: BuiltInConfig, users: UsersRepo): AuthnBackend {
  return {
    async check(c: Credential): Promise<AuthnOutcome> {
      if (c.authMethod !== undefined) return { result: 'ignore' };
      if (c.password === null) return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
      const userId = cfg.userIdType === 'username' ? c.username : c.clientid;
      if (userId === null || userId === '') return { result: 'ignore' };
      const user = users.get(cfg.id, userId);
      if (!user) return { result: 'ignore' };
      if (!(await checkPassword(cfg.hash, c.password, user.password_hash, user.salt))) {
        return { result: 'deny', reasonCode: BAD_USERNAME_OR_PASSWORD };
      }
      return { result: 'allow', isSuperuser: user.is_superuser };
    },
    status: () => 'connected',
    close: () => undefined,
  };
}
