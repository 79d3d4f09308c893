// What the create wizard offers, the defaults of each backend (EMQX 5.8 schema defaults), and the
// conversion between the API config and the form (JSON-valued fields are edited as text).
import type { ReplyOf } from '@mqdeck/api';
import { pruneMongoTopology } from '../../shared/mongo';

export type Mechanism = 'password_based' | 'jwt' | 'scram';
export type Backend = 'built_in_database' | 'mysql' | 'postgresql' | 'mongodb' | 'redis' | 'http' | 'ldap';

export const MECHANISMS: Mechanism[] = ['password_based', 'jwt', 'scram'];
export const BACKENDS: Record<Mechanism, Backend[]> = {
  password_based: ['built_in_database', 'mysql', 'postgresql', 'mongodb', 'redis', 'http', 'ldap'],
  jwt: [],
  scram: ['built_in_database'],
};

export const HASH_NAMES = ['plain', 'md4', 'md5', 'ripemd160', 'sha', 'sha224', 'sha256', 'sha384', 'sha512', 'pbkdf2', 'bcrypt'] as const;
export const MAC_FUNS = ['md4', 'md5', 'ripemd160', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const;

/** A config as the API returns it; the form works on the same shape. */
export type AuthnConfig = Record<string, unknown> & { mechanism: AnyMechanism; backend?: AnyBackend; enable?: boolean; id?: string };

type Authenticator = ReplyOf<'/authentication/{id}', 'get', 200>;
/** Every mechanism the contract's 22 authenticator kinds name (cinfo, gssapi … too); the wizard offers `Mechanism`. */
export type AnyMechanism = Mechanism | Authenticator['mechanism'];
/** Every backend the contract's kinds name; JWT and cinfo have none. */
export type AnyBackend = Backend | (Authenticator extends infer A ? (A extends { backend: infer B } ? B : never) : never);

/** Authenticator id = `<mechanism>:<backend>`, or just `jwt`. */
export function authnId(mechanism: string, backend?: string): string {
  return backend ? `${mechanism}:${backend}` : mechanism;
}

const SHA256 = { name: 'sha256', salt_position: 'suffix' };
const DB = { pool_size: 8, auto_reconnect: true, ssl: { enable: false } };

/** Defaults from EMQX's config schema (emqx-ce-5.8.1-hocon-schema), plus the query examples of its console. */
export function defaultConfig(mechanism: Mechanism, backend?: Backend): AuthnConfig {
  const base = { mechanism, enable: true };
  if (mechanism === 'jwt') {
    return {
      ...base,
      use_jwks: false,
      algorithm: 'hmac-based',
      secret: '',
      secret_base64_encoded: false,
      from: 'password',
      verify_claims: {},
      acl_claim_name: 'acl',
      disconnect_after_expire: true,
      refresh_interval: 300,
      endpoint: '',
      public_key: '',
    };
  }
  if (mechanism === 'scram') return { ...base, backend: 'built_in_database', algorithm: 'sha256', iteration_count: 4096 };
  switch (backend) {
    case 'mysql':
      return {
        ...base,
        backend,
        ...DB,
        server: '127.0.0.1:3306',
        database: '',
        username: 'root',
        password: '',
        query: 'SELECT password_hash, salt, is_superuser FROM mqtt_user WHERE username = ${username} LIMIT 1',
        query_timeout: '5s',
        password_hash_algorithm: SHA256,
      };
    case 'postgresql':
      return {
        ...base,
        backend,
        ...DB,
        server: '127.0.0.1:5432',
        database: '',
        username: 'root',
        password: '',
        query: 'SELECT password_hash, salt, is_superuser FROM mqtt_user WHERE username = ${username} LIMIT 1',
        password_hash_algorithm: SHA256,
      };
    case 'mongodb':
      return {
        ...base,
        backend,
        mongo_type: 'single',
        server: '127.0.0.1:27017',
        w_mode: 'unsafe',
        database: '',
        collection: '',
        username: '',
        password: '',
        pool_size: 8,
        filter: { username: '${username}' },
        password_hash_field: 'password_hash',
        salt_field: 'salt',
        is_superuser_field: 'is_superuser',
        password_hash_algorithm: SHA256,
        ssl: { enable: false },
      };
    case 'redis':
      return {
        ...base,
        backend,
        redis_type: 'single',
        server: '127.0.0.1:6379',
        database: 0,
        password: '',
        ...DB,
        cmd: 'HMGET mqtt_user:${username} password_hash salt is_superuser',
        password_hash_algorithm: SHA256,
      };
    case 'http':
      return {
        ...base,
        backend,
        method: 'post',
        url: 'http://127.0.0.1:8080',
        headers: { 'content-type': 'application/json' },
        body: { username: '${username}', password: '${password}' },
        connect_timeout: '15s',
        request_timeout: '5s',
        pool_size: 8,
        enable_pipelining: 100,
        ssl: { enable: false },
      };
    case 'ldap':
      return {
        ...base,
        backend,
        server: '127.0.0.1:389',
        username: '',
        password: '',
        base_dn: '',
        filter: '(objectClass=mqttUser)',
        pool_size: 8,
        query_timeout: '5s',
        request_timeout: '10s',
        method: { type: 'hash', password_attribute: 'userPassword', is_superuser_attribute: 'isSuperuser' },
        ssl: { enable: false },
      };
    default:
      return { ...base, backend: 'built_in_database', user_id_type: 'username', password_hash_algorithm: SHA256 };
  }
}

/** Fields holding JSON objects, edited as text in the form. */
export const JSON_FIELDS = ['headers', 'body', 'verify_claims', 'filter'] as const;

function isJsonField(c: AuthnConfig, key: string): boolean {
  // LDAP's `filter` is an LDAP filter string, not JSON.
  return (JSON_FIELDS as readonly string[]).includes(key) && !(key === 'filter' && c.backend === 'ldap');
}

/** API config → form values: JSON objects become pretty text; the id is dropped (PUT refuses it). */
export function toFormValues(c: AuthnConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) {
    if (k === 'id') continue;
    out[k] = isJsonField(c, k) && v && typeof v === 'object' ? JSON.stringify(v, null, 2) : v;
  }
  return out;
}

/** Form values → API body. Throws a SyntaxError naming the field when a JSON text does not parse. */
export function toConfigBody(values: Record<string, unknown>): AuthnConfig {
  const c = { ...values } as AuthnConfig;
  for (const k of JSON_FIELDS) {
    const v = c[k];
    if (typeof v === 'string' && isJsonField(c, k)) c[k] = v.trim() ? (JSON.parse(v) as unknown) : {};
  }
  if (c.mechanism === 'jwt') {
    // EMQX picks the JWT schema by use_jwks/algorithm; fields of the other variants are refused.
    const keep = c.use_jwks
      ? ['endpoint', 'refresh_interval', 'pool_size', 'headers', 'ssl']
      : c.algorithm === 'public-key'
        ? ['algorithm', 'public_key']
        : ['algorithm', 'secret', 'secret_base64_encoded'];
    for (const k of ['algorithm', 'secret', 'secret_base64_encoded', 'public_key', 'endpoint', 'refresh_interval', 'pool_size', 'headers', 'ssl']) {
      if (!keep.includes(k)) delete c[k];
    }
  }
  if (c.backend === 'http' && c.method === 'get') delete c.body;
  if (c.backend === 'mongodb') pruneMongoTopology(c);
  return c;
}

/** True when the JSON text parses to an object (empty means `{}`). */
export function isJsonObjectText(v: unknown): boolean {
  if (typeof v !== 'string' || !v.trim()) return true;
  try {
    const parsed: unknown = JSON.parse(v);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
