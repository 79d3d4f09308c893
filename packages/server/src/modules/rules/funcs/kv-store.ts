// kv_store_get/put/del: EMQX's node-local key–value store (an ETS set table shared by every rule on the node,
// emptied when the node restarts), and proc_dict_get/put/del: the Erlang process dictionary of the process that
// runs the rule. EMQX runs a message's rules in the publishing client's process, so here the process dictionary
// is one dictionary per client id (inputs without a client share one), kept for the most recent clients.
// Keys are compared as Erlang terms: the string 'a' and the bytes <<"a">> are the same key, maps compare by content.
import type { FuncContext, FunctionGroup, KvStore } from './types';
import { BitString, defineGroup } from './values';

/** A canonical text for a rule value, equal exactly when the Erlang terms are equal (=:=, with JS's one number type). */
export function termKey(value: unknown): string {
  if (value === undefined) return 'a:undefined';
  if (value === null) return 'a:null';
  if (typeof value === 'boolean') return `a:${String(value)}`;
  if (typeof value === 'number' || typeof value === 'bigint') return `n:${String(value)}`;
  if (typeof value === 'string') return `b:${Buffer.from(value, 'utf8').toString('hex')}`;
  if (Buffer.isBuffer(value)) return `b:${value.toString('hex')}`;
  if (value instanceof BitString) return `s:${value.bitLength}:${value.bytes.toString('hex')}`;
  if (Array.isArray(value)) return `l:[${value.map(termKey).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${termKey(k)}=${termKey(v)}`)
      .sort();
    return `m:{${entries.join(',')}}`;
  }
  return `o:${String(value)}`;
}

/** The store behind kv_store_*: one per node, in memory (EMQX's ETS table does not survive a restart either). */
export class NodeKvStore implements KvStore {
  private readonly entries = new Map<string, unknown>();
  get(key: unknown): unknown {
    return this.entries.get(termKey(key));
  }
  has(key: unknown): boolean {
    return this.entries.has(termKey(key));
  }
  put(key: unknown, value: unknown): void {
    this.entries.set(termKey(key), value);
  }
  del(key: unknown): void {
    this.entries.delete(termKey(key));
  }
  get size(): number {
    return this.entries.size;
  }
}

/** How many clients' process dictionaries are kept (least recently used ones are dropped). */
export const PROC_DICT_CLIENTS = 10_000;
const procDicts = new Map<string, Map<string, unknown>>();

function procDict(ctx: FuncContext): Map<string, unknown> {
  const owner = typeof ctx.columns.clientid === 'string' ? ctx.columns.clientid : '';
  let dict = procDicts.get(owner);
  if (dict) procDicts.delete(owner);
  else dict = new Map();
  procDicts.set(owner, dict); // most recently used last
  if (procDicts.size > PROC_DICT_CLIENTS) procDicts.delete(procDicts.keys().next().value!);
  return dict;
}

export const kvStoreFunctions: FunctionGroup = defineGroup({
  kv_store_get: [
    [1, 2],
    ([key, fallback], ctx) => {
      const value = ctx.kv.get(key);
      if (value !== undefined) return value;
      return ctx.kv instanceof NodeKvStore && ctx.kv.has(key) ? value : fallback;
    },
  ],
  kv_store_put: [
    2,
    ([key, value], ctx) => {
      ctx.kv.put(key, value);
      return true;
    },
  ],
  kv_store_del: [
    1,
    ([key], ctx) => {
      ctx.kv.del(key);
      return true;
    },
  ],
  proc_dict_get: [1, ([key], ctx) => procDict(ctx).get(termKey(key))],
  proc_dict_put: [
    2,
    ([key, value], ctx) => {
      const dict = procDict(ctx);
      const previous = dict.get(termKey(key));
      dict.set(termKey(key), value);
      return previous;
    },
  ],
  proc_dict_del: [
    1,
    ([key], ctx) => {
      const dict = procDict(ctx);
      const previous = dict.get(termKey(key));
      dict.delete(termKey(key));
      return previous;
    },
  ],
});
