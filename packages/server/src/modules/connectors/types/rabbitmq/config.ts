// The fields of EMQX 5.8's `rabbitmq` connector (emqx_bridge_rabbitmq_connector_schema: server, port, username,
// password, pool_size, timeout, virtual_host, heartbeat, ssl), its action (action_parameters: exchange, routing_key
// — templates —, delivery_mode, payload_template, wait_for_publish_confirmations, publish_confirmation_timeout) and
// its source (source_parameters: queue, no_ack, wait_for_publish_confirmations). Problems are plain sentences
// naming the field (ApiError 400 from the type's `check`).
import { ApiError } from '../../../../errors';
import { isObject } from '../../../../config/tree';
import { parseDuration } from '../../../../config/units';

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

function duration(v: unknown, field: string, dflt: string): number {
  const ms = parseDuration(v ?? dflt);
  if (ms === undefined || ms === null) throw bad(`${field}: expected a duration such as "5s", got ${JSON.stringify(v)}`);
  return ms;
}

function text(v: unknown, field: string, dflt?: string): string {
  const s = v ?? dflt;
  if (typeof s !== 'string' || s === '') throw bad(`${field}: required field missing`);
  return s;
}

export interface RabbitSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  poolSize: number;
  timeoutMs: number;
  vhost: string;
  heartbeatS: number;
  ssl: Record<string, unknown>;
}

export function readRabbitConnector(c: Record<string, unknown>): RabbitSettings {
  const port = c.port ?? 5672;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) throw bad(`port: expected 1..65535, got ${JSON.stringify(port)}`);
  const poolSize = c.pool_size ?? 8;
  if (typeof poolSize !== 'number' || !Number.isInteger(poolSize) || poolSize < 1) throw bad(`pool_size: expected an integer of at least 1, got ${JSON.stringify(poolSize)}`);
  const ssl = c.ssl ?? { enable: false };
  if (!isObject(ssl)) throw bad('ssl: expected an object');
  const password = c.password ?? '';
  if (typeof password !== 'string') throw bad('password: expected text');
  return {
    host: text(c.server, 'server', 'localhost'),
    port,
    username: text(c.username, 'username'),
    password,
    poolSize,
    timeoutMs: duration(c.timeout, 'timeout', '5s'),
    vhost: text(c.virtual_host, 'virtual_host', '/'),
    // AMQP negotiates whole seconds
    heartbeatS: Math.round(duration(c.heartbeat, 'heartbeat', '30s') / 1000),
    ssl,
  };
}

export interface RabbitActionParams {
  exchange: string;
  routingKey: string;
  /** AMQP delivery mode: 1 non_persistent, 2 persistent (EMQX delivery_mode/1) */
  deliveryMode: 1 | 2;
  payloadTemplate: string;
  waitForConfirms: boolean;
  confirmTimeoutMs: number;
}

export function readRabbitAction(p: Record<string, unknown>): RabbitActionParams {
  if (typeof p.exchange !== 'string') throw bad('parameters.exchange: required field missing');
  if (typeof p.routing_key !== 'string') throw bad('parameters.routing_key: required field missing');
  const mode = p.delivery_mode ?? 'non_persistent';
  if (mode !== 'non_persistent' && mode !== 'persistent') throw bad(`parameters.delivery_mode: expected non_persistent or persistent, got ${JSON.stringify(mode)}`);
  const tmpl = p.payload_template ?? '';
  if (typeof tmpl !== 'string') throw bad('parameters.payload_template: expected text');
  return {
    exchange: p.exchange,
    routingKey: p.routing_key,
    deliveryMode: mode === 'persistent' ? 2 : 1,
    payloadTemplate: tmpl,
    waitForConfirms: p.wait_for_publish_confirmations !== false,
    confirmTimeoutMs: duration(p.publish_confirmation_timeout, 'parameters.publish_confirmation_timeout', '30s'),
  };
}

export interface RabbitSourceParams {
  queue: string;
  noAck: boolean;
  waitForConfirms: boolean;
}

export function readRabbitSource(p: Record<string, unknown>): RabbitSourceParams {
  return { queue: text(p.queue, 'parameters.queue'), noAck: p.no_ack !== false, waitForConfirms: p.wait_for_publish_confirmations !== false };
}
