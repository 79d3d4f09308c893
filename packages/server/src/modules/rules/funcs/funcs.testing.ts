// Test helpers of the function groups: call a function by name the way the SQL compiler does.
import type { FuncContext, FunctionGroup } from './types';

export function funcContext(columns: Record<string, unknown> = {}): FuncContext {
  const store = new Map<unknown, unknown>();
  return {
    columns,
    node: 'emqx@127.0.0.1',
    kv: { get: (k) => store.get(k), put: (k, v) => void store.set(k, v), del: (k) => void store.delete(k) },
    jqTimeoutMs: 10_000,
  };
}

/** `call(name, ...args)` on a group, with empty columns unless `columns` is given. */
export function caller(group: FunctionGroup, columns?: Record<string, unknown>) {
  const ctx = funcContext(columns);
  return (name: string, ...args: unknown[]): unknown => {
    const fn = group.sync[name];
    if (!fn) throw new Error(`no function ${name} in this group`);
    return fn(args, ctx);
  };
}
