// The MQTT bridge's connection pool (EMQX: an ecpool of emqtt clients): one MQTT.js client per worker, each with
// its own client id. Starting fails when a worker cannot connect (EMQX's pool start does, and the status reason
// says why); once up, a lost connection is retried every 2 s (EMQX's auto_reconnect) while egress reports
// "disconnected" as a recoverable error so the resource layer keeps the messages buffered.
import type { IClientOptions, IClientPublishOptions, IPublishPacket, MqttClient } from 'mqtt';
import { mqttJs } from '../../../../shared/drivers';
import type { ConnectionOptions } from 'node:tls';
import type { Health, SendOutcome } from '../../resource/types';
import type { ClientIdentity, MqttConnectorConfig } from './config';
import { connectFailure, cutOff, lostConnection, publishFailure } from './reasons';

/** EMQX's ?AUTO_RECONNECT_INTERVAL_S */
const RECONNECT_MS = 2000;
const NO_STATIC_IDS = 'This node has no static client ids assigned in this connector.';
/** how long stop() lets a connected client send its DISCONNECT */
const END_GRACE_MS = 1000;

interface Worker {
  index: number;
  client: MqttClient;
  /** why the last connection attempt or the connection failed, for the status reason */
  lastError?: string;
  inflight: number;
  waiters: (() => void)[];
}

export interface OutgoingMessage {
  topic: string;
  payload: Buffer;
  qos: 0 | 1 | 2;
  retain: boolean;
  properties?: IClientPublishOptions['properties'];
}

export type MessageHandler = (topic: string, payload: Buffer, packet: IPublishPacket) => void;

const isShared = (filter: string) => filter.startsWith('$share/') || filter.startsWith('$queue/');

export class MqttPool {
  private workers: Worker[] = [];
  private next = 0;
  private handlers = new Set<MessageHandler>();
  /** sends waiting for an acknowledgement, settled as recoverable when the pool stops */
  private pending = new Set<(o: SendOutcome) => void>();
  /** remote subscriptions by filter, shared by the sources of this connector */
  private subscriptions = new Map<string, number>();
  private stopped = false;

  constructor(
    readonly cfg: MqttConnectorConfig,
    private readonly identities: ClientIdentity[],
    private readonly tls: ConnectionOptions | undefined,
  ) {}

  get size(): number {
    return this.identities.length;
  }

  /** whether `filter` is subscribed by every worker (a shared subscription) or by the first one only */
  spreads(filter: string): boolean {
    return isShared(filter);
  }

  /** connects every worker; on the first failure the others are closed and the reason thrown */
  async start(): Promise<void> {
    const mqtt = (await mqttJs()).default;
    const results = await Promise.allSettled(this.identities.map((id, i) => this.connectWorker(mqtt, id, i + 1)));
    for (const r of results) if (r.status === 'fulfilled') this.workers.push(r.value);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await this.stop();
      throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
    }
    this.workers.sort((a, b) => a.index - b.index);
  }

  private clientOptions(id: ClientIdentity): IClientOptions {
    const c = this.cfg;
    return {
      host: c.host,
      port: c.port,
      // MQTT.js takes node's TLS options (its own typing of `cert` is narrower than node's)
      ...(this.tls ? { ...(this.tls as IClientOptions), protocol: 'mqtts' as const } : { protocol: 'mqtt' as const }),
      protocolVersion: c.protoVer,
      protocolId: c.protoVer === 3 ? 'MQIsdp' : 'MQTT',
      clientId: id.clientid,
      ...(id.username !== undefined ? { username: id.username } : {}),
      ...(id.password !== undefined ? { password: id.password } : {}),
      clean: c.cleanStart,
      keepalive: c.keepaliveS,
      // emqtt's force_ping: ping on the keepalive period even while publishing
      reschedulePings: false,
      connectTimeout: c.connectTimeoutMs,
      // the first attempt decides whether the pool starts; reconnecting is turned on once it is up
      reconnectPeriod: 0,
      resubscribe: true,
    };
  }

  private connectWorker(mqtt: Awaited<ReturnType<typeof mqttJs>>['default'], id: ClientIdentity, index: number): Promise<Worker> {
    // connected by hand: the CONNECT packet is written as soon as connect() runs, after our listener is on
    const client = mqtt.connect({ ...this.clientOptions(id), manualConnect: true });
    if (this.cfg.bridgeMode && this.cfg.protoVer !== 5) {
      // MQTT 3.x bridge mode: the protocol level byte carries 0x80, so the peer treats us as a bridge (no echo of
      // our own messages, retain flags kept). MQTT.js has no option for it; mqtt-packet honours the packet field.
      client.on('packetsend', (p) => {
        if (p.cmd === 'connect') (p as { bridgeMode?: boolean }).bridgeMode = true;
      });
    }
    const worker: Worker = { index, client, inflight: 0, waiters: [] };
    const connected = new Promise<Worker>((resolve, reject) => {
      let settled = false;
      const fail = (reason: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        client.end(true);
        reject(new Error(reason));
      };
      const timer = setTimeout(() => fail(connectFailure({ code: 'ETIMEDOUT' }, this.cfg.server, this.cfg.connectTimeoutMs)), this.cfg.connectTimeoutMs + 500);
      client.once('connect', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        client.options.reconnectPeriod = RECONNECT_MS;
        this.watch(worker);
        resolve(worker);
      });
      client.on('error', (err) => fail(connectFailure(err, this.cfg.server, this.cfg.connectTimeoutMs)));
      client.once('close', () => fail(connectFailure({ code: 'CLOSED' }, this.cfg.server, this.cfg.connectTimeoutMs)));
    });
    client.connect();
    return connected;
  }

  /** keeps the worker's status reason and dispatches received messages */
  private watch(w: Worker): void {
    const { client } = w;
    client.on('connect', () => {
      w.lastError = undefined;
      this.wake(w);
    });
    client.on('error', (err) => {
      w.lastError = connectFailure(err, this.cfg.server, this.cfg.connectTimeoutMs);
    });
    client.on('close', () => {
      w.lastError ??= lostConnection(this.cfg.server);
      // as EMQX: a publish cut off by the disconnection fails as recoverable and the layer sends it again, rather
      // than MQTT.js keeping it for the next connection while the layer waits (and its request TTL runs out)
      for (const [id, o] of Object.entries(client.outgoing)) if (!o.volatile) client.removeOutgoingMessage(Number(id));
    });
    client.on('message', (topic, payload, packet) => {
      for (const h of this.handlers) h(topic, payload, packet);
    });
  }

  health(): Health {
    if (this.workers.length === 0) return { status: 'disconnected', reason: NO_STATIC_IDS };
    // as EMQX combines its workers: one that is down makes the connector disconnected
    const down = this.workers.find((w) => !w.client.connected);
    if (down) return { status: 'disconnected', reason: down.lastError ?? lostConnection(this.cfg.server) };
    return { status: 'connected' };
  }

  /** the next connected worker, round robin */
  private pick(): Worker | undefined {
    for (let i = 0; i < this.workers.length; i++) {
      const w = this.workers[(this.next + i) % this.workers.length];
      if (w.client.connected) {
        this.next = (this.next + i + 1) % this.workers.length;
        return w;
      }
    }
    return undefined;
  }

  private async slot(w: Worker): Promise<void> {
    const max = this.cfg.maxInflight;
    while (max > 0 && w.inflight >= max) await new Promise<void>((r) => w.waiters.push(r));
    w.inflight++;
  }

  private release(w: Worker): void {
    w.inflight--;
    this.wake(w);
  }

  private wake(w: Worker): void {
    const waiters = w.waiters.splice(0);
    for (const r of waiters) r();
  }

  /** one publish; a disconnected pool is a recoverable error (the layer keeps the message and retries) */
  async publish(m: OutgoingMessage): Promise<SendOutcome> {
    if (this.stopped) return { ok: false, recoverable: true, reason: 'The connector is stopped.' };
    // EMQX fails these at once: waiting would not give this node a client id
    if (this.workers.length === 0) return { ok: false, recoverable: false, reason: NO_STATIC_IDS };
    const w = this.pick();
    if (!w) return { ok: false, recoverable: true, reason: this.health().reason ?? lostConnection(this.cfg.server) };
    await this.slot(w);
    if (this.stopped) {
      this.release(w);
      return { ok: false, recoverable: true, reason: 'The connector is stopped.' };
    }
    return new Promise<SendOutcome>((resolve) => {
      let done = false;
      const settle = (o: SendOutcome) => {
        if (done) return;
        done = true;
        this.pending.delete(settle);
        this.release(w);
        resolve(o);
      };
      this.pending.add(settle);
      const opts: IClientPublishOptions = { qos: m.qos, retain: m.retain, ...(m.properties ? { properties: m.properties } : {}) };
      w.client.publish(m.topic, m.payload, opts, (err) => {
        if (!err) return settle({ ok: true });
        if (err.message === 'Message removed') return settle({ ok: false, recoverable: true, reason: cutOff(this.cfg.server) });
        settle(publishFailure(err));
      });
    });
  }

  onMessage(h: MessageHandler): () => void {
    this.handlers.add(h);
    return () => this.handlers.delete(h);
  }

  /** EMQX subscribes a shared filter on every worker, any other filter on the first one only */
  private targets(filter: string): Worker[] {
    return this.spreads(filter) ? this.workers : this.workers.slice(0, 1);
  }

  async subscribe(filter: string, qos: 0 | 1 | 2, noLocal: boolean): Promise<void> {
    const count = this.subscriptions.get(filter) ?? 0;
    this.subscriptions.set(filter, count + 1);
    if (count > 0) return;
    const opts = { qos, ...(this.cfg.protoVer === 5 ? { nl: noLocal } : {}) };
    await Promise.all(
      this.targets(filter).map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            // a worker that is down subscribes when it is back (MQTT.js resubscribes): nothing to wait for now
            const connected = w.client.connected;
            w.client.subscribe(filter, opts, (err, granted) => {
              if (!connected) return;
              if (err) return reject(new Error(`Subscribing to ${filter} on the MQTT server failed: ${err.message}.`));
              if (granted?.some((g) => g.qos > 2)) return reject(new Error(`The MQTT server refused the subscription to ${filter}.`));
              resolve();
            });
            if (!connected) resolve();
          }),
      ),
    ).catch(async (err: unknown) => {
      await this.unsubscribe(filter);
      throw err;
    });
  }

  async unsubscribe(filter: string): Promise<void> {
    const count = this.subscriptions.get(filter) ?? 0;
    if (count > 1) {
      this.subscriptions.set(filter, count - 1);
      return;
    }
    this.subscriptions.delete(filter);
    await Promise.all(
      this.targets(filter).map(
        (w) =>
          new Promise<void>((resolve) => {
            if (!w.client.connected) {
              // forget it for the next reconnect too
              w.client.unsubscribe(filter);
              return resolve();
            }
            w.client.unsubscribe(filter, () => resolve());
          }),
      ),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const settle of [...this.pending]) settle({ ok: false, recoverable: true, reason: 'The connector was stopped before the MQTT server acknowledged the message.' });
    this.handlers.clear();
    // sends waiting for an inflight slot see `stopped` and give up
    for (const w of this.workers) this.wake(w);
    await Promise.all(this.workers.map((w) => endClient(w.client)));
    this.workers = [];
  }
}

async function endClient(client: MqttClient): Promise<void> {
  if (!client.connected) {
    await client.endAsync(true).catch(() => undefined);
    return;
  }
  const timer = new Promise<void>((r) => setTimeout(r, END_GRACE_MS).unref());
  await Promise.race([client.endAsync(false).catch(() => undefined), timer]);
  if (!client.disconnected) await client.endAsync(true).catch(() => undefined);
}
