// password_based with an external store: mysql, postgresql, redis, mongodb. Each looks the user up
// with the configured query (placeholders bound, never pasted) and applies EMQX's record check.
import type { AuthnBackend, Credential } from '../authenticator';
import { parseHashAlgorithm } from '../password-hash';
import { bindValues, renderJson, renderText } from '../placeholders';
import { mongoConnector, normalizeMongo } from '../connectors/mongo';
import { bad, requiredString } from '../connectors/options';
import { normalizeRedis, parseCommand, redisConnector } from '../connectors/redis';
import { normalizeSql, sqlConnector, type SqlDialect } from '../connectors/sql';
import { checkRecord } from './row-check';

export function sqlAuthn(dialect: SqlDialect, cfg: Record<string, unknown>): AuthnBackend {
  const alg = parseHashAlgorithm(cfg.password_hash_algorithm, false);
  const db = sqlConnector(dialect, cfg);
  return {
    async check(c) {
      const rows = await db.query(bindValues(db.names, c));
      return checkRecord(rows[0], c, alg);
    },
    ping: () => db.ping(),
    status: () => db.status(),
    close: () => db.close(),
  };
}

export const normalizeSqlAuthn = (dialect: SqlDialect) => (raw: Record<string, unknown>) => ({
  ...normalizeSql(dialect, raw),
  password_hash_algorithm: parseHashAlgorithm(raw.password_hash_algorithm, false),
});

const REDIS_AUTHN_COMMANDS = ['HGET', 'HMGET'] as const;

/** EMQX allows HGET key field / HMGET key fields… where the fields name password_hash|password, salt, is_superuser */
export function normalizeRedisAuthn(raw: Record<string, unknown>): Record<string, unknown> {
  const out = normalizeRedis(raw, REDIS_AUTHN_COMMANDS);
  const [, , ...fields] = parseCommand(out.cmd as string, REDIS_AUTHN_COMMANDS);
  if (!fields.includes('password_hash') && !fields.includes('password')) throw bad('cmd: the fields must include password_hash or password');
  const unknown = fields.filter((f) => !['password_hash', 'password', 'salt', 'is_superuser'].includes(f));
  if (unknown.length) throw bad(`cmd: unsupported fields ${unknown.join(', ')} (expected password_hash, password, salt, is_superuser)`);
  return { ...out, password_hash_algorithm: parseHashAlgorithm(raw.password_hash_algorithm, false) };
}

export function redisAuthn(cfg: Record<string, unknown>): AuthnBackend {
  const alg = parseHashAlgorithm(cfg.password_hash_algorithm, false);
  const [name, key, ...fields] = parseCommand(cfg.cmd as string, REDIS_AUTHN_COMMANDS);
  const redis = redisConnector(cfg);
  return {
    async check(c: Credential) {
      const args = [name, renderText(key, c), ...fields];
      const reply = await redis.call(args);
      const values = Array.isArray(reply) ? reply : [reply];
      if (values.every((v) => v === null)) return { result: 'ignore' };
      const record = Object.fromEntries(fields.map((f, i) => [f, values[i]]));
      return checkRecord(record, c, alg);
    },
    ping: () => redis.ping(),
    status: () => redis.status(),
    close: () => redis.close(),
  };
}

export function normalizeMongoAuthn(raw: Record<string, unknown>): Record<string, unknown> {
  return {
    ...normalizeMongo(raw),
    password_hash_field: raw.password_hash_field ?? 'password_hash',
    salt_field: raw.salt_field ?? 'salt',
    is_superuser_field: raw.is_superuser_field ?? 'is_superuser',
    password_hash_algorithm: parseHashAlgorithm(raw.password_hash_algorithm, false),
  };
}

export function mongoAuthn(cfg: Record<string, unknown>): AuthnBackend {
  const alg = parseHashAlgorithm(cfg.password_hash_algorithm, false);
  const fields = { hash: cfg.password_hash_field as string, salt: cfg.salt_field as string, superuser: cfg.is_superuser_field as string };
  for (const k of ['password_hash_field', 'collection']) requiredString(cfg, k);
  const mongo = mongoConnector(cfg);
  return {
    async check(c) {
      const docs = await mongo.find(renderJson(cfg.filter, c) as Record<string, unknown>, 1);
      return checkRecord(docs[0], c, alg, fields);
    },
    ping: () => mongo.ping(),
    status: () => mongo.status(),
    close: () => mongo.close(),
  };
}
