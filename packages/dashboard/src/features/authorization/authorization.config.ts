// Source types, their defaults (EMQX 5.8 schema defaults) and the form conversion (JSON fields as text).
import type { ReplyOf } from '@mqdeck/api';
import { pruneMongoTopology } from '../../shared/mongo';

export type SourceType = 'file' | 'built_in_database' | 'mysql' | 'postgresql' | 'mongodb' | 'redis' | 'http';
export const SOURCE_TYPES: SourceType[] = ['file', 'built_in_database', 'mysql', 'postgresql', 'mongodb', 'redis', 'http'];

/** Every source type the contract's kinds name (ldap … too); the console creates `SourceType`. */
export type AnySourceType = SourceType | ReplyOf<'/authorization/sources/{type}', 'get', 200>['type'];
export type AuthzSource = Record<string, unknown> & { type: AnySourceType; enable?: boolean };

const DB = { enable: true, pool_size: 8, auto_reconnect: true, ssl: { enable: false } };

export function defaultSource(type: SourceType): AuthzSource {
  switch (type) {
    case 'file':
      return {
        type,
        enable: true,
        rules:
          '{allow, {username, {re, "^dashboard$"}}, subscribe, ["$SYS/#"]}.\n{allow, {ipaddr, "127.0.0.1"}, all, ["$SYS/#", "#"]}.\n{deny, all, subscribe, ["$SYS/#", {eq, "#"}]}.\n{allow, all}.\n',
      };
    case 'built_in_database':
      return { type, enable: true, max_rules: 100 };
    case 'mysql':
      return {
        type,
        ...DB,
        server: '127.0.0.1:3306',
        database: '',
        username: 'root',
        password: '',
        query: 'SELECT action, permission, topic FROM mqtt_acl WHERE username = ${username}',
      };
    case 'postgresql':
      return {
        type,
        ...DB,
        server: '127.0.0.1:5432',
        database: '',
        username: 'root',
        password: '',
        query: 'SELECT action, permission, topic FROM mqtt_acl WHERE username = ${username}',
      };
    case 'mongodb':
      return {
        type,
        enable: true,
        mongo_type: 'single',
        server: '127.0.0.1:27017',
        w_mode: 'unsafe',
        database: '',
        collection: '',
        username: '',
        password: '',
        pool_size: 8,
        filter: { username: '${username}' },
        ssl: { enable: false },
      };
    case 'redis':
      return { type, ...DB, redis_type: 'single', server: '127.0.0.1:6379', database: 0, password: '', cmd: 'HGETALL mqtt_acl:${username}' };
    case 'http':
      return {
        type,
        enable: true,
        method: 'post',
        url: 'http://127.0.0.1:8080',
        headers: { 'content-type': 'application/json' },
        body: { username: '${username}', topic: '${topic}', action: '${action}' },
        connect_timeout: '15s',
        request_timeout: '30s',
        pool_size: 8,
        enable_pipelining: 100,
        ssl: { enable: false },
      };
  }
}

const JSON_FIELDS = ['headers', 'body', 'filter'] as const;

export function toSourceFormValues(s: AuthzSource): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  for (const k of JSON_FIELDS) if (out[k] && typeof out[k] === 'object') out[k] = JSON.stringify(out[k], null, 2);
  return out;
}

/** Throws a SyntaxError when a JSON text does not parse. */
export function toSourceBody(values: Record<string, unknown>): AuthzSource {
  const s = { ...values } as AuthzSource;
  for (const k of JSON_FIELDS) {
    const v = s[k];
    if (typeof v === 'string') s[k] = v.trim() ? (JSON.parse(v) as unknown) : {};
  }
  if (s.type === 'http' && s.method === 'get') delete s.body;
  if (s.type === 'mongodb') pruneMongoTopology(s);
  return s;
}
