import { describe, expect, it } from 'vitest';
import { kvStoreFunctions, NodeKvStore, termKey } from './kv-store';
import { randomFunctions } from './random';
import { systemFunctions } from './system';
import { RuleFunctionError, type FuncContext } from './types';
import { BitString } from './values';

const context = (clientid?: string, kv = new NodeKvStore()): FuncContext => ({
  columns: clientid === undefined ? {} : { clientid },
  node: 'emqx@127.0.0.1',
  kv,
  jqTimeoutMs: 10_000,
});
const kvCall = (ctx: FuncContext, name: string, ...args: unknown[]) => kvStoreFunctions.sync[name](args, ctx);

describe('kv_store_get / kv_store_put / kv_store_del', () => {
  it('store values for every rule of the node, with a default for missing keys', () => {
    const kv = new NodeKvStore();
    const a = context('c1', kv);
    const b = context('c2', kv);
    expect(kvCall(a, 'kv_store_get', 'k')).toBeUndefined();
    expect(kvCall(a, 'kv_store_get', 'k', 'dflt')).toBe('dflt');
    expect(kvCall(a, 'kv_store_put', 'k', { n: 1 })).toBe(true);
    expect(kvCall(b, 'kv_store_get', 'k')).toEqual({ n: 1 });
    expect(kvCall(b, 'kv_store_get', 'k', 'dflt')).toEqual({ n: 1 });
    expect(kvCall(a, 'kv_store_del', 'k')).toBe(true);
    expect(kvCall(b, 'kv_store_get', 'k', 'dflt')).toBe('dflt');
    expect(kvCall(a, 'kv_store_del', 'never-there')).toBe(true);
  });

  it('compare keys as Erlang terms: text and bytes alike, maps by content', () => {
    const ctx = context();
    kvCall(ctx, 'kv_store_put', 'abc', 1);
    expect(kvCall(ctx, 'kv_store_get', Buffer.from('abc'))).toBe(1);
    kvCall(ctx, 'kv_store_put', { a: 1, b: [2] }, 'map');
    expect(kvCall(ctx, 'kv_store_get', { b: [2], a: 1 })).toBe('map');
    kvCall(ctx, 'kv_store_put', 1, 'one');
    expect(kvCall(ctx, 'kv_store_get', '1')).toBeUndefined();
    kvCall(ctx, 'kv_store_put', 'stored-undefined', undefined);
    expect(kvCall(ctx, 'kv_store_get', 'stored-undefined', 'dflt')).toBeUndefined();
    expect(termKey([1, 'a'])).not.toBe(termKey(['1', 'a']));
    expect(termKey(new BitString(Buffer.from([0xa0]), 3))).not.toBe(termKey(new BitString(Buffer.from([0xa0]), 4)));
  });

  it('refuse other arities', () => {
    expect(() => kvCall(context(), 'kv_store_put', 'k')).toThrow('The SQL function kv_store_put/1 is not supported.');
  });
});

describe('proc_dict_get / proc_dict_put / proc_dict_del (SUITE t_proc_dict_put_get_del)', () => {
  it("keep values per client (EMQX: the publisher's process), returning the previous value", () => {
    const ctx = context('proc-dict-client');
    expect(kvCall(ctx, 'proc_dict_get', 'abc')).toBeUndefined();
    expect(kvCall(ctx, 'proc_dict_put', 'abc', 1)).toBeUndefined();
    expect(kvCall(ctx, 'proc_dict_get', 'abc')).toBe(1);
    expect(kvCall(context('another-client'), 'proc_dict_get', 'abc')).toBeUndefined();
    expect(kvCall(ctx, 'proc_dict_put', 'abc', 2)).toBe(1);
    expect(kvCall(ctx, 'proc_dict_del', 'abc')).toBe(2);
    expect(kvCall(ctx, 'proc_dict_get', 'abc')).toBeUndefined();
  });
});

describe('random, uuid_v4, uuid_v4_no_hyphen', () => {
  const call = (name: string) => randomFunctions.sync[name]([], context());
  it('give a float in [0, 1) and fresh version-4 UUIDs', () => {
    const seen = new Set<unknown>();
    for (let i = 0; i < 100; i++) {
      const r = call('random') as number;
      expect(r >= 0 && r < 1).toBe(true);
      const u = call('uuid_v4') as string;
      expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(call('uuid_v4_no_hyphen')).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
      seen.add(u);
    }
    expect(seen.size).toBe(100);
    expect(() => randomFunctions.sync.random([1], context())).toThrow(RuleFunctionError);
  });
});

describe('getenv', () => {
  it('reads EMQXVAR_-prefixed variables only, "" when unset', () => {
    process.env.EMQXVAR_RULE_FUNCS_TEST = 'from-env';
    try {
      expect(systemFunctions.sync.getenv(['RULE_FUNCS_TEST'], context())).toBe('from-env');
      expect(systemFunctions.sync.getenv(['RULE_FUNCS_UNSET'], context())).toBe('');
      expect(systemFunctions.sync.getenv(['PATH'], context())).toBe('');
      expect(() => systemFunctions.sync.getenv([1], context())).toThrow(RuleFunctionError);
    } finally {
      delete process.env.EMQXVAR_RULE_FUNCS_TEST;
    }
  });
});
