import { describe, expect, it } from 'vitest';
import { routeSchema } from './route-schema';
import { validateResponse } from './validate-response';

describe('routeSchema', () => {
  it('cuts query, path and body schemas from the contract, refs resolved', () => {
    const clients = routeSchema('get', '/clients');
    expect(clients.querystring?.properties.page).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(clients.querystring?.properties.limit).toMatchObject({ maximum: 10000 });
    expect(JSON.stringify(clients)).not.toContain('$ref');
    expect(JSON.stringify(clients)).not.toContain('"example"');
    const user = routeSchema('put', '/users/{username}');
    expect(user.params?.required).toEqual(['username']);
    expect(user.body?.properties.description).toMatchObject({ type: 'string' });
  });

  it('keeps mixed enums usable: enable_authn accepts true, false and quick_deny_anonymous', async () => {
    const { toJsonSchema } = await import('./to-json-schema');
    const schema = toJsonSchema({ type: 'string', enum: [true, false, 'quick_deny_anonymous'] });
    expect(schema.type).toBeUndefined();
    expect(schema.enum).toEqual([true, false, 'quick_deny_anonymous']);
    expect(toJsonSchema({ type: 'string', enum: ['a', 'b'] })).toEqual({ type: 'string', enum: ['a', 'b'] });
  });

  it('throws for a path outside the contract', () => {
    expect(() => routeSchema('get', '/not/in/contract')).toThrow(/not in the EMQX 5.8.1 contract/);
  });
});

describe('validateResponse', () => {
  it('accepts conforming bodies and names what is wrong otherwise', () => {
    expect(validateResponse('get', '/error_codes/{code}', 200, { code: 'BAD_REQUEST', description: 'x' })).toEqual([]);
    const errors = validateResponse('get', '/users', 200, [{ username: 7 }]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toContain('/0/username');
  });
});
