// Which config roots the /configs API exposes, how secrets are shown (secrets.ts), and how a candidate value is checked.
import type { ConfigService } from '../../config/config.service';
import { isObject } from '../../config/tree';
import { maskSecrets, restoreSecrets } from './secrets';
import { validateValue } from '../../config/validate';
import { variformError } from '@mqdeck/broker';
import { ApiError } from '../../errors';

/** `GET|PUT /configs/global_zone` carries these roots (EMQX 5.8 global zone). */
export const ZONE_ROOTS = ['mqtt', 'flapping_detect', 'force_shutdown', 'force_gc', 'durable_sessions'] as const;
/** `GET|PUT /configs/{root}` and the JSON form of `GET /configs`. */
export const PLAIN_ROOTS = ['sys_topics', 'sysmon', 'alarm', 'log', 'broker', 'dashboard'] as const;
export const RESETTABLE_ROOTS = ['broker', 'log', 'sysmon', 'sys_topics', 'alarm', 'dashboard'];

export const updateFailed = (message: string) => new ApiError(400, 'UPDATE_FAILED', message);

/** The value stored at `path` (a root or a dotted path below one) as GET shows it: every secret masked. */
export function masked(path: string, value: unknown): unknown {
  return maskSecrets(value, path.split('.').pop());
}

/** Puts stored secrets back where the body carries the mask (a mask with nothing stored is dropped). */
export function unmasked(config: ConfigService, root: string, value: unknown): unknown {
  return restoreSecrets(value, config.get(root));
}

/** EMQX's extra checks on the mqtt root that a shape/rule check cannot express. */
function mqttErrors(mqtt: Record<string, unknown>): string[] {
  const errors: string[] = [];
  const priorities = mqtt.mqueue_priorities;
  if (isObject(priorities)) {
    for (const [topic, p] of Object.entries(priorities)) {
      if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 255) errors.push(`mqtt.mqueue_priorities.${topic}: Priority number must be a number between 1 and 255.`);
    }
  }
  const attrs = mqtt.client_attrs_init;
  if (Array.isArray(attrs)) {
    const seen = new Set<string>();
    attrs.forEach((a, i) => {
      const name = isObject(a) ? a.set_as_attr : undefined;
      if (!isObject(a) || typeof a.expression !== 'string' || typeof name !== 'string' || name === '') {
        errors.push(`mqtt.client_attrs_init[${i}]: expected {expression, set_as_attr}`);
      } else if (seen.has(name)) errors.push(`mqtt.client_attrs_init[${i}].set_as_attr: Duplicated Attribute ${JSON.stringify(name)}`);
      else if (!/^[A-Za-z0-9]+[A-Za-z0-9-_]*$/.test(name)) errors.push(`mqtt.client_attrs_init[${i}].set_as_attr: Invalid string for attribute name`);
      else seen.add(name);
      // the expression is compiled here, so a syntax error or a function this node lacks never reaches a client
      const why = isObject(a) && typeof a.expression === 'string' ? variformError(a.expression) : undefined;
      if (why) errors.push(`mqtt.client_attrs_init[${i}].expression: ${why}`);
    });
  }
  if (typeof mqtt.keepalive_multiplier === 'number' && mqtt.keepalive_multiplier < 1) errors.push('mqtt.keepalive_multiplier: must be >= 1');
  return errors;
}

/**
 * A listener's zone must exist (emqx_config_zones:assert_zone_exists): zones that listeners use cannot go away.
 * EMQX 5.8 itself lets them go and its listener's next connection fails on the missing zone; this node refuses.
 */
function zonesInUse(config: ConfigService, zones: Record<string, unknown>): string[] {
  const listeners = config.get<Record<string, Record<string, { zone?: unknown }>>>('listeners') ?? {};
  const errors: string[] = [];
  for (const [type, byName] of Object.entries(listeners)) {
    for (const [name, l] of Object.entries(byName ?? {})) {
      const zone = l?.zone;
      // a zone being deleted carries the deletion marker (load.ts), not an object
      if (typeof zone === 'string' && zone !== 'default' && !isObject(zones[zone])) {
        errors.push(`zones.${zone}: zone ${zone} is used by listener ${type}:${name}, change the listener's zone first`);
      }
    }
  }
  return errors;
}

/** Every problem of a candidate root value (empty = valid). */
export function rootErrors(config: ConfigService, root: string, value: unknown): string[] {
  if (!isObject(value)) return [`${root}: expected an object, got ${JSON.stringify(value)}`];
  const errors = validateValue(config.defaults, root, value);
  if (root === 'mqtt') errors.push(...mqttErrors(value));
  if (root === 'zones') {
    for (const [name, zone] of Object.entries(value)) {
      if (isObject(zone) && isObject(zone.mqtt)) errors.push(...mqttErrors(zone.mqtt).map((e) => `zones.${name}.${e}`));
    }
    errors.push(...zonesInUse(config, value));
  }
  if (root === 'alarm' && Array.isArray(value.actions) && value.actions.some((a) => a !== 'log' && a !== 'publish')) {
    errors.push(`alarm.actions: expected a list of log, publish, got ${JSON.stringify(value.actions)}`);
  }
  return errors;
}
