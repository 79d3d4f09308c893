// The `mqtt` connector's settings (EMQX connector_mqtt: server, proto_ver, credentials, session and timing knobs,
// pool size or static client ids, ssl) read from the stored config, with EMQX's defaults. A value the API's schema
// should have refused is reported as a plain sentence.
import { readFileSync } from 'node:fs';
import { parseDuration } from '../../../../config/units';

export type ProtoVer = 3 | 4 | 5;

/** who a pool worker is on the peer: the client id, and credentials when a static entry gives its own */
export interface ClientIdentity {
  clientid: string;
  username?: string;
  password?: string;
}

export interface MqttConnectorConfig {
  /** the server as configured ("host:port"), the `server` column of ingress messages */
  server: string;
  host: string;
  port: number;
  protoVer: ProtoVer;
  bridgeMode: boolean;
  username?: string;
  password?: string;
  cleanStart: boolean;
  keepaliveS: number;
  connectTimeoutMs: number;
  /**
   * emqtt resends unacknowledged QoS 1/2 after this while connected; MQTT.js has no such timer (MQTT 5 forbids it),
   * and a publish cut off by a disconnection is sent again by the resource layer
   */
  retryIntervalMs: number;
  /** unacknowledged publishes per client; 0 = no limit */
  maxInflight: number;
  poolSize: number;
  clientidPrefix?: string;
  /** EMQX 5.8's static_clientids: per node, the exact ids (and credentials) of the workers; [] = unused */
  staticClientids: { node: string; ids: ClientIdentity[] }[];
  ssl: unknown;
}

const DEFAULT_PORT = 1883;

/** EMQX's `host[:port]` / `[v6]:port` of one server */
export function parseServer(text: string): { host: string; port: number } {
  const s = text.trim();
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(s);
  const m = v6 ?? /^([^:\s,]+)(?::(\d+))?$/.exec(s);
  const port = m?.[2] === undefined ? DEFAULT_PORT : Number(m[2]);
  if (!m || !m[1] || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`The server "${text}" is not a valid host:port.`);
  }
  return { host: m[1], port };
}

/** an EMQX secret: the value itself, or `file://<path>` naming a file that holds it */
export function readSecret(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (!value.startsWith('file://')) return value;
  const path = value.slice('file://'.length);
  try {
    return readFileSync(path, 'utf8').replace(/\n+$/, '');
  } catch {
    throw new Error(`The password file ${path} could not be read.`);
  }
}

function duration(v: unknown, dflt: string, what: string): number {
  const ms = parseDuration(v ?? dflt);
  if (ms == null) throw new Error(`${what} "${String(v)}" is not a duration.`);
  return ms;
}

function staticEntries(v: unknown): MqttConnectorConfig['staticClientids'] {
  if (!Array.isArray(v)) return [];
  return v.map((entry: Record<string, unknown>) => ({
    node: String(entry.node),
    ids: (Array.isArray(entry.ids) ? entry.ids : []).map((id: unknown): ClientIdentity => {
      if (typeof id === 'string') return { clientid: id };
      const o = id as Record<string, unknown>;
      return {
        clientid: String(o.clientid),
        ...(typeof o.username === 'string' ? { username: o.username } : {}),
        ...(readSecret(o.password) !== undefined ? { password: readSecret(o.password) } : {}),
      };
    }),
  }));
}

export function readConnectorConfig(c: Record<string, unknown>): MqttConnectorConfig {
  if (typeof c.server !== 'string') throw new Error('The server is required.');
  const { host, port } = parseServer(c.server);
  const proto = c.proto_ver ?? 'v4';
  if (proto !== 'v3' && proto !== 'v4' && proto !== 'v5') throw new Error(`The MQTT version "${String(proto)}" is not one of v3, v4, v5.`);
  const poolSize = c.pool_size ?? 8;
  if (!Number.isInteger(poolSize) || (poolSize as number) < 1) throw new Error('The pool size must be a whole number of at least 1.');
  const maxInflight = c.max_inflight ?? 32;
  if (!Number.isInteger(maxInflight) || (maxInflight as number) < 0) throw new Error('The max inflight must be a whole number of at least 0.');
  return {
    server: c.server,
    host,
    port,
    protoVer: Number(proto.slice(1)) as ProtoVer,
    bridgeMode: c.bridge_mode === true,
    ...(typeof c.username === 'string' && c.username !== '' ? { username: c.username } : {}),
    ...(readSecret(c.password) !== undefined ? { password: readSecret(c.password) } : {}),
    cleanStart: c.clean_start !== false,
    keepaliveS: Math.ceil(duration(c.keepalive, '160s', 'The keepalive') / 1000),
    connectTimeoutMs: duration(c.connect_timeout, '10s', 'The connect timeout'),
    retryIntervalMs: duration(c.retry_interval, '15s', 'The retry interval'),
    maxInflight: maxInflight as number,
    poolSize: poolSize as number,
    ...(typeof c.clientid_prefix === 'string' && c.clientid_prefix !== '' ? { clientidPrefix: c.clientid_prefix } : {}),
    staticClientids: staticEntries(c.static_clientids),
    ssl: c.ssl,
  };
}
