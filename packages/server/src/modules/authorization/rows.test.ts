import { describe, expect, test } from 'vitest';
import { parseAclRules } from './client-acl';
import { ruleMatches, type RequestView } from './rule';
import { ruleFromRecord, rulesFromRecords } from './rows';
import { httpAnswer, redisRules } from './sources/external';

const req = (over: Partial<RequestView>): RequestView => ({ clientid: 'c', username: 'u', peerhost: '127.0.0.1', action: 'publish', topic: 't', qos: 0, retain: false, ...over });

describe('rules from external records', () => {
  test('fields as EMQX reads them; unreadable rows are skipped', () => {
    const rules = rulesFromRecords(
      [
        { permission: 'allow', action: 'publish', topic: 'a/${username}', qos: '0,1', retain: '0' },
        { permission: 'maybe', action: 'publish', topic: 'x' },
        { permission: 'deny', action: 'sub', topics: ['b/#', 'eq c/#'] },
        { permission: 'deny', action: 'all', topic: 'q', qos: 7 },
      ],
      'sql',
    );
    expect(rules).toHaveLength(2);
    expect(ruleMatches(rules[0], req({ topic: 'a/u', qos: 1 }))).toBe(true);
    expect(ruleMatches(rules[0], req({ topic: 'a/u', qos: 2 }))).toBe(false);
    expect(ruleMatches(rules[0], req({ topic: 'a/u', retain: true }))).toBe(false);
    expect(ruleMatches(rules[1], req({ action: 'subscribe', topic: 'c/#' }))).toBe(true);
    expect(ruleMatches(rules[1], req({ action: 'subscribe', topic: 'c/x' }))).toBe(false);
    expect(ruleFromRecord({ action: 'publish', topic: 'x' }, 'r')).toBeUndefined();
  });

  test('redis hash values: action or JSON, allow by default', () => {
    const rules = redisRules({ 'a/#': 'all', 'b/#': '{"action":"publish","permission":"deny"}', 'c/#': '{broken', 'd/#': 'fly' });
    expect(rules.map((r) => [r.permission, r.action])).toEqual([
      ['allow', 'all'],
      ['deny', 'publish'],
    ]);
  });

  test('acl claim: rule list (v2) or {pub, sub, all} (v1, denies the rest); garbage refused', () => {
    const v1 = parseAclRules({ pub: ['p/#'], sub: ['s/#'] });
    expect(v1.rules.map((r) => `${r.permission} ${r.action} ${r.topics[0].text}`)).toEqual(['allow publish p/#', 'allow subscribe s/#']);
    expect(v1.denyUnmatched).toBe(true);
    const v2 = parseAclRules([{ permission: 'deny', action: 'publish', topic: 'x' }]);
    expect(v2.rules[0].permission).toBe('deny');
    expect(v2.denyUnmatched).toBeUndefined();
    expect(() => parseAclRules([{ topic: 'x' }])).toThrow();
    expect(() => parseAclRules('all')).toThrow();
    expect(() => parseAclRules({ pub: ['p/#'] }, false)).toThrow('expected a list of rules'); // HTTP answers: lists only
  });

  test('HTTP source answers', () => {
    expect(httpAnswer(204, '').result).toBe('allow');
    expect(httpAnswer(200, '{"result":"deny"}').result).toBe('deny');
    expect(httpAnswer(200, '{"result":"ignore"}').result).toBe('nomatch');
    expect(httpAnswer(403, '').result).toBe('nomatch');
  });
});
