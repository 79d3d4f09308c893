/**
 * Messages from the broker to one MQTT-SN client: the topic id to use (predefined, registered, short name, or a
 * REGISTER first, §6.10), QoS 1/2 in flight with retries, and the REGISTER queue with its retries (EMQX: 5 s, 3 times).
 */
import { flags as mkFlags, RC, type Flags, type SnMessage } from './codec';
import type { SnTimings } from './env';
import type { GatewayLog } from '../protocol';
import type { SnOutMessage, TopicRef, TopicRegistry } from './topics';

const MAX_REGISTER_RETRIES = 3;

interface Inflight {
  msg: SnOutMessage;
  topic: string;
  ref: TopicRef;
  stage: 'puback' | 'pubrec' | 'pubcomp';
  /** The client answered INVALID_TOPIC_ID: resent after the topic is registered again. */
  reregister: boolean;
  timer?: NodeJS.Timeout;
}

/** What the outbox needs from its connection. */
export interface OutboxIo {
  out(m: SnMessage): void;
  log: GatewayLog;
  timings: SnTimings;
  clientId(): string;
  /** connected or awake: PUBLISH may be resent */
  active(): boolean;
  closed(): boolean;
  /** REGISTER was never acknowledged: the connection gives up on the client */
  giveUp(reason: string): void;
  /** an acknowledgement arrived: an awake client may go back to sleep when nothing is outstanding */
  settled(): void;
}

export class SnOutbox {
  private msgId = 0;
  private readonly inflight = new Map<number, Inflight>();
  private registering: { id: number; topic: string; msgId: number; tries: number; timer: NodeJS.Timeout } | undefined;
  private registerQueue: string[] = [];
  private readonly pending = new Map<string, SnOutMessage[]>();
  private buffer: SnOutMessage[] = [];

  constructor(
    private readonly io: OutboxIo,
    private readonly topics: TopicRegistry,
  ) {}

  /** Nothing buffered, nothing in flight, no REGISTER outstanding, nothing waiting for one. */
  get idle(): boolean {
    return this.buffer.length === 0 && this.inflight.size === 0 && !this.registering && this.pending.size === 0;
  }

  get bufferedCount(): number {
    return this.buffer.length;
  }

  /** Keep a message for a sleeping client (§6.14); the oldest goes when the buffer is full. */
  hold(msg: SnOutMessage): void {
    this.buffer.push(msg);
    if (this.buffer.length > this.io.timings.maxBuffered) {
      this.buffer.shift();
      this.io.log.warn({ clientid: this.io.clientId() }, 'mqttsn: buffer of a sleeping client is full, the oldest message was dropped');
    }
  }

  /** The client is awake or active again: send what was held. */
  flush(): void {
    const queued = this.buffer;
    this.buffer = [];
    for (const m of queued) this.transmit(m);
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  /** PUBREC from the client: the QoS 2 delivery waits for PUBCOMP now. */
  onPubrec(msgId: number): void {
    const f = this.inflight.get(msgId);
    if (f && f.stage === 'pubrec') {
      f.stage = 'pubcomp';
      this.armRetry(msgId, f);
    }
    this.io.out({ type: 'PUBREL', msgId });
  }

  onPubcomp(msgId: number): void {
    const f = this.inflight.get(msgId);
    if (f && f.stage === 'pubcomp') {
      this.dropInflight(msgId);
      this.io.settled();
    }
  }

  stop(): void {
    if (this.registering) clearTimeout(this.registering.timer);
    for (const f of this.inflight.values()) clearTimeout(f.timer);
  }

  private topicRef(topic: string): TopicRef | undefined {
    const predef = this.topics.predefinedId(topic);
    if (predef !== undefined) return { type: 1, id: predef };
    const id = this.topics.idOf(topic);
    if (id !== undefined && !this.isRegistering(topic)) return { type: 0, id };
    if (id === undefined && Buffer.byteLength(topic, 'latin1') === 2 && topic.length === 2) return { type: 2, name: topic };
    return undefined;
  }

  private isRegistering(topic: string): boolean {
    return this.registering?.topic === topic || this.registerQueue.includes(topic) || this.pending.has(topic);
  }

  transmit(msg: SnOutMessage): void {
    const ref = this.topicRef(msg.topic);
    if (!ref) {
      // The gateway registers the topic name before it delivers (§6.10).
      const list = this.pending.get(msg.topic);
      if (list) list.push(msg);
      else this.pending.set(msg.topic, [msg]);
      this.requestRegister(msg.topic);
      return;
    }
    const qos = msg.qos;
    const msgId = qos === 0 ? 0 : this.nextMsgId();
    if (qos !== 0) {
      const f: Inflight = { msg, topic: msg.topic, ref, stage: qos === 1 ? 'puback' : 'pubrec', reregister: false };
      this.inflight.set(msgId, f);
      this.armRetry(msgId, f);
    }
    this.sendPublish(msg, ref, msgId, false);
  }

  private sendPublish(msg: SnOutMessage, ref: TopicRef, msgId: number, dup: boolean): void {
    const f: Flags = mkFlags({ dup, qos: msg.qos, retain: msg.retain, topicIdType: ref.type });
    this.io.out({ type: 'PUBLISH', flags: f, topic: ref.type === 2 ? ref.name : ref.id, msgId, payload: msg.payload });
  }

  private armRetry(msgId: number, f: Inflight): void {
    clearTimeout(f.timer);
    f.timer = setTimeout(() => {
      if (this.inflight.get(msgId) !== f) return;
      if (this.io.active()) {
        if (f.stage === 'pubcomp') this.io.out({ type: 'PUBREL', msgId });
        else if (!f.reregister) this.sendPublish(f.msg, f.ref, msgId, true);
      }
      this.armRetry(msgId, f);
    }, this.io.timings.retryIntervalMs);
    f.timer.unref();
  }

  private requestRegister(topic: string): void {
    if (this.registering?.topic === topic || this.registerQueue.includes(topic)) return;
    if (this.registering) {
      this.registerQueue.push(topic);
      return;
    }
    const id = this.topics.register(topic);
    if (id === undefined) {
      this.io.log.warn({ clientid: this.io.clientId(), topic }, 'mqttsn: no topic id left for this client, messages dropped');
      this.pending.delete(topic);
      this.nextRegister();
      return;
    }
    const msgId = this.nextMsgId();
    this.registering = { id, topic, msgId, tries: 0, timer: setTimeout(() => this.registerTimeout(), this.io.timings.registerRetryMs) };
    this.io.out({ type: 'REGISTER', topicId: id, msgId, topicName: topic });
  }

  private registerTimeout(): void {
    const r = this.registering;
    if (!r || this.io.closed()) return;
    if (r.tries < MAX_REGISTER_RETRIES) {
      r.tries++;
      r.timer = setTimeout(() => this.registerTimeout(), this.io.timings.registerRetryMs);
      this.io.out({ type: 'REGISTER', topicId: r.id, msgId: r.msgId, topicName: r.topic });
      return;
    }
    this.io.log.warn({ clientid: this.io.clientId(), topic: r.topic }, 'mqttsn: REGISTER not acknowledged after retries, disconnecting');
    this.io.giveUp('reached_max_retry_times');
  }

  onRegack(topicId: number, rc: number): void {
    const r = this.registering;
    if (!r || r.id !== topicId) return;
    if (rc === RC.CONGESTION) return; // resent by the retry timer
    clearTimeout(r.timer);
    this.registering = undefined;
    const queued = this.pending.get(r.topic) ?? [];
    this.pending.delete(r.topic);
    if (rc === RC.ACCEPTED) {
      for (const [msgId, f] of this.inflight) {
        if (f.reregister && f.topic === r.topic) {
          f.reregister = false;
          f.ref = { type: 0, id: topicId };
          this.sendPublish(f.msg, f.ref, msgId, false);
        }
      }
      for (const m of queued) this.transmit(m);
    } else {
      this.io.log.warn({ clientid: this.io.clientId(), topic: r.topic, rc }, 'mqttsn: the client refused a topic registration, its messages are dropped');
      this.topics.forget(r.topic);
      for (const [msgId, f] of this.inflight) if (f.reregister && f.topic === r.topic) this.dropInflight(msgId);
    }
    this.nextRegister();
    this.io.settled();
  }

  private nextRegister(): void {
    const next = this.registerQueue.shift();
    if (next !== undefined) this.requestRegister(next);
  }

  private dropInflight(msgId: number): void {
    const f = this.inflight.get(msgId);
    if (!f) return;
    clearTimeout(f.timer);
    this.inflight.delete(msgId);
  }

  onPuback(topicId: number, msgId: number, rc: number): void {
    const f = this.inflight.get(msgId);
    if (!f) return;
    if (rc === RC.ACCEPTED) {
      if (f.stage === 'puback') this.dropInflight(msgId);
    } else if (rc === RC.INVALID_TOPIC_ID && f.ref.type === 0) {
      // The client lost the registration: register the name again, then resend with the same MsgId.
      f.reregister = true;
      this.requestRegister(f.topic);
    } else {
      this.io.log.warn({ clientid: this.io.clientId(), topicId, msgId, rc }, 'mqttsn: the client refused a PUBLISH');
      this.dropInflight(msgId);
    }
    this.io.settled();
  }

  nextMsgId(): number {
    for (let i = 0; i < 0xffff; i++) {
      this.msgId = this.msgId >= 0xffff ? 1 : this.msgId + 1;
      if (!this.inflight.has(this.msgId)) return this.msgId;
    }
    return this.msgId;
  }
}
