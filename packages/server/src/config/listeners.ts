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
    proxyProtocolTimeout: parseDuration(raw.proxy_protocol_timeout) ?? 3000,
    // per-client flow control (EMQX listener keys, unset = infinity)
    messagesRate: toRateLimit(raw.messages_rate, `listener ${type}:${name} messages_rate`),
    bytesRate: toRateLimit(raw.bytes_rate, `listener ${type}:${name} bytes_rate`),
    tcp: {
      backlog: tcp.backlog ?? 1024,
      nodelay: tcp.nodelay ?? true,
      highWatermark: parseBytes(tcp.high_watermark) ?? 1024 * 1024,
      sendTimeout: parseDuration(tcp.send_timeout) ?? 15_000,
      sendTimeoutClose: tcp.send_timeout_close !== false,
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
      deflate: {
        serverMaxWindowBits: Number(ws.deflate_opts?.server_max_window_bits ?? 15),
        clientMaxWindowBits: Number(ws.deflate_opts?.client_max_window_bits ?? 15),
        memLevel: Number(ws.deflate_opts?.mem_level ?? 8),
        strategy: ws.deflate_opts?.strategy ?? 'default',
        ...(ws.deflate_opts?.level !== undefined ? { level: ws.deflate_opts.level } : {}),
        serverContextTakeover: ws.deflate_opts?.server_context_takeover !== 'no_takeover',
        clientContextTakeover: ws.deflate_opts?.client_context_takeover !== 'no_takeover',
      },
      // cowboy's idle_timeout: how long a connection may wait before its upgrade request
      idleTimeout: parseDuration(ws.idle_timeout ?? '7200s') ?? null,
      checkOrigin: ws.check_origin_enable === true ? { allowAbsence: ws.allow_origin_absence !== false, origins: originList(ws.check_origins) } : null,
      proxyAddressHeader: ws.proxy_address_header || 'x-forwarded-for',
      proxyPortHeader: ws.proxy_port_header || 'x-forwarded-port',
      piggyback: ws.mqtt_piggyback === 'single' ? 'single' : 'multiple',
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
      handshakeTimeout: parseDuration(ssl.handshake_timeout) ?? 15_000,
      // Node can only count the chain a verified client certificate came with, so depth matters with verify_peer
      ...(ssl.depth !== undefined ? { depth: Number(ssl.depth) } : {}),
    };
  }
  return config;
}

/** check_origins: EMQX's comma-separated list (a list is taken too) */
function originList(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return list.map((o) => o.trim()).filter(Boolean);
}

/** EMQX takes ciphers as a list or a comma-separated string; OpenSSL wants them joined by ':'. */
function cipherList(value: unknown): string | undefined {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  const joined = list
    .map((c) => c.trim())
    .filter(Boolean)
    .join(':');
  return joined || undefined;
}
