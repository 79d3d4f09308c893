/** The MQTT-SN 1.2 gateway protocol: UDP and DTLS listeners (DTLS 1.2 from ../dtls/). */
import type { GatewayProtocol } from '../protocol';
import { mqttsnDefaults, validateMqttsn } from './config';
import { startMqttsnListener, type MqttsnListenerOptions } from './listener';

export function createMqttsnProtocol(opts: MqttsnListenerOptions = {}): GatewayProtocol {
  return {
    name: 'mqttsn',
    listenerTypes: ['udp', 'dtls'],
    description: 'MQTT-SN Gateway',
    defaults: () => ({ ...mqttsnDefaults() }),
    validate: (config) => validateMqttsn(config),
    startListener: (ctx, listener) => startMqttsnListener(ctx, listener, opts),
    defaultListeners: () => [{ type: 'udp', name: 'default', bind: '1884', max_connections: 1024000, max_conn_rate: 1000 }],
  };
}

export const mqttsnProtocol = createMqttsnProtocol();
