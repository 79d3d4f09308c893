// The part of MQTT.js the store uses, so tests can drive the store with a scripted client.
import type { IClientOptions, IClientPublishOptions, IClientSubscribeOptions, IConnackPacket, IDisconnectPacket, IPublishPacket, ISubscriptionGrant, Packet } from 'mqtt';
import { connectMqttJs } from './mqttJs';
import type { FromWorker, Port, ToWorker } from './worker/protocol';
import { createWorkerHub } from './worker/workerClient';
import type { WorkerHub } from './worker/workerClient';

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

let hub: WorkerHub | null | undefined;

/** One worker for all connections; null where workers are unavailable (tests, old browsers). */
export function workerHub(): WorkerHub | null {
  if (hub !== undefined) return hub;
  hub = null;
  if (typeof Worker === 'undefined') return hub;
  try {
    const worker = new Worker(new URL('./worker/mqtt.worker.ts', import.meta.url), { type: 'module', name: 'mqdeck-mqtt' });
    const started = createWorkerHub(worker as unknown as Port<FromWorker, ToWorker>, connectMqttJs);
    // A worker whose script cannot load (a strict Content-Security-Policy, or the console was upgraded since the
    // page loaded) hands its not yet started clients to MQTT.js on the page; later connections run there too.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      hub = null;
      started.fail(new Error(event.message || 'the MQTT worker could not start'));
    });
    hub = started;
  } catch {
    hub = null;
  }
  return hub;
}

/** MQTT.js in a worker (incoming floods are parsed off the main thread), or on the page when there is no worker. */
export const createMqttClient: CreateClient = (url, options) => {
  const h = workerHub();
  return h ? h.createClient(url, options) : connectMqttJs(url, options);
};
