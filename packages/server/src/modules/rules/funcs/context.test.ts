import { describe, expect, test } from 'vitest';
import { contextFunctions } from './context';
import { caller } from './funcs.testing';
import { RuleFunctionError } from './types';

const columns = {
  id: '0006179F8E4A4E8AF4420000A4F10000',
  clientid: 'clientid',
  username: 'feng',
  peerhost: '127.0.0.1',
  topic: 'topic/#',
  qos: 1,
  flags: { dup: false, retain: true },
  payload: '{"a":{"b":{"c":"c"}}}',
};
const call = caller(contextFunctions, columns);
const none = caller(contextFunctions, {});

describe('message context functions', () => {
  test('read the columns of the rule input, undefined when the input has none', () => {
    expect(call('msgid')).toBe(columns.id);
    expect(call('qos')).toBe(1);
    expect(call('clientid')).toBe('clientid');
    expect(call('username')).toBe('feng');
    expect(call('clientip')).toBe('127.0.0.1');
    expect(call('peerhost')).toBe('127.0.0.1');
    expect(call('topic')).toBe('topic/#');
    for (const f of ['msgid', 'qos', 'clientid', 'username', 'clientip', 'peerhost', 'topic', 'payload']) expect(none(f)).toBeUndefined();
  });

  test('topic(n) is the n-th level; a level the topic lacks is an error', () => {
    expect(call('topic', 1)).toBe('topic');
    expect(call('topic', 2)).toBe('#');
    expect(() => call('topic', 3)).toThrow(RuleFunctionError);
    expect(() => call('topic', '1')).toThrow(RuleFunctionError);
    expect(none('topic', 1)).toBeUndefined();
  });

  test('flags() and flag(name)', () => {
    expect(call('flags')).toEqual({ dup: false, retain: true });
    expect(none('flags')).toEqual({});
    expect(call('flag', 'dup')).toBe(false);
    expect(call('flag', 'retain')).toBe(true);
    expect(call('flag', 'other')).toBeUndefined();
  });

  test('payload() is the raw payload; payload(path) reads into its JSON', () => {
    expect(call('payload')).toBe(columns.payload);
    expect(call('payload', 'a.b.c')).toBe('c');
    expect(call('payload', 'a.x')).toBeUndefined();
    expect(caller(contextFunctions, { payload: { a: { b: 1 } } })('payload', 'a.b')).toBe(1);
    expect(caller(contextFunctions, { payload: 'not json' })('payload', 'a')).toBeUndefined();
  });

  test('null() is undefined; coalesce skips undefined; coalesce_ne also empty strings and lists', () => {
    expect(call('null')).toBeUndefined();
    expect(call('coalesce', [])).toBeUndefined();
    expect(call('coalesce', [undefined, undefined])).toBeUndefined();
    expect(call('coalesce', [undefined, 42, undefined])).toBe(42);
    expect(call('coalesce', ['hello', undefined])).toBe('hello');
    expect(call('coalesce', 'hello', 'world')).toBe('hello');
    expect(call('coalesce', undefined, 'world')).toBe('world');
    expect(call('coalesce', null, 'world')).toBeNull();
    expect(call('coalesce_ne', [])).toBeUndefined();
    expect(call('coalesce_ne', ['', undefined, []])).toBeUndefined();
    expect(call('coalesce_ne', ['', 42, undefined])).toBe(42);
    expect(call('coalesce_ne', '', 'world')).toBe('world');
    expect(call('coalesce_ne', 'hello', 'world')).toBe('hello');
    expect(() => call('coalesce', 'not a list')).toThrow(RuleFunctionError);
  });

  test('contains_topic compares topics exactly; contains_topic_match matches them against a filter', () => {
    const subs = [
      { topic: 't/a', qos: 1 },
      { topic: 't/b/c', qos: 2 },
    ];
    expect(call('contains_topic', subs, 't/a')).toBe(true);
    expect(call('contains_topic', subs, 't/#')).toBe(false);
    expect(call('contains_topic', subs, 't/a', 1)).toBe(true);
    expect(call('contains_topic', subs, 't/a', 2)).toBe(false);
    expect(call('contains_topic_match', subs, 't/#')).toBe(true);
    expect(call('contains_topic_match', subs, 't/+/c', 2)).toBe(true);
    expect(call('contains_topic_match', subs, 't/+/c', 1)).toBe(false);
    expect(call('contains_topic_match', subs, 'x/+')).toBe(false);
    expect(() => call('contains_topic', 't/a', 't/a')).toThrow(RuleFunctionError);
  });
});
