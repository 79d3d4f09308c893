import { describe, expect, test } from 'vitest';
import { caller } from './funcs.testing';
import { mapFunctions } from './map';
import { RuleFunctionError } from './types';

const call = caller(mapFunctions);

describe('map functions', () => {
  test('map_get follows a dotted path, through JSON text too, with a default', () => {
    expect(call('map_get', 'a', { a: 1 })).toBe(1);
    expect(call('map_get', 'a', {})).toBeUndefined();
    expect(call('map_get', 'a.b', { a: { b: 1 } })).toBe(1);
    expect(call('map_get', 'a.c', { a: { b: 1 } })).toBeUndefined();
    expect(call('map_get', 'a.c', { a: { b: 1 } }, 'none')).toBe('none');
    expect(call('map_get', 'a.b', '{"a":{"b":2}}')).toBe(2);
    expect(call('map_get', 'a.b', { a: '{"b":3}' })).toBe(3);
    expect(call('map_get', 'a', 42, 'd')).toBe('d');
    expect(() => call('map_get', 1, { a: 1 })).toThrow(RuleFunctionError);
  });

  test('map_put returns a new map with the value at the path', () => {
    const m = { a: 1 };
    expect(call('map_put', 'a', 2, m)).toEqual({ a: 2 });
    expect(m).toEqual({ a: 1 });
    expect(call('map_put', 'a', 1, {})).toEqual({ a: 1 });
    expect(call('map_put', 'a.b', 1, {})).toEqual({ a: { b: 1 } });
    expect(call('map_put', 'a.c', 1, { a: { b: 1 } })).toEqual({ a: { b: 1, c: 1 } });
    expect(call('map_put', 'a', 1, 'not a map')).toEqual({ a: 1 });
    expect(call('map_put', 'a.b', 1, { a: 5 })).toEqual({ a: { b: 1 } });
  });

  test('mget and mput take one key (a dot is part of it) and accept JSON text', () => {
    expect(call('mget', 'a', { a: 1 })).toBe(1);
    expect(call('mget', 'a', '{"a" : 1}')).toBe(1);
    expect(call('mget', 'a.b', { 'a.b': 1 })).toBe(1);
    expect(call('mget', 'a', {})).toBeUndefined();
    expect(call('mget', 'a', {}, 0)).toBe(0);
    expect(call('mput', 'a', 1, {})).toEqual({ a: 1 });
    expect(call('mput', 'a', 2, { a: 1 })).toEqual({ a: 2 });
    expect(call('mput', 'a', 2, '{"a" : 1}')).toEqual({ a: 2 });
    expect(call('mput', 'a.b', 2, { 'a.b': 1 })).toEqual({ 'a.b': 2 });
    expect(() => call('mget', 'a', 'nope')).toThrow(RuleFunctionError);
  });

  test('keys, values, entries and size of a map or a JSON object text', () => {
    const m = { a: 'a', b: 1, c: 'c' };
    const j = '{"a":"a","b":1,"c":"c"}';
    expect(call('map_keys', m)).toEqual(['a', 'b', 'c']);
    expect(call('map_keys', j)).toEqual(['a', 'b', 'c']);
    expect(call('map_values', j)).toEqual(['a', 1, 'c']);
    expect(call('map_to_entries', {})).toEqual([]);
    expect(call('map_to_entries', '{"a":1,"b":"b"}')).toEqual([
      { key: 'a', value: 1 },
      { key: 'b', value: 'b' },
    ]);
    expect(call('map_size', {})).toBe(0);
    expect(call('map_size', { a: 'b' })).toBe(1);
    expect(call('map_size', [])).toBe(0);
    expect(call('map_size', [['a', 'b']])).toBe(1);
    expect(call('map_size', '{}')).toBe(0);
    expect(call('map_size', '{"a" : "b"}')).toBe(1);
    expect(call('map_new')).toEqual({});
    expect(() => call('map_keys', 5)).toThrow(RuleFunctionError);
  });
});
