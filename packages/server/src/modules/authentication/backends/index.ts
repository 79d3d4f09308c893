// The authenticator kinds this node runs, by id (`<mechanism>:<backend>` or `jwt`): how a config is
// checked and completed with EMQX's defaults and how the backend is built. Secrets are masked by key name
// (configs/secrets.ts), as for every other config.
import { ApiError } from '../../../errors';
import { isOneOf } from '../../../shared/guards';
import type { AuthnBackend } from '../authenticator';
import { parseHashAlgorithm } from '../password-hash';
import type { UsersRepo } from '../built-in-users.store';
import type { ClientAcls } from '../../authorization/client-acl';
import { builtInDatabase } from './built-in-database';
import { mongoAuthn, normalizeMongoAuthn, normalizeRedisAuthn, normalizeSqlAuthn, redisAuthn, sqlAuthn } from './external';
import { httpAuthn } from './http';
import { normalizeHttp } from '../connectors/http';
import { JWKS_TIMEOUT_MS, jwtAuthn, loadJwks, normalizeJwt } from './jwt';
import { ldapAuthn, normalizeLdapAuthn } from './ldap';
import { normalizeScram, scramAuthn } from './scram';

export type AuthnConfig = Record<string, unknown> & { mechanism: string; backend?: string; enable: boolean };

export interface BackendContext {
  users: UsersRepo;
  /** where an allowed client's own rules (acl) and credential expiry go; absent in unit setups */
  clientAcls?: ClientAcls;
}

export interface BackendKind {
  normalize(raw: Record<string, unknown>): AuthnConfig;
  create(id: string, config: AuthnConfig, ctx: BackendContext): AuthnBackend;
  /** the console's Test: reach the backend once with a throw-away connection, throwing the reason;
   *  absent where checking the config is the whole test (built-in database, JWT with a key) */
  probe?(config: AuthnConfig): Promise<void>;
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

export function enumField<T extends string>(raw: Record<string, unknown>, key: string, values: readonly T[], fallback?: T): T {
  const v = raw[key] ?? fallback;
  if (!isOneOf(values, v)) throw bad(`${key}: expected one of ${values.join(', ')}, got ${JSON.stringify(raw[key])}`);
  return v;
}

export function boolField(raw: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = raw[key] ?? fallback;
  if (typeof v !== 'boolean') throw bad(`${key}: expected a boolean, got ${JSON.stringify(v)}`);
  return v;
}

export function stringField(raw: Record<string, unknown>, key: string, fallback?: string): string {
  const v = raw[key] ?? fallback;
  if (typeof v !== 'string') throw bad(`${key}: ${v === undefined ? 'required field missing' : `expected a string, got ${JSON.stringify(v)}`}`);
  return v;
}

const kinds: Record<string, BackendKind> = {
  'password_based:built_in_database': {
    normalize: (raw) => ({
      ...raw,
      mechanism: 'password_based',
      backend: 'built_in_database',
      enable: boolField(raw, 'enable', true),
      user_id_type: enumField(raw, 'user_id_type', ['username', 'clientid'] as const, 'username'),
      password_hash_algorithm: parseHashAlgorithm(raw.password_hash_algorithm, true),
    }),
    create: (id, c, ctx) => builtInDatabase({ id, userIdType: c.user_id_type as 'username' | 'clientid', hash: parseHashAlgorithm(c.password_hash_algorithm, true) }, ctx.users),
  },
};

/** An external password_based backend: EMQX's common fields, then the backend's own. */
function external(backend: string, normalize: (raw: Record<string, unknown>) => Record<string, unknown>, create: (c: AuthnConfig) => AuthnBackend): BackendKind {
  return {
    normalize: (raw) => ({ ...normalize(raw), mechanism: 'password_based', backend, enable: boolField(raw, 'enable', true) }),
    create: (_id, c) => create(c),
    probe: async (c) => {
      // one connection is enough to know the server answers
      const backend = create({ ...c, pool_size: 1 });
      try {
        await backend.ping?.();
      } finally {
        await backend.close();
      }
    },
  };
}

kinds['password_based:mysql'] = external('mysql', normalizeSqlAuthn('mysql'), (c) => sqlAuthn('mysql', c));
kinds['password_based:postgresql'] = external('postgresql', normalizeSqlAuthn('postgresql'), (c) => sqlAuthn('postgresql', c));
kinds['password_based:redis'] = external('redis', normalizeRedisAuthn, redisAuthn);
kinds['password_based:mongodb'] = external('mongodb', normalizeMongoAuthn, mongoAuthn);
kinds['password_based:http'] = external('http', (raw) => normalizeHttp(raw, '5s'), httpAuthn);
kinds['password_based:ldap'] = external('ldap', normalizeLdapAuthn, ldapAuthn);
kinds['scram:built_in_database'] = {
  normalize: (raw) => ({ ...normalizeScram(raw), mechanism: 'scram', backend: 'built_in_database', enable: boolField(raw, 'enable', true) }),
  create: (id, c, ctx) => scramAuthn(id, c, ctx.users),
};
kinds.jwt = {
  normalize: (raw) => ({ ...normalizeJwt(raw), mechanism: 'jwt', enable: boolField(raw, 'enable', true) }),
  create: (_id, c) => jwtAuthn(c),
  probe: async (c) => {
    // EMQX's own JWKS bound (no setting to take it from), inside the Test's overall 10 s
    if (c.use_jwks === true) await loadJwks(c, JWKS_TIMEOUT_MS);
  },
};

export function registerAuthnKind(id: string, kind: BackendKind): void {
  kinds[id] = kind;
}

export function authnKind(id: string): BackendKind {
  const kind = kinds[id];
  if (!kind) throw bad(`Unsupported authenticator type: ${id}`);
  return kind;
}

/** `<mechanism>:<backend>`, or the mechanism alone when it has no backend (jwt). */
export function authenticatorId(raw: Record<string, unknown>): string {
  if (typeof raw.mechanism !== 'string' || raw.mechanism === '') throw bad('mechanism: required field missing');
  if (raw.backend === undefined) return raw.mechanism;
  if (typeof raw.backend !== 'string') throw bad('backend: expected a string');
  return `${raw.mechanism}:${raw.backend}`;
}
