// Query and filter building of the external backends, without their servers (MongoDB has none on
// this machine): placeholders bound or escaped, never able to change the query's shape.
import { describe, expect, test } from 'vitest';
import type { Credential } from './authenticator';
import { decide } from './backends/http';
import { ldapPasswordMatches } from './backends/ldap';
import { checkRecord } from './backends/row-check';
import { compactFilter, escapeDnValue, escapeFilterValue, renderEscaped } from './connectors/ldap';
import { mongoUrl, normalizeMongo } from './connectors/mongo';
import { parseCommand } from './connectors/redis';
import { computeHash, hashWithSalt } from './password-hash';
import { bindValues, parameterize, renderJson } from './placeholders';

const cred: Credential = { clientid: 'c1', username: 'u"1', password: 'pw', peerhost: '10.0.0.1', clientAttrs: { group: 'g' } };

describe('placeholders', () => {
  test('SQL templates become bind markers, quotes around placeholders dropped', () => {
    const { text, names } = parameterize("SELECT h FROM t WHERE u = '${username}' AND c = ${clientid} AND g = ${client_attrs.group}", (i) => `$${i}`);
    expect(text).toBe('SELECT h FROM t WHERE u = $1 AND c = $2 AND g = $3');
    expect(bindValues(names, cred)).toEqual(['u"1', 'c1', 'g']);
  });

  test('MongoDB filters: values land in string positions only', () => {
    const filter = { username: '${username}', $or: [{ clientid: '${clientid}' }, { host: '${peerhost}' }], n: 1 };
    expect(renderJson(filter, { ...cred, username: '{"$ne": null}' })).toEqual({ username: '{"$ne": null}', $or: [{ clientid: 'c1' }, { host: '10.0.0.1' }], n: 1 });
  });
});

describe('mongodb config', () => {
  test('single, rs and sharded connection strings carry hosts only', () => {
    expect(mongoUrl(normalizeMongo({ mongo_type: 'single', server: 'db:27018', database: 'mqtt', collection: 'users', username: 'u', password: 'p' }))).toBe('mongodb://db:27018/');
    expect(mongoUrl(normalizeMongo({ mongo_type: 'rs', servers: 'a,b:27019', replica_set_name: 'rs0', database: 'd', collection: 'c' }))).toBe('mongodb://a:27017,b:27019/');
    expect(() => normalizeMongo({ mongo_type: 'rs', servers: 'a', database: 'd', collection: 'c' })).toThrow('replica_set_name');
    expect(() => normalizeMongo({ mongo_type: 'single', server: 'a', database: 'd' })).toThrow('collection');
  });
});

describe('ldap', () => {
  test('filter and DN escaping (RFC 4515 / 4514)', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeDnValue('a,b=c+')).toBe('a\\,b\\=c\\+');
    expect(compactFilter('(& (objectClass=mqttUser) (uid=${username}))')).toBe('(&(objectClass=mqttUser)(uid=${username}))');
    expect(renderEscaped('(uid=${username})', () => 'x)(cn=*', escapeFilterValue)).toBe('(uid=x\\29\\28cn=\\2a)');
  });

  test('userPassword schemes', () => {
    expect(ldapPasswordMatches('plain', 'plain')).toBe(true);
    expect(ldapPasswordMatches(`{SHA}${Buffer.from(computeHash({ name: 'sha', salt_position: 'disable' }, 'pw', ''), 'hex').toString('base64')}`, 'pw')).toBe(true);
    expect(ldapPasswordMatches('{CRYPT}xyz', 'xyz')).toBe(false);
    expect(ldapPasswordMatches('{SSHA}AAAA', 'pw')).toBe(false);
  });
});

describe('records and answers', () => {
  const alg = { name: 'sha256', salt_position: 'prefix' } as const;
  test('record check: missing → ignore, wrong → 0x86, is_superuser shapes, bcrypt', async () => {
    const rec = { password_hash: computeHash(alg, 'pw', 's').toUpperCase(), salt: 's', is_superuser: 1 };
    expect(await checkRecord(undefined, cred, alg)).toEqual({ result: 'ignore' });
    expect(await checkRecord(rec, cred, alg)).toEqual({ result: 'allow', isSuperuser: true });
    expect(await checkRecord({ ...rec, is_superuser: 'false' }, { ...cred, password: 'x' }, alg)).toEqual({ result: 'deny', reasonCode: 0x86 });
    const bc = { password_hash: await hashWithSalt({ name: 'bcrypt' }, 'pw', '$2a$05$abcdefghijklmnopqrstuu'), is_superuser: '0' };
    expect(await checkRecord(bc, cred, { name: 'bcrypt' })).toEqual({ result: 'allow', isSuperuser: false });
    expect(await checkRecord(bc, { ...cred, password: 'x' }, { name: 'bcrypt' })).toEqual({ result: 'deny', reasonCode: 0x86 });
  });

  test('HTTP answers as EMQX reads them', () => {
    expect(decide(204, '')).toEqual({ result: 'allow', isSuperuser: false });
    expect(decide(200, '{"result":"allow","is_superuser":true}')).toEqual({ result: 'allow', isSuperuser: true });
    expect(decide(200, '{"result":"deny"}')).toEqual({ result: 'deny', reasonCode: 0x87 });
    expect(decide(200, '{"result":"ignore"}')).toEqual({ result: 'ignore' });
    expect(decide(500, '{"result":"allow"}')).toEqual({ result: 'ignore' });
    expect(decide(200, 'not json')).toEqual({ result: 'ignore' });
    const withAcl = decide(200, '{"result":"allow","acl":[{"permission":"deny","action":"all","topic":"x/#"}],"expire_at":4102444800}');
    expect(withAcl).toMatchObject({ result: 'allow', expireAt: 4102444800000, acl: { rules: [expect.objectContaining({ permission: 'deny', action: 'all' })] } });
    // emqx_authn_http: a bad rule fails the client; a non-list acl crashes the authenticator (→ ignore)
    expect(decide(200, '{"result":"allow","acl":[{"topic":"x/#"}]}')).toEqual({ result: 'deny', reasonCode: 0x86 });
    expect(decide(200, '{"result":"allow","acl":{"pub":["x/#"]}}')).toEqual({ result: 'ignore' });
  });

  test('Redis commands: only the allowed ones, placeholders stay one word', () => {
    expect(parseCommand('hmget mqtt_user:${username} password_hash salt', ['HMGET'])).toEqual(['HMGET', 'mqtt_user:${username}', 'password_hash', 'salt']);
    expect(() => parseCommand('DEL mqtt_user:x', ['HGET', 'HMGET'])).toThrow('unsupported Redis command');
  });
});
