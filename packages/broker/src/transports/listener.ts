import type { Listener, ListenerConfig } from '../types';
import type { BrokerImpl } from '../broker';
import { TcpListener } from './tcp';
import { WsListener } from './ws';

/** tcp/ssl share the socket listener, ws/wss the WebSocket one; TLS is chosen from the type. */
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
