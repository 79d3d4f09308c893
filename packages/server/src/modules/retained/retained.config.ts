// Validation and live application of the `retainer` config root (PUT /mqtt/retainer).
import type { FastifyInstance } from 'fastify';
import { isObject } from '../../config/tree';
import { parseBytes, parseDuration, parseRate } from '../../config/units';
import { ApiError } from '../../errors';

type Json = Record<string, unknown>;

function fail(message: string): never {
  throw new ApiError(400, 'UPDATE_FAILED', message);
}

function checkDuration(body: Json, key: string): void {
  if (body[key] === undefined) return;
  const ms = parseDuration(body[key]);
  if (typeof ms !== 'number') fail(`${key}: expected a duration such as "0s" or "30m", got ${JSON.stringify(body[key])}`);
}

/** Throws 400 UPDATE_FAILED naming the first invalid field; nothing is stored before this passes. */
export function validateRetainer(body: unknown): Json {
  if (!isObject(body)) return fail('body: expected the retainer config object');
  const b: Json = body;
  if (b.enable !== undefined && typeof b.enable !== 'boolean') fail('enable: expected true or false');
  if (b.stop_publish_clear_msg !== undefined && typeof b.stop_publish_clear_msg !== 'boolean') fail('stop_publish_clear_msg: expected true or false');
  if (b.allow_never_expire !== undefined && typeof b.allow_never_expire !== 'boolean') fail('allow_never_expire: expected true or false');
  checkDuration(b, 'msg_expiry_interval');
  if (b.msg_expiry_interval_override !== undefined && b.msg_expiry_interval_override !== 'disabled') {
    const ms = parseDuration(b.msg_expiry_interval_override);
    if (typeof ms !== 'number') {
      fail(`msg_expiry_interval_override: expected "disabled" or a duration such as "1h", got ${JSON.stringify(b.msg_expiry_interval_override)}`);
    }
  }
  checkDuration(b, 'msg_clear_interval');
  if (b.max_payload_size !== undefined && typeof parseBytes(b.max_payload_size) !== 'number') {
    fail(`max_payload_size: expected a size such as "1MB", got ${JSON.stringify(b.max_payload_size)}`);
  }
  if (b.delivery_rate !== undefined && parseRate(b.delivery_rate) === undefined) {
    fail(`delivery_rate: expected a rate such as "1000/s" or "infinity", got ${JSON.stringify(b.delivery_rate)}`);
  }
  if (b.backend !== undefined) {
    const backend = b.backend;
    if (!isObject(backend)) return fail('backend: expected an object');
    if (backend.type !== undefined && backend.type !== 'built_in_database') fail(`backend.type: only built_in_database is supported, got ${JSON.stringify(backend.type)}`);
    if (backend.storage_type !== undefined && backend.storage_type !== 'ram' && backend.storage_type !== 'disc') {
      fail(`backend.storage_type: expected ram or disc, got ${JSON.stringify(backend.storage_type)}`);
    }
    const max = backend.max_retained_messages;
    if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 0)) {
      fail(`backend.max_retained_messages: expected an integer >= 0, got ${JSON.stringify(max)}`);
    }
  }
  return b;
}

function configValue<T>(app: FastifyInstance, path: string): T | undefined {
  try {
    return app.config.get<T>(path);
  } catch {
    return undefined;
  }
}

/** The retainer on/off switch is the broker's retain availability (and mqtt.retain_available must allow it). */
export function applyRetainer(app: FastifyInstance): void {
  const enabled = configValue<boolean>(app, 'retainer.enable') !== false;
  const mqttAllows = configValue<boolean>(app, 'mqtt.retain_available') !== false;
  app.broker.updateSettings({ retainAvailable: enabled && mqttAllows });
}
