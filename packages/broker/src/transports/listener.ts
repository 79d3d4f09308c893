import type { Listener, ListenerConfig } from '../types';
import type { BrokerImpl } from '../broker';
import { TcpListener } from './tcp';
import { WsListener } from './ws';

/** tcp/ssl serve MQTT on the socket, ws/wss over HTTP + WebSocket; both share SocketListener (accept, PROXY header, TLS). */
/** the bare transport; BrokerImpl.createListener wraps it with update() */
export function createListener(broker: BrokerImpl, config: ListenerConfig): Omit<Listener, 'update'> {
  switch (config.type) {
    case 'tcp':
    case 'ssl':
      return new TcpListener(broker, config);
    case 'ws':
    case 'wss':
      return new WsListener(broker, config);
    default:
      throw new Error(`Unknown listener type: ${String((config as { type: unknown }).type)}`);
  }
}
