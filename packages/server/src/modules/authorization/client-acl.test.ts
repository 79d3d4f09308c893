// The client's own rules as emqx_authz_client_info applies them: a v2 list passes on a nomatch, a v1
// map {pub, sub, all} denies it, and rules past their expiry deny everything.
import type { Broker } from '@mqdeck/broker';
import { afterEach, describe, expect, test } from 'vitest';
import { ClientAcls, EXPIRED, parseAclRules, V1_NO_MATCH } from './client-acl';
import type { RequestView } from './rule';

const kicked: string[] = [];
const acls = new ClientAcls({ kick: (id: string) => kicked.push(id) } as unknown as Broker);
afterEach(() => acls.close());

const req = (action: 'publish' | 'subscribe', topic: string): RequestView => ({ clientid: 'c1', username: 'u', peerhost: '127.0.0.1', action, topic, qos: 0, retain: false });

describe('ClientAcls.check', () => {
  test('v1 {pub, sub, all}: listed topics allowed per action, everything else denied', () => {
    acls.set('c1', parseAclRules({ pub: ['p/#'], sub: ['s/+'], all: ['a/${clientid}'] }), undefined, false);
    expect(acls.check(req('publish', 'p/x'))?.result).toBe('allow');
    expect(acls.check(req('subscribe', 's/x'))?.result).toBe('allow');
    expect(acls.check(req('subscribe', 'a/c1'))?.result).toBe('allow');
    expect(acls.check(req('publish', 'a/c1'))?.result).toBe('allow');
    expect(acls.check(req('subscribe', 'p/x'))).toEqual({ result: 'deny', rule: V1_NO_MATCH });
    expect(acls.check(req('publish', 's/x'))).toEqual({ result: 'deny', rule: V1_NO_MATCH });
    expect(acls.check(req('publish', 'a/other'))).toEqual({ result: 'deny', rule: V1_NO_MATCH });
    expect(acls.check(req('publish', 'unlisted'))).toEqual({ result: 'deny', rule: V1_NO_MATCH });
  });

  test('v1 with no known list denies everything', () => {
    acls.set('c1', parseAclRules({}), undefined, false);
    expect(acls.check(req('publish', 'x'))?.result).toBe('deny');
  });

  test('v2 list: first matching rule decides, no match falls through to the sources', () => {
    acls.set(
      'c1',
      parseAclRules([
        { permission: 'deny', action: 'publish', topic: 'ctl/#' },
        { permission: 'allow', action: 'all', topic: 'ctl/#' },
      ]),
      undefined,
      false,
    );
    expect(acls.check(req('publish', 'ctl/a'))?.result).toBe('deny');
    expect(acls.check(req('subscribe', 'ctl/a'))?.result).toBe('allow');
    expect(acls.check(req('publish', 'other'))).toBeUndefined();
    acls.set('c1', parseAclRules([]), undefined, false);
    expect(acls.check(req('publish', 'other'))).toBeUndefined();
  });

  test('expired rules deny everything; an entry that only arms the disconnect decides nothing', () => {
    acls.set('c1', { ...parseAclRules([{ permission: 'allow', action: 'all', topic: '#' }]), expireAt: Date.now() - 1000 }, undefined, false);
    expect(acls.check(req('publish', 'x'))).toEqual({ result: 'deny', rule: EXPIRED });
    acls.set('c1', { ...parseAclRules([{ permission: 'allow', action: 'all', topic: '#' }]), expireAt: Date.now() + 60_000 }, undefined, false);
    expect(acls.check(req('publish', 'x'))?.result).toBe('allow');
    acls.set('c1', undefined, Date.now() + 60_000, true);
    expect(acls.check(req('publish', 'x'))).toBeUndefined();
    expect(kicked).toEqual([]);
  });
});
