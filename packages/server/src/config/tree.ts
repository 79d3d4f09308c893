// Small helpers over plain JSON config trees addressed by dotted paths ('mqtt.max_packet_size').
import type { ConfigTree } from './defaults';

export const isObject = (v: unknown): v is ConfigTree => typeof v === 'object' && v !== null && !Array.isArray(v);

export function getPath(tree: unknown, path: string): unknown {
  if (path === '') return tree;
  let node: unknown = tree;
  for (const seg of path.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[seg];
  }
  return node;
}

/** Returns a copy of `tree` with `value` at `path` (intermediate objects created). */
export function setPath(tree: ConfigTree, path: string, value: unknown): ConfigTree {
  const segs = path.split('.');
  const head = segs[0];
  if (segs.length === 1) return { ...tree, [head]: value };
  const child = isObject(tree[head]) ? tree[head] : {};
  return { ...tree, [head]: setPath(child, segs.slice(1).join('.'), value) };
}

/** Deep merge: objects merge key by key, everything else (arrays included) is replaced. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return clone(base);
  if (!isObject(base) || !isObject(over)) return clone(over);
  const out: ConfigTree = { ...clone<ConfigTree>(base) };
  for (const [k, v] of Object.entries(over)) out[k] = deepMerge(base[k], v);
  return out;
}

export const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

/** Returns a copy of `tree` without the value at `path` (emptied parents are kept). */
export function unsetPath(tree: ConfigTree, path: string): ConfigTree {
  const segs = path.split('.');
  const head = segs[0];
  if (!(head in tree)) return tree;
  if (segs.length === 1) {
    const { [head]: _removed, ...rest } = tree;
    return rest;
  }
  if (!isObject(tree[head])) return tree;
  return { ...tree, [head]: unsetPath(tree[head], segs.slice(1).join('.')) };
}

/** EMQX's marker for a named entry deleted at runtime while a lower layer (defaults, file) still defines it. */
export const MARKED_FOR_DELETION = 'marked_for_deletion';

/** Drops every entry whose value is the deletion marker. */
export function dropDeleted(tree: unknown): unknown {
  if (!isObject(tree)) return tree;
  const out: ConfigTree = {};
  for (const [k, v] of Object.entries(tree)) if (v !== MARKED_FOR_DELETION) out[k] = dropDeleted(v);
  return out;
}
