import type { Listener, ListenerConfig } from '../types';
import type { BrokerCore } from '../core';
import { TcpListener } from './tcp';
import { WsListener } from './ws';

/** tcp/ssl serve MQTT on the socket, ws/wss over HTTP + WebSocket; both share SocketListener (accept, PROXY header, TLS). */
/** the bare transport; BrokerImpl.createListener wraps it with update() */
export function createListener(core: BrokerCore, config: ListenerConfig): Omit<Listener, 'update'> {
  switch (config.type) {
    case 'tcp':
    case 'ssl':
      return new TcpListener(core, config);
    case 'ws':
    case 'wss':
      return new WsListener(core, config);
    default:
      throw new Error(`Unknown listener type: ${String((config as { type: unknown }).type)}`);
  }
}
