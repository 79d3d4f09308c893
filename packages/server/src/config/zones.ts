// EMQX's `zones` root: zones.<name>.<zone root>, each zone root (mqtt, force_shutdown, ...) holding only the keys the
// zone sets itself (emqx_zone_schema: the global roots' fields without defaults). A zone's effective value of a key
// is its own when it sets one, else the global root's (emqx_config:get_zone_conf); zoneValue builds that view.
import { deepMerge, isObject, MARKED_FOR_DELETION } from './tree';

/** emqx_zone_schema:roots() this node has (stats and conn_congestion it does not implement) */
export const ZONE_CONFIG_ROOTS = ['mqtt', 'flapping_detect', 'force_shutdown', 'force_gc', 'overload_protection', 'durable_sessions'];

/** hocon's map key rule (invalid_map_key) */
const NAME = /^[A-Za-z0-9]+[A-Za-z0-9-_]*$/;

/**
 * Problems of a value at `zones` or below (`path: reason` texts). `checkRoot(path, value)` checks a global root's
 * partial value (mqtt.max_inflight, or the whole mqtt object) the way the global root is checked.
 */
export function zoneErrors(path: string, value: unknown, checkRoot: (path: string, value: unknown) => string[]): string[] {
  const [, name, ...rest] = path.split('.');
  if (name === undefined) {
    if (!isObject(value)) return [`zones: expected an object, got ${JSON.stringify(value)}`];
    return Object.entries(value).flatMap(([n, zone]) => (zone === MARKED_FOR_DELETION ? [] : zoneErrors(`zones.${n}`, zone, checkRoot)));
  }
  if (!NAME.test(name)) return [`zones.${name}: invalid_map_key, expected a name of letters, digits, - and _`];
  const prefix = `zones.${name}.`;
  const within = (root: string, v: unknown) => checkRoot(root, v).map((e) => prefix + e);
  if (rest.length === 0) {
    if (!isObject(value)) return [`zones.${name}: expected an object, got ${JSON.stringify(value)}`];
    return Object.entries(value).flatMap(([root, v]) => (ZONE_CONFIG_ROOTS.includes(root) ? within(root, v) : [`${prefix}${root}: unknown config key`]));
  }
  if (!ZONE_CONFIG_ROOTS.includes(rest[0])) return [`${prefix}${rest[0]}: unknown config key`];
  return within(rest.join('.'), value);
}

/** the zone's effective value of one zone root: the global root with the zone's own keys on top */
export function zoneValue<T>(global: T, own: unknown): T {
  return (isObject(own) ? deepMerge(global, own) : global) as T;
}

/** a zone's own durable_sessions.enable, when it sets one */
export function ownDurable(zone: unknown): boolean | undefined {
  const own = isObject(zone) && isObject(zone.durable_sessions) ? zone.durable_sessions.enable : undefined;
  return typeof own === 'boolean' ? own : undefined;
}

/** durable sessions are on in some zone: the global one, or a custom zone that enables them itself */
export function anyZoneDurable(globalEnable: unknown, zones: unknown): boolean {
  return globalEnable === true || (isObject(zones) && Object.values(zones).some((z) => ownDurable(z) === true));
}
