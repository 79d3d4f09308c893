// Checks a candidate config value against the default tree's shape and the leaf rules (rules.ts).
// Unknown keys are refused, as EMQX's schema does ("unknown_fields").
import type { ConfigTree } from './defaults';
import { NAMED_ENTRIES, checkRule, isOptionalKey, ruleFor } from './rules';
import { MARKED_FOR_DELETION, isObject } from './tree';
import { zoneErrors } from './zones';

/** The default value that describes `path` (named entries such as listeners.tcp.x use their 'default'). */
export function shapeAt(defaults: ConfigTree, path: string): unknown {
  let node: unknown = defaults;
  let walked = '';
  for (const seg of path.split('.')) {
    if (!isObject(node)) return undefined;
    const named = NAMED_ENTRIES.includes(walked);
    node = named ? (node[seg] ?? node.default) : node[seg];
    walked = walked ? `${walked}.${seg}` : seg;
  }
  return node;
}

export function validateValue(defaults: ConfigTree, path: string, value: unknown): string[] {
  if (path === 'zones' || path.startsWith('zones.')) return zoneErrors(path, value, (root, v) => validateValue(defaults, root, v));
  const shape = shapeAt(defaults, path);
  if (shape === undefined && isOptionalKey(path)) return check(path, value, value);
  if (shape === undefined) return [`${path}: unknown config key`];
  return check(path, shape, value);
}

function check(path: string, shape: unknown, value: unknown): string[] {
  const rule = ruleFor(path);
  if (rule) {
    const reason = checkRule(rule, value);
    // 'object' rules (mqueue_priorities) hold free-form maps: no deeper shape check.
    return reason ? [`${path}: ${reason}`] : [];
  }
  if (isObject(shape)) {
    if (!isObject(value)) return [`${path}: expected an object, got ${JSON.stringify(value)}`];
    const named = NAMED_ENTRIES.includes(path);
    const errors: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      const sub = named ? (shape[key] ?? shape.default) : shape[key];
      if (named && v === MARKED_FOR_DELETION) continue; // a deleted listener / log handler
      if (sub === undefined && isOptionalKey(`${path}.${key}`)) errors.push(...check(`${path}.${key}`, v, v));
      else if (sub === undefined) errors.push(`${path}.${key}: unknown config key`);
      else errors.push(...check(`${path}.${key}`, sub, v));
    }
    return errors;
  }
  if (Array.isArray(shape)) return Array.isArray(value) ? [] : [`${path}: expected an array, got ${JSON.stringify(value)}`];
  if (typeof shape === 'number' && typeof value === 'number' && Number.isFinite(value)) return [];
  if (typeof shape === typeof value) return [];
  return [`${path}: expected ${typeof shape}, got ${JSON.stringify(value)}`];
}
