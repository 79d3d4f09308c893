import { describe, expect, test } from 'vitest';
import { AclSyntaxError, DEFAULT_ACL, parseAcl } from './acl-file';
import { ruleMatches, type RequestView } from './rule';

const req = (o: Partial<RequestView>): RequestView => ({ clientid: 'c', username: 'u', peerhost: '10.0.0.5', action: 'publish', topic: 't', qos: 0, retain: false, ...o });
const decide = (text: string, r: RequestView) => parseAcl(text).find((rule) => ruleMatches(rule, r))?.permission ?? 'nomatch';

describe('ACL file syntax', () => {
  test('the default file: dashboard $SYS, localhost all, eq # denied, everything else allowed', () => {
    expect(parseAcl(DEFAULT_ACL)).toHaveLength(4);
    expect(decide(DEFAULT_ACL, req({ username: 'dashboard', action: 'subscribe', topic: '$SYS/brokers' }))).toBe('allow');
    expect(decide(DEFAULT_ACL, req({ action: 'subscribe', topic: '#' }))).toBe('deny');
    expect(decide(DEFAULT_ACL, req({ action: 'subscribe', topic: '+/#' }))).toBe('deny');
    expect(decide(DEFAULT_ACL, req({ action: 'subscribe', topic: 'a/#' }))).toBe('allow');
    expect(decide(DEFAULT_ACL, req({ peerhost: '127.0.0.1', action: 'subscribe', topic: '#' }))).toBe('allow');
  });

  test('placeholders, regex, ipaddrs, and/or, qos and retain conditions', () => {
    const acl = `
      {allow, {clientid, {re, "^dev-"}}, publish, ["devices/\${clientid}/#"]}.
      {deny, {'and', [{username, "bob"}, {ipaddrs, ["10.0.0.0/8"]}]}, all, ["#"]}.
      {allow, all, {publish, [{qos, [0, 1]}, {retain, false}]}, ["q/#"]}.
    `;
    expect(decide(acl, req({ clientid: 'dev-1', topic: 'devices/dev-1/x' }))).toBe('allow');
    expect(decide(acl, req({ clientid: 'dev-1', topic: 'devices/dev-2/x' }))).toBe('nomatch');
    expect(decide(acl, req({ username: 'bob', topic: 'any' }))).toBe('deny');
    expect(decide(acl, req({ username: 'bob', peerhost: '192.168.1.1', topic: 'any' }))).toBe('nomatch');
    expect(decide(acl, req({ topic: 'q/1', qos: 1 }))).toBe('allow');
    expect(decide(acl, req({ topic: 'q/1', qos: 2 }))).toBe('nomatch');
    expect(decide(acl, req({ topic: 'q/1', retain: true }))).toBe('nomatch');
  });

  test('errors name the line', () => {
    expect(() => parseAcl('{allow, all}.\n{maybe, all}.')).toThrow(AclSyntaxError);
    expect(() => parseAcl('{allow, all}.\n{maybe, all}.')).toThrow(/line 2: permission/);
    expect(() => parseAcl('{allow, all}')).toThrow(/expected '\.'/);
    expect(() => parseAcl('{allow, {ipaddr, "300.1.1.1"}, all, ["#"]}.')).toThrow(/line 1/);
    expect(() => parseAcl('{allow, all, publish, "t"}.')).toThrow(/topics must be a list/);
  });
});
