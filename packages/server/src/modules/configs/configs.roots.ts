// Which config roots the /configs API exposes, what is secret, and how a candidate value is checked.
import type { ConfigService } from '../../config/config.service';
import { getPath, isObject } from '../../config/tree';
import { validateValue } from '../../config/validate';
import { ApiError } from '../../errors';

/** `GET|PUT /configs/global_zone` carries these roots (EMQX 5.8 global zone). */
export const ZONE_ROOTS = ['mqtt', 'flapping_detect', 'force_shutdown', 'force_gc', 'durable_sessions'] as const;
/** `GET|PUT /configs/{root}` and the JSON form of `GET /configs`. */
export const PLAIN_ROOTS = ['sys_topics', 'sysmon', 'alarm', 'log', 'broker', 'dashboard'] as const;
export const RESETTABLE_ROOTS = ['broker', 'log', 'sysmon', 'sys_topics', 'alarm', 'dashboard'];

export const MASK = '******';
/** Secret leaves, shown masked; a PUT that sends the mask back keeps the stored value. */
const SECRETS = ['dashboard.default_password', 'node.cookie'];

export const updateFailed = (message: string) => new ApiError(400, 'UPDATE_FAILED', message);

export function masked(root: string, value: unknown): unknown {
  if (!isObject(value)) return value;
  const out = structuredClone(value);
  for (const secret of SECRETS) {
    const [r, ...rest] = secret.split('.');
    if (r !== root) continue;
    const parent = rest.slice(0, -1).reduce<Record<string, unknown> | undefined>((node, k) => (isObject(node?.[k]) ? (node[k] as Record<string, unknown>) : undefined), out);
    const leaf = rest[rest.length - 1];
    if (parent && parent[leaf] !== undefined) parent[leaf] = MASK;
  }
  return out;
}

/** Puts stored secrets back where the body carries the mask. */
export function unmasked(config: ConfigService, root: string, value: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(value);
  for (const secret of SECRETS) {
    const [r, ...rest] = secret.split('.');
    if (r !== root) continue;
    const parent = rest.slice(0, -1).reduce<Record<string, unknown> | undefined>((node, k) => (isObject(node?.[k]) ? (node[k] as Record<string, unknown>) : undefined), out);
    const leaf = rest[rest.length - 1];
    if (parent && parent[leaf] === MASK) parent[leaf] = getPath(config.all(), secret);
  }
  return out;
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
      else seen.add(name);
    });
  }
  if (typeof mqtt.keepalive_multiplier === 'number' && mqtt.keepalive_multiplier < 1) errors.push('mqtt.keepalive_multiplier: must be >= 1');
  return errors;
}

/** Every problem of a candidate root value (empty = valid). */
export function rootErrors(config: ConfigService, root: string, value: unknown): string[] {
  if (!isObject(value)) return [`${root}: expected an object, got ${JSON.stringify(value)}`];
  const errors = validateValue(config.defaults, root, value);
  if (root === 'mqtt') errors.push(...mqttErrors(value));
  if (root === 'alarm' && Array.isArray(value.actions) && value.actions.some((a) => a !== 'log' && a !== 'publish')) {
    errors.push(`alarm.actions: expected a list of log, publish, got ${JSON.stringify(value.actions)}`);
  }
  return errors;
}
