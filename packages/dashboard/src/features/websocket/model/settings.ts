// Connection settings of one WebSocket-client tab, their defaults, ranges and the mapping to MQTT.js options.
import type { IClientOptions } from 'mqtt';

/** MQTT.js protocol levels: 3 = MQTT 3.1, 4 = 3.1.1, 5 = 5.0. */
export type ProtocolVersion = 3 | 4 | 5;
export type QoS = 0 | 1 | 2;
export type WsScheme = 'ws' | 'wss';

export interface UserProperty {
  key: string;
  value: string;
}

export interface WillSettings {
  enabled: boolean;
  topic: string;
  payload: string;
  qos: QoS;
  retain: boolean;
  /** MQTT 5 will delay interval, seconds. */
  delayInterval: number;
}

export interface ConnectProperties {
  receiveMaximum?: number;
  maximumPacketSize?: number;
  topicAliasMaximum?: number;
  requestResponseInformation: boolean;
  userProperties: UserProperty[];
}

export interface ConnectionSettings {
  name: string;
  scheme: WsScheme;
  host: string;
  port: number;
  path: string;
  clientId: string;
  username: string;
  password: string;
  protocolVersion: ProtocolVersion;
  keepalive: number;
  /** Clean start (v5) / clean session (v3). */
  clean: boolean;
  /** Session expiry interval in seconds (v5); ignored when neverExpire is set. */
  sessionExpiryInterval: number;
  neverExpire: boolean;
  /** Seconds to wait for CONNACK. */
  connectTimeout: number;
  will: WillSettings;
  properties: ConnectProperties;
}

export const MAX_UINT32 = 4294967295;

/** Inclusive integer ranges; anything outside is a 'range error' in the form. */
export const RANGES = {
  port: [1, 65535],
  keepalive: [0, 65535],
  sessionExpiryInterval: [0, MAX_UINT32],
  connectTimeout: [1, 600],
  receiveMaximum: [1, 65535],
  maximumPacketSize: [1, MAX_UINT32],
  topicAliasMaximum: [0, 65535],
  willDelayInterval: [0, MAX_UINT32],
  messageExpiryInterval: [0, MAX_UINT32],
} as const satisfies Record<string, readonly [number, number]>;

export type RangeName = keyof typeof RANGES;

export function isInRange(value: unknown, range: readonly [number, number]): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= range[0] && value <= range[1];
}

export const RECONNECT_PERIOD_MS = 3000;

export const DEFAULT_WS_PORT = 8083;
export const DEFAULT_WSS_PORT = 8084;
export const DEFAULT_PATH = '/mqtt';

export function defaultPort(scheme: WsScheme): number {
  return scheme === 'wss' ? DEFAULT_WSS_PORT : DEFAULT_WS_PORT;
}

/** `mqdeck_` + 8 random hex digits: unique enough for a test client, short enough to read. */
export function randomClientId(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return `mqdeck_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface PageLocation {
  protocol: string;
  hostname: string;
}

/** An HTTPS page cannot open ws:// (mixed content), so it defaults to wss and 8084. */
export function defaultSettings(location: PageLocation, name: string): ConnectionSettings {
  const scheme: WsScheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return {
    name,
    scheme,
    host: location.hostname || 'localhost',
    port: defaultPort(scheme),
    path: DEFAULT_PATH,
    clientId: randomClientId(),
    username: '',
    password: '',
    protocolVersion: 5,
    keepalive: 60,
    clean: true,
    sessionExpiryInterval: 0,
    neverExpire: false,
    connectTimeout: 5,
    will: { enabled: false, topic: '', payload: '', qos: 0, retain: false, delayInterval: 0 },
    properties: { requestResponseInformation: false, userProperties: [] },
  };
}

/** IPv6 literals need brackets inside a URL. */
export function brokerUrl(s: Pick<ConnectionSettings, 'scheme' | 'host' | 'port' | 'path'>): string {
  const host = s.host.includes(':') && !s.host.startsWith('[') ? `[${s.host}]` : s.host;
  const path = s.path.startsWith('/') ? s.path : `/${s.path}`;
  return `${s.scheme}://${host}:${s.port}${path}`;
}

/** Drops empty keys; MQTT 5 allows repeated keys, MQTT.js takes an array value for them. */
export function toUserProperties(list: readonly UserProperty[]): Record<string, string | string[]> | undefined {
  const out: Record<string, string | string[]> = {};
  for (const { key, value } of list) {
    if (!key) continue;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return Object.keys(out).length ? out : undefined;
}

/** Translates the form model into MQTT.js options; MQTT 5-only fields are left out for 3.1 / 3.1.1. */
export function toClientOptions(s: ConnectionSettings): IClientOptions {
  const v5 = s.protocolVersion === 5;
  const options: IClientOptions = {
    clientId: s.clientId,
    protocolVersion: s.protocolVersion,
    // MQTT 3.1 uses the protocol name MQIsdp; MQTT.js does not derive it from the level.
    protocolId: s.protocolVersion === 3 ? 'MQIsdp' : 'MQTT',
    keepalive: s.keepalive,
    clean: s.clean,
    connectTimeout: s.connectTimeout * 1000,
    // MQTT.js retries after a lost connection; the store ends the client after a few failed attempts.
    reconnectPeriod: RECONNECT_PERIOD_MS,
    resubscribe: false,
  };
  if (s.username) options.username = s.username;
  if (s.password) options.password = s.password;
  if (s.will.enabled && s.will.topic) {
    options.will = {
      topic: s.will.topic,
      payload: s.will.payload as never, // MQTT.js accepts strings here; its type says Buffer
      qos: s.will.qos,
      retain: s.will.retain,
      ...(v5 && s.will.delayInterval > 0 ? { properties: { willDelayInterval: s.will.delayInterval } } : {}),
    };
  }
  if (v5) {
    const p = s.properties;
    options.properties = {
      sessionExpiryInterval: s.neverExpire ? MAX_UINT32 : s.sessionExpiryInterval,
      ...(typeof p.receiveMaximum === 'number' ? { receiveMaximum: p.receiveMaximum } : {}),
      ...(typeof p.maximumPacketSize === 'number' ? { maximumPacketSize: p.maximumPacketSize } : {}),
      ...(typeof p.topicAliasMaximum === 'number' ? { topicAliasMaximum: p.topicAliasMaximum } : {}),
      ...(p.requestResponseInformation ? { requestResponseInformation: true } : {}),
    };
    const userProperties = toUserProperties(p.userProperties);
    if (userProperties) options.properties.userProperties = userProperties;
  }
  return options;
}
