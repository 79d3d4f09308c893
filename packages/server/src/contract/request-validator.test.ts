// The request validator route() installs (issue 21): its sentences, its integer bounds and its depth walk.
import { describe, expect, test } from 'vitest';
import { compileRequestValidator, numberErrors, tighten, tooDeep } from './request-validator';

const compile = (schema: object, httpPart = 'body') =>
  compileRequestValidator({ schema, httpPart, method: 'POST', url: '/x' }) as (data: unknown) => { value?: unknown; error?: Error };
const message = (schema: object, data: unknown, part = 'body') => compile(schema, part)(data).error?.message;

describe('bodies: no coercion, the field named', () => {
  const schema = {
    type: 'object',
    properties: { name: { type: 'string' }, enable: { type: 'boolean' }, n: { type: 'integer', minimum: 0 }, kind: { enum: ['a', 'b'] } },
    required: ['name'],
  };
  test.each([
    [{ name: ['a'] }, 'name must be string'],
    [{ name: 'x', enable: null }, 'enable must be boolean'],
    [{ name: 'x', n: '5' }, 'n must be integer'],
    [{ name: 'x', n: 1e308 }, 'n must be <= 9007199254740991'],
    [{ name: 'x', n: -1 }, 'n must be >= 0'],
    [{ name: 'x', kind: 'c' }, 'kind must be one of "a", "b"'],
    [{}, 'name is required'],
    [[], 'the request body must be object'],
  ])('%j → %s', (data, text) => {
    expect(message(schema, data)).toBe(text);
  });

  test('a valid body passes unchanged', () => {
    expect(compile(schema)({ name: 'x', enable: true, n: 3 })).toEqual({ value: { name: 'x', enable: true, n: 3 } });
  });

  test('a union names the bound rather than every branch type', () => {
    const union = { type: 'object', properties: { at: { anyOf: [{ type: 'integer' }, { type: 'string', enum: ['infinity'] }] } } };
    expect(message(union, { at: 9007199254740992 })).toBe('at must be <= 9007199254740991');
    expect(message(union, { at: true })).toBe('at must be integer or one of "infinity"');
  });
});

test('query strings keep their text coercion and are named as query parameters', () => {
  const q = { type: 'object', properties: { limit: { type: 'integer', minimum: 1 } } };
  expect(compile(q, 'querystring')({ limit: '10' })).toEqual({ value: { limit: 10 } });
  expect(message(q, { limit: 'x' }, 'querystring')).toBe('query parameter limit must be integer');
});

test('tighten bounds integers to the safe range, keeping narrower contract bounds', () => {
  expect(tighten({ type: 'integer' })).toMatchObject({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
  expect(tighten({ type: ['integer', 'null'], minimum: 0, maximum: 2 })).toMatchObject({ minimum: 0, maximum: 2 });
  expect(tighten({ type: 'number' })).toEqual({ type: 'number' });
});

test('tooDeep walks iteratively and names where the limit is passed', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = { a: deep };
  expect(tooDeep(deep)?.startsWith('a.a.a')).toBe(true);
  expect(tooDeep({ a: [{ b: 1 }] })).toBeUndefined();
  expect(tooDeep([[[1]]], 2)).toBe('[0][0]');
});

test('numberErrors: integers the contract types, outside a union with floats', () => {
  const schema = { properties: { count: { type: 'integer', minimum: 0 }, ratio: { type: 'number' }, when: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string' }] } } };
  expect(numberErrors(schema, { count: 1e308, ratio: 0.5, when: 'infinity' }, 'force_gc')).toEqual(['force_gc.count: expected an integer from 0 to 9007199254740991, got 1e+308']);
  expect(numberErrors(schema, { count: 2147483648, when: 0 }, 'r')).toEqual(['r.when: expected an integer from 1 to 9007199254740991, got 0']);
});
