// A listener on 127.0.0.1 and an ephemeral port for transport tests; ws/wss get the /mqtt path and the 'mqtt'
// subprotocol, every other option comes from `extra` (tls, tcp, proxyProtocol, ...) and `ws`.
import type { ListenerConfig } from '../src/index';

type WsOptions = NonNullable<ListenerConfig['websocket']>;

export function testListener(type: ListenerConfig['type'], extra: Partial<ListenerConfig> = {}, ws: Partial<WsOptions> = {}): ListenerConfig {
  const isWs = type === 'ws' || type === 'wss';
  return {
    id: `${type}:default`,
    type,
    bind: { host: '127.0.0.1', port: 0 },
    maxConnections: null,
    mountpoint: '',
    zone: 'default',
    enableAuthn: true,
    ...(isWs ? { websocket: { path: '/mqtt', subprotocols: ['mqtt'], failIfNoSubprotocol: true, maxFrameSize: null, compress: false, ...ws } } : {}),
    ...extra,
  };
}
