// Writes what the node does for the traced subjects. Listeners sit on broker.events (and the rule engine's
// onRuleRun seam) only while at least one trace is running, so an idle node pays nothing; with traces running,
// an event of an untraced client costs a compare per running trace (a topic match for topic traces).
import type { Broker, BrokerEvents, ClientIdentity, PublishMessage } from '@mqdeck/broker';
import { isSysTopic, topicMatches, withTopicScope } from '@mqdeck/broker';
import type { RulesService } from '../rules/rules.service';
import { ruleRunEntries } from './rule-entries';
import { TraceWriter } from './writer';
import { formatEntry, type TraceEntry } from './line-format';
import type { Trace } from './log-trace.store';

const notSys = (topic: string) => !isSysTopic(topic);

/** what an event says about its subject, for matching */
interface Subject {
  clientid?: string | null;
  peerhost?: string;
  topic?: string;
  ruleId?: string;
}

interface Running {
  trace: Trace;
  writer: TraceWriter;
  /** topic traces: whether a topic matches the filter, remembered (most traffic repeats its topics) */
  topics?: Map<string, boolean>;
}

const TOPIC_CACHE_MAX = 10_000;

type Listeners = { [E in keyof BrokerEvents]?: (...args: BrokerEvents[E]) => void };

export class Tracer {
  private running: Running[] = [];
  private attached: Listeners | undefined;
  private rulesAttached = false;

  constructor(
    private readonly broker: Broker,
    private readonly rules: RulesService | undefined,
    private readonly pathOf: (t: Trace) => string,
    private readonly maxBytes: number,
  ) {}

  /** the traces that run now: writers open for them, the others closed */
  setRunning(traces: Trace[]): void {
    const keep = new Set(traces.map((t) => t.name));
    for (const r of this.running) if (!keep.has(r.trace.name)) r.writer.close();
    const had = new Map(this.running.map((r) => [r.trace.name, r]));
    this.running = traces.map((t) => had.get(t.name) ?? { trace: t, writer: new TraceWriter(this.pathOf(t), this.maxBytes) });
    this.attach(this.running.some((r) => r.trace.type !== 'ruleid'));
    this.attachRules(this.running.some((r) => r.trace.type === 'ruleid'));
  }

  /** resolves once every line written so far is in its file */
  async flush(): Promise<void> {
    await Promise.all(this.running.map((r) => r.writer.flush()));
  }

  close(): void {
    this.setRunning([]);
  }

  private emit(subject: Subject, entry: () => TraceEntry): void {
    let built: TraceEntry | undefined;
    for (const r of this.running) {
      if (!matches(r, subject.clientid, subject.peerhost, subject.topic, subject.ruleId)) continue;
      built ??= entry();
      r.writer.write(formatEntry(built, r.trace.payloadEncode, r.trace.formatter));
    }
  }

  /** the hot path's test (every publish, delivery, authorization): no allocation unless something matches */
  private wanted(clientid: string | null | undefined, peerhost: string | undefined, topic: string | undefined): boolean {
    for (const r of this.running) if (matches(r, clientid, peerhost, topic, undefined)) return true;
    return false;
  }

  private peer(clientid: string | null | undefined, fallback?: string): string | undefined {
    const c = clientid ? this.broker.client(clientid) : undefined;
    return c ? `${c.ipAddress}:${c.port}` : fallback;
  }

  private peerhostOf(clientid: string | null): string | undefined {
    if (!clientid || !this.running.some((r) => r.trace.type === 'ip_address')) return undefined;
    return this.broker.client(clientid)?.ipAddress;
  }

  private clientEvent(client: ClientIdentity, topic: string | undefined, tag: string, msg: string, meta: TraceEntry['meta']): void {
    if (!this.wanted(client.clientid, client.peerhost, topic)) return;
    this.emit({ clientid: client.clientid, peerhost: client.peerhost, topic }, () => ({
      tag,
      msg,
      clientid: client.clientid,
      peername: this.peer(client.clientid, client.peerhost),
      meta: { ...meta, topic },
    }));
  }

  private messageEvent(msg: PublishMessage, tag: string, text: string, meta: TraceEntry['meta'], to?: ClientIdentity): void {
    const who = to ? to.clientid : msg.fromClientid;
    const peerhost = to ? to.peerhost : this.peerhostOf(msg.fromClientid);
    if (!this.wanted(who, peerhost, msg.topic)) return;
    this.emit({ clientid: who, peerhost, topic: msg.topic }, () => ({
      tag,
      msg: text,
      clientid: who ?? undefined,
      peername: this.peer(who),
      meta: { ...meta, topic: msg.topic, qos: msg.qos, retain: msg.retain, id: msg.id, payload: msg.payload },
    }));
  }

  private listeners(): Listeners {
    return {
      'client.check_authn_complete': (info) =>
        this.emit({ clientid: info.clientid, peerhost: info.peerhost }, () => ({
          tag: 'AUTHN',
          msg: 'authentication_result',
          clientid: info.clientid,
          peername: `${info.peerhost}:${info.peerport ?? ''}`,
          meta: {
            result: info.reasonCode === 0 ? 'allow' : 'deny',
            reason_code: info.reasonCode,
            is_superuser: info.isSuperuser,
            anonymous: info.isAnonymous,
            username: info.username,
          },
        })),
      'client.check_authz_complete': (client, action, topic, result, source) =>
        this.clientEvent(client, topic, 'AUTHZ', 'authorization_result', { action, result, source: source ?? null }),
      'client.connack': (info) =>
        this.emit({ clientid: info.clientid, peerhost: info.peerhost }, () => ({
          tag: 'MQTT',
          msg: 'mqtt_packet_sent',
          clientid: info.clientid,
          peername: `${info.peerhost}:${info.peerport ?? ''}`,
          meta: { packet: `CONNACK(Q0, R0, D0, AckFlags=0, ReasonCode=${info.reasonCode})` },
        })),
      'client.connected': (c) =>
        this.emit({ clientid: c.clientid, peerhost: c.ipAddress }, () => ({
          tag: 'CONNECT',
          msg: 'client_connected',
          clientid: c.clientid,
          peername: `${c.ipAddress}:${c.port}`,
          meta: { username: c.username, proto_name: c.protoName, proto_ver: c.protoVer, clean_start: c.cleanStart, keepalive: c.keepalive, listener: c.listener },
        })),
      'client.disconnected': (c, reason) =>
        this.emit({ clientid: c.clientid, peerhost: c.ipAddress }, () => ({
          tag: 'DISCONNECT',
          msg: 'client_disconnected',
          clientid: c.clientid,
          peername: `${c.ipAddress}:${c.port}`,
          meta: { reason },
        })),
      'session.subscribed': (client, sub) => this.clientEvent(client, sub.topic, 'SUBSCRIBE', 'subscribe', { sub_opts: { qos: sub.qos, nl: sub.nl, rap: sub.rap, rh: sub.rh } }),
      'session.unsubscribed': (client, sub) => this.clientEvent(client, sub.topic, 'UNSUBSCRIBE', 'unsubscribe', {}),
      // $SYS messages are never traced (emqx_trace:publish/1): the broker may skip those nobody else sees
      'message.publish': withTopicScope((msg: PublishMessage) => {
        if (isSysTopic(msg.topic)) return;
        this.messageEvent(msg, 'PUBLISH', 'publish_to', { from_clientid: msg.fromClientid, from_username: msg.fromUsername });
      }, notSys),
      'message.delivered': (client, msg) => this.messageEvent(msg, 'DELIVER', 'publish_delivered', { from_clientid: msg.fromClientid }, client),
      'message.dropped': withTopicScope((msg: PublishMessage, reason: string) => {
        if (isSysTopic(msg.topic)) return;
        this.messageEvent(msg, 'PUBLISH', 'message_dropped', { reason });
      }, notSys),
      'delivery.dropped': (client, msg, reason) => this.messageEvent(msg, 'DELIVER', 'delivery_dropped', { reason }, client),
    };
  }

  private attach(on: boolean): void {
    const events = this.broker.events;
    if (on && !this.attached) {
      this.attached = this.listeners();
      for (const [name, fn] of Object.entries(this.attached)) events.on(name as keyof BrokerEvents, fn);
    } else if (!on && this.attached) {
      for (const [name, fn] of Object.entries(this.attached)) events.off(name as keyof BrokerEvents, fn);
      this.attached = undefined;
    }
  }

  private attachRules(on: boolean): void {
    if (!this.rules || on === this.rulesAttached) return;
    this.rulesAttached = on;
    this.rules.onRuleRun = on
      ? (rule, columns, result) => {
          if (!this.running.some((r) => r.trace.type === 'ruleid' && r.trace.filter === rule.id)) return;
          ruleRunEntries(rule, columns, result, (entry) => this.emit({ ruleId: rule.id }, () => entry));
        }
      : undefined;
  }
}

function matches(r: Running, clientid: string | null | undefined, peerhost: string | undefined, topic: string | undefined, ruleId: string | undefined): boolean {
  const t = r.trace;
  switch (t.type) {
    case 'clientid':
      return clientid === t.filter;
    case 'ip_address':
      return peerhost === t.filter; // peerhost is a bare address (::ffff: stripped): a prefix would take 10.0.0.1x in
    case 'topic': {
      if (topic === undefined) return false;
      const cache = (r.topics ??= new Map());
      let hit = cache.get(topic);
      if (hit === undefined) {
        hit = topicMatches(t.filter, topic);
        if (cache.size >= TOPIC_CACHE_MAX) cache.clear();
        cache.set(topic, hit);
      }
      return hit;
    }
    case 'ruleid':
      return ruleId === t.filter;
  }
}
