// Map functions (EMQX "Map Operations"). map_get/map_put take a dotted key path ("a.b") and look through a JSON
// text on the way down, as EMQX's nested get/put do; mget/mput (kept by EMQX for compatibility) take one key.
import { toMap } from './conversion';
import { anyToText, asText, defineGroup, isBinary, isMap, jsonDecode, type MapValue } from './values';

const pathOf = (key: unknown): string[] => asText(key, 'the key').split('.');

function childOf(data: unknown, key: string): unknown {
  const m = isBinary(data) ? jsonDecode(data) : data;
  return isMap(m) && Object.hasOwn(m, key) ? m[key] : undefined;
}

/** The value at `path` inside `data`, or `fallback` when a step is missing (or holds undefined). */
export function nestedGet(path: string[], data: unknown, fallback: unknown): unknown {
  let cur = data;
  for (const key of path) {
    cur = childOf(cur, key);
    if (cur === undefined) return fallback;
  }
  return cur;
}

function putIn(path: string[], i: number, value: unknown, data: unknown): unknown {
  if (i === path.length) return value;
  const key = path[i];
  const inner = putIn(path, i + 1, value, childOf(data, key));
  // a map gets the key added or replaced; anything else (a JSON text, a list, a number) is replaced by a new map
  return isMap(data) ? { ...data, [key]: inner } : { [key]: inner };
}

/** A copy of `data` with `value` at `path`; data that is not a map or a list starts as an empty map. */
export function nestedPut(path: string[], value: unknown, data: unknown): unknown {
  return putIn(path, 0, value, isMap(data) || Array.isArray(data) ? data : {});
}

function mget(key: unknown, map: unknown, fallback: unknown): unknown {
  const m = toMap(map);
  return typeof key === 'string' && Object.hasOwn(m, key) ? m[key] : fallback;
}

export const mapFunctions = defineGroup({
  map_new: [0, () => ({})],
  map_get: [[2, 3], ([key, map, fallback]) => nestedGet(pathOf(key), map, fallback)],
  map_put: [3, ([key, value, map]) => nestedPut(pathOf(key), value, map)],
  map_keys: [1, ([map]) => Object.keys(toMap(map))],
  map_values: [1, ([map]) => Object.values(toMap(map))],
  map_to_entries: [1, ([map]) => Object.entries(toMap(map)).map(([key, value]) => ({ key, value }))],
  map_size: [1, ([map]) => Object.keys(toMap(map)).length],
  mget: [[2, 3], ([key, map, fallback]) => mget(key, map, fallback)],
  mput: [3, ([key, value, map]): MapValue => ({ ...toMap(map), [anyToText(key)]: value })],
});
