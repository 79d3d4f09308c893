// The raw `listeners.<type>.<name>` config → the broker's ListenerConfig.
import type { ListenerConfig } from '@mqdeck/broker';
import { parseBind, parseBytes, parseDuration } from './units';
import { toRateLimit } from './limits';

export type ListenerType = ListenerConfig['type'];
export const LISTENER_TYPES: ListenerType[] = ['tcp', 'ssl', 'ws', 'wss'];

export interface Tls {
  cert: string | Buffer;
  key: string | Buffer;
  ca?: string | Buffer;
}

export function toListenerConfig(type: ListenerType, name: string, raw: Record<string, any>, tls?: Tls): ListenerConfig {
  const bind = parseBind(raw.bind);
  if (!bind) throw new Error(`listener ${type}:${name}: invalid bind ${JSON.stringify(raw.bind)}`);
  const tcp = raw.tcp_options ?? {};
  const config: ListenerConfig = {
    id: `${type}:${name}`,
    type,
    bind,
    maxConnections: raw.max_connections === 'infinity' ? null : Number(raw.max_connections),
    mountpoint: raw.mountpoint ?? '',
    zone: raw.zone ?? 'default',
    enableAuthn: raw.enable_authn ?? true,
    proxyProtocol: raw.proxy_protocol === true,
    // per-client flow control (EMQX listener keys, unset = infinity)
    messagesRate: toRateLimit(raw.messages_rate, `listener ${type}:${name} messages_rate`),
    bytesRate: toRateLimit(raw.bytes_rate, `listener ${type}:${name} bytes_rate`),
    tcp: {
      backlog: tcp.backlog ?? 1024,
      nodelay: tcp.nodelay ?? true,
      highWatermark: parseBytes(tcp.high_watermark) ?? 1024 * 1024,
      sendTimeout: parseDuration(tcp.send_timeout) ?? 15_000,
    },
  };
  if (type === 'ws' || type === 'wss') {
    const ws = raw.websocket ?? {};
    config.websocket = {
      path: ws.mqtt_path ?? '/mqtt',
      subprotocols: String(ws.supported_subprotocols ?? '')
        .split(',')
        .map((s: string) => s.trim())
        .filter(Boolean),
      failIfNoSubprotocol: ws.fail_if_no_subprotocol ?? true,
      maxFrameSize: ws.max_frame_size === 'infinity' ? null : Number(ws.max_frame_size),
      compress: ws.compress === true,
    };
  }
  if ((type === 'ssl' || type === 'wss') && tls) {
    const ssl = raw.ssl_options ?? {};
    config.tls = {
      cert: tls.cert,
      key: tls.key,
      ...(tls.ca ? { ca: tls.ca } : {}),
      ...(cipherList(ssl.ciphers) ? { ciphers: cipherList(ssl.ciphers) } : {}),
      verify: ssl.verify === 'verify_peer',
      failIfNoPeerCert: ssl.fail_if_no_peer_cert === true,
      versions: ssl.versions,
    };
  }
  return config;
}

/** EMQX takes ciphers as a list or a comma-separated string; OpenSSL wants them joined by ':'. */
function cipherList(value: unknown): string | undefined {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  const joined = list.map((c) => c.trim()).filter(Boolean).join(':');
  return joined || undefined;
}
