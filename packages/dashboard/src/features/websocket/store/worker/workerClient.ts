// The page side of the MQTT worker: an MqttLike per connection that forwards calls to the worker and replays
// its events. A batch of messages becomes consecutive 'message' events within one task.
import type { IClientOptions, IClientSubscribeOptions, IPublishPacket } from 'mqtt';
import type { AckCallback, CreateClient, MqttClientEvents, MqttLike, SubscribeCallback } from '../mqttClient';
import type { FromWorker, Port, ToWorker, WireError } from './protocol';
import { fromWireError } from './protocol';

type Listener = (...args: never[]) => void;
type Answer = (error: WireError | undefined, done: Extract<FromWorker, { ev: 'done' }>) => void;

class WorkerClient implements MqttLike {
  readonly listeners = new Map<keyof MqttClientEvents, Listener[]>();
  readonly answers = new Map<number, Answer>();
  /** The worker reported 'end': no more events will come, only answers still owed. */
  ended = false;
  /** The worker has said something about this client (it did start). */
  heard = false;
  /** MQTT.js on the page, when the worker failed before this client got going. */
  private direct?: MqttLike;

  constructor(
    private readonly cid: number,
    private readonly url: string,
    private readonly options: IClientOptions,
    private readonly send: (message: ToWorker) => void,
    private readonly nextReq: () => number,
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
  private ask(build: (req: number) => ToWorker, answer: Answer, direct: (client: MqttLike) => void) {
    if (this.direct) {
      direct(this.direct);
      return;
    }
    const req = this.nextReq();
    this.answers.set(req, answer);
    this.send(build(req));
  }
  subscribe(topic: string, options: IClientSubscribeOptions, callback: SubscribeCallback) {
    this.ask(
      (req) => ({ op: 'subscribe', cid: this.cid, req, topic, options }),
      (error, done) => callback(error ? fromWireError(error) : null, done.granted as Parameters<SubscribeCallback>[1], done.packet),
      (client) => client.subscribe(topic, options, callback),
    );
    return this;
  }
  unsubscribe(topic: string, callback: AckCallback) {
    this.ask(
      (req) => ({ op: 'unsubscribe', cid: this.cid, req, topic }),
      (error) => callback(error ? fromWireError(error) : undefined),
      (client) => client.unsubscribe(topic, callback),
    );
    return this;
  }
  publish(topic: string, payload: string, options: Parameters<MqttLike['publish']>[2], callback: AckCallback) {
    this.ask(
      (req) => ({ op: 'publish', cid: this.cid, req, topic, payload, options }),
      (error) => callback(error ? fromWireError(error) : undefined),
      (client) => client.publish(topic, payload, options, callback),
    );
    return this;
  }
  end(force: boolean, callback: () => void) {
    this.ask(
      (req) => ({ op: 'end', cid: this.cid, req, force }),
      () => callback(),
      (client) => client.end(force, callback),
    );
    return this;
  }

  receive(m: FromWorker) {
    this.heard = true;
    switch (m.ev) {
      case 'connect':
        this.emit('connect', m.connack);
        break;
      case 'end':
        this.ended = true;
        this.emit('end');
        break;
      case 'reconnect':
      case 'close':
        this.emit(m.ev);
        break;
      case 'error':
        this.emit('error', fromWireError(m.error));
        break;
      case 'disconnect':
        this.emit('disconnect', m.packet);
        break;
      case 'messages':
        for (const w of m.batch) {
          const packet: IPublishPacket = {
            cmd: 'publish',
            topic: w.topic,
            payload: w.payload as IPublishPacket['payload'],
            qos: w.qos,
            retain: w.retain,
            dup: false,
            properties: w.properties,
          };
          this.emit('message', w.topic, w.payload, packet);
        }
        break;
      case 'done': {
        const answer = this.answers.get(m.req);
        this.answers.delete(m.req);
        answer?.(m.error, m);
        break;
      }
    }
  }

  /**
   * The worker is gone. A client it never started carries on with MQTT.js on the page (the operator only sees a
   * connection); one that was running fails and closes like a dropped socket.
   */
  abandon(error: Error, fallback?: CreateClient) {
    if (fallback && !this.heard && this.answers.size === 0) {
      const direct = fallback(this.url, this.options);
      this.direct = direct;
      for (const event of EVENTS) direct.on(event, ((...args: never[]) => this.emit(event, ...(args as unknown as Parameters<MqttClientEvents[typeof event]>))) as never);
      return;
    }
    for (const answer of this.answers.values()) answer({ message: error.message }, { ev: 'done', cid: this.cid, req: -1 });
    this.answers.clear();
    this.emit('error', error);
    this.emit('close');
    this.emit('end');
  }
}

const EVENTS: (keyof MqttClientEvents)[] = ['connect', 'reconnect', 'close', 'end', 'error', 'disconnect', 'message'];

export interface WorkerHub {
  createClient: CreateClient;
  /** The worker failed (e.g. its script could not load): clients it never started move to `fallback`, the others end. */
  fail(error: Error): void;
}

export function createWorkerHub(port: Port<FromWorker, ToWorker>, fallback?: CreateClient): WorkerHub {
  const clients = new Map<number, WorkerClient>();
  let nextCid = 1;
  let nextReq = 1;
  port.addEventListener('message', ({ data }) => {
    const client = clients.get(data.cid);
    if (!client) return;
    client.receive(data);
    // MQTT.js emits 'end' before it calls end()'s callback: forget the client once nothing is owed any more.
    if (client.ended && client.answers.size === 0) clients.delete(data.cid);
  });
  return {
    createClient(url: string, options: IClientOptions) {
      const cid = nextCid++;
      const client = new WorkerClient(
        cid,
        url,
        options,
        (m) => port.postMessage(m),
        () => nextReq++,
      );
      clients.set(cid, client);
      port.postMessage({ op: 'connect', cid, url, options });
      return client;
    },
    fail(error: Error) {
      const all = [...clients.values()];
      clients.clear();
      for (const c of all) c.abandon(error, fallback);
    },
  };
}
