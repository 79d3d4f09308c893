// The part of MQTT.js the store uses, so tests can drive the store with a scripted client.
import mqtt from 'mqtt';
import type {
  IClientOptions,
  IClientPublishOptions,
  IClientSubscribeOptions,
  IConnackPacket,
  IDisconnectPacket,
  IPublishPacket,
  ISubscriptionGrant,
  Packet,
} from 'mqtt';

export interface MqttClientEvents {
  connect: (connack: IConnackPacket) => void;
  reconnect: () => void;
  close: () => void;
  end: () => void;
  error: (error: Error & { code?: number | string }) => void;
  disconnect: (packet: IDisconnectPacket) => void;
  message: (topic: string, payload: Uint8Array, packet: IPublishPacket) => void;
}

export type SubscribeCallback = (err: Error | null, granted?: ISubscriptionGrant[], packet?: { granted?: unknown[] }) => void;
export type AckCallback = (err?: Error & { code?: number | string }, packet?: Packet) => void;

export interface MqttLike {
  on<K extends keyof MqttClientEvents>(event: K, listener: MqttClientEvents[K]): unknown;
  removeAllListeners(): unknown;
  subscribe(topic: string, options: IClientSubscribeOptions, callback: SubscribeCallback): unknown;
  unsubscribe(topic: string, callback: AckCallback): unknown;
  publish(topic: string, payload: string, options: IClientPublishOptions, callback: AckCallback): unknown;
  end(force: boolean, callback: () => void): unknown;
}

export type CreateClient = (url: string, options: IClientOptions) => MqttLike;

/** The browser build of MQTT.js picks the native WebSocket for ws:// and wss:// URLs. */
export const createMqttClient: CreateClient = (url, options) => {
  const client = mqtt.connect(url, options);
  return {
    on: (event, listener) => client.on(event, listener as never),
    removeAllListeners: () => client.removeAllListeners(),
    subscribe: (topic, opts, callback) => client.subscribe(topic, opts, callback as never),
    unsubscribe: (topic, callback) => client.unsubscribe(topic, callback),
    publish: (topic, payload, opts, callback) => client.publish(topic, payload, opts, callback),
    end: (force, callback) => client.end(force, callback),
  };
};
