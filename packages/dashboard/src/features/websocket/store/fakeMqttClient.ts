// A scripted stand-in for MQTT.js in store tests: records calls, lets the test play the broker's answers.
import type { IClientOptions } from 'mqtt';
import type { AckCallback, CreateClient, MqttClientEvents, MqttLike, SubscribeCallback } from './mqttClient';

type Listener = (...args: never[]) => void;

export class FakeMqttClient implements MqttLike {
  readonly listeners = new Map<string, Listener[]>();
  readonly subscribeCalls: { topic: string; options: unknown; callback: SubscribeCallback }[] = [];
  readonly unsubscribeCalls: { topic: string; callback: AckCallback }[] = [];
  readonly publishCalls: { topic: string; payload: string; options: unknown; callback: AckCallback }[] = [];
  ended = false;
  endForced?: boolean;

  constructor(
    readonly url: string,
    readonly options: IClientOptions,
  ) {}

  on<K extends keyof MqttClientEvents>(event: K, listener: MqttClientEvents[K]) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit<K extends keyof MqttClientEvents>(event: K, ...args: Parameters<MqttClientEvents[K]>) {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  subscribe(topic: string, options: unknown, callback: SubscribeCallback) {
    this.subscribeCalls.push({ topic, options, callback });
    return this;
  }
  unsubscribe(topic: string, callback: AckCallback) {
    this.unsubscribeCalls.push({ topic, callback });
    return this;
  }
  publish(topic: string, payload: string, options: unknown, callback: AckCallback) {
    this.publishCalls.push({ topic, payload, options, callback });
    return this;
  }
  end(force: boolean, callback: () => void) {
    this.ended = true;
    this.endForced = force;
    this.emit('end');
    callback();
    return this;
  }
  /** Plays a successful CONNACK. */
  accept(sessionPresent = false) {
    this.emit('connect', { cmd: 'connack', sessionPresent, returnCode: 0, reasonCode: 0 });
  }
  /** Plays MQTT.js's behaviour on a refused CONNACK: 'error' with the code, then 'close'. */
  refuse(code: number) {
    this.emit('error', Object.assign(new Error(`Connection refused: ${code}`), { code }));
    this.emit('close');
  }
  deliver(topic: string, text: string, qos: 0 | 1 | 2 = 0, retain = false) {
    this.emit('message', topic, new TextEncoder().encode(text), { cmd: 'publish', topic, payload: text, qos, retain, dup: false });
  }
}

export function fakeClientFactory() {
  const clients: FakeMqttClient[] = [];
  const createClient: CreateClient = (url, options) => {
    const client = new FakeMqttClient(url, options);
    clients.push(client);
    return client;
  };
  return { clients, createClient, last: () => clients[clients.length - 1] };
}
