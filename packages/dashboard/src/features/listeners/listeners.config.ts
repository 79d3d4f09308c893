// A new listener's config per type: EMQX 5.8 defaults (API.md §5.2, spec 000 §9).
import type { ListenerConfig, ListenerType } from './listeners.api';

const DEFAULT_PORT: Record<ListenerType, number> = { tcp: 1883, ssl: 8883, ws: 8083, wss: 8084, quic: 14567 };

const base = (): ListenerConfig => ({
  enable: true,
  max_connections: 'infinity',
  max_conn_rate: 'infinity',
  mountpoint: '',
  zone: 'default',
  enable_authn: true,
  access_rules: ['allow all'],
  proxy_protocol: false,
  proxy_protocol_timeout: '3s',
  tcp_options: { active_n: 100, backlog: 1024, send_timeout: '15s', send_timeout_close: true, buffer: '4KB', high_watermark: '1MB', nodelay: true, reuseaddr: true },
});

const ssl = () => ({
  verify: 'verify_none',
  fail_if_no_peer_cert: false,
  versions: ['tlsv1.3', 'tlsv1.2'],
  ciphers: [] as string[],
  depth: 10,
  reuse_sessions: true,
  handshake_timeout: '15s',
  hibernate_after: '5s',
  log_level: 'notice',
  certfile: '',
  keyfile: '',
  cacertfile: '',
});

const websocket = () => ({
  mqtt_path: '/mqtt',
  mqtt_piggyback: 'multiple',
  idle_timeout: '7200s',
  max_frame_size: 'infinity',
  compress: false,
  deflate_opts: { server_max_window_bits: 15, client_max_window_bits: 15, mem_level: 8 },
  supported_subprotocols: 'mqtt, mqtt-v3, mqtt-v3.1.1, mqtt-v5',
  fail_if_no_subprotocol: true,
  check_origin_enable: false,
  allow_origin_absence: true,
  check_origins: 'http://localhost:18083, http://127.0.0.1:18083',
  proxy_address_header: 'x-forwarded-for',
  proxy_port_header: 'x-forwarded-port',
});

export function defaultListener(type: ListenerType): ListenerConfig {
  const config: ListenerConfig = { ...base(), type, bind: `0.0.0.0:${DEFAULT_PORT[type]}` };
  if (type === 'quic') delete config.tcp_options;
  if (type === 'ssl' || type === 'wss' || type === 'quic') config.ssl_options = ssl();
  if (type === 'ws' || type === 'wss') config.websocket = websocket();
  return config;
}

/** Objects merged key by key, arrays and scalars replaced: form values over the config they came from. */
export function deepMerge(base: ListenerConfig, over: ListenerConfig): ListenerConfig {
  const out: ListenerConfig = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue;
    const b = base[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b) ? deepMerge(b, v) : v;
  }
  return out;
}

export const RATE_KEYS = ['max_conn_rate', 'messages_rate', 'bytes_rate'] as const;

/**
 * A rate emptied in the form means "no limit". Merged as undefined it would keep the stored rate (the node merges PUT
 * bodies too), so it is sent as 'infinity' wherever the config it came from had a rate.
 */
export function withClearedRates(values: ListenerConfig, from: ListenerConfig | undefined): ListenerConfig {
  const out: ListenerConfig = { ...values };
  for (const key of RATE_KEYS) {
    if ((out[key] === undefined || out[key] === '') && from?.[key] !== undefined) out[key] = 'infinity';
  }
  return out;
}
