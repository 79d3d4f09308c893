// Non-MQTT channels (EMQX's gateway clients: STOMP, MQTT-SN, CoAP...). A channel joins the broker's pubsub like an
// MQTT session: its publishes run the same authorization and `message.publish` hooks (rules, rewrite, delayed) and
// its subscriptions sit in the same routing table. It is not an MQTT session: it is not in `clients()`, it has no
// inflight window nor offline queue (the protocol that owns it does its own acknowledgements), and it ends with
// its connection. The router only reads `clientid`, `identity`, `subs`, `setSub`, `deleteSub`, `conn` and
// `deliver` of what it routes to, which is all a channel's subscriber implements.
import type { BrokerCore } from '../core';
import type { Session } from '../session/session';
import type { Pending } from '../session/mqueue';
import type { ClientIdentity, PublishMessage, QoS, SubscriptionInfo } from '../types';
import { BrokerError } from '../types';
import { hasWildcard, isValidTopicFilter, isValidTopicName, parseFilter, topicMatches } from '../topics/validate';
import { newMessageId } from '../ids';

/** Who a channel belongs to. */
export interface ChannelInfo {
  /** the device's client id (unique within its gateway, not across the broker: MQTT clients may use the same id) */
  clientid: string;
  username: string | null;
  peerhost: string;
  /** listener id, e.g. "stomp:tcp:default" */
  listener: string;
  /** gateway name, e.g. "stomp": scopes the routing key */
  gateway: string;
  isSuperuser: boolean;
  /** prefixed to every topic the channel publishes or subscribes, removed from the topics it is sent ('' = none) */
  mountpoint: string;
  clientAttrs?: Record<string, string>;
}

/** A message for the device; `topic` and `filter` are without the mountpoint. */
export interface ChannelDelivery {
  id: string;
  topic: string;
  payload: Buffer;
  qos: QoS;
  retain: boolean;
  /** the channel's filter (as subscribed, without mountpoint) that matched */
  filter: string;
  from: string | null;
  timestamp: number;
  properties?: PublishMessage['properties'];
}

export interface ChannelSink {
  deliver(msg: ChannelDelivery): void;
  /** the broker closes the channel (broker shutdown): the protocol closes its connection */
  kick(reason: string): void;
}

/** Per-channel counters with EMQX's names. */
export interface ChannelStats {
  recv_oct: number;
  recv_cnt: number;
  recv_pkt: number;
  recv_msg: number;
  send_oct: number;
  send_cnt: number;
  send_pkt: number;
  send_msg: number;
  'send_msg.dropped': number;
}

export interface ChannelHandle {
  readonly info: ChannelInfo;
  readonly connectedAt: number;
  readonly closed: boolean;
  /** authorize, run the publish hooks, route; 'denied' when authorization refuses. Rejects on an invalid topic. */
  publish(topic: string, payload: Buffer, opts: { qos: QoS; retain?: boolean }): Promise<'ok' | 'denied'>;
  /** authorize, run the subscribe hook, subscribe, send matching retained messages; the granted QoS or 'denied' */
  subscribe(filter: string, opts: { qos: QoS }): Promise<QoS | 'denied'>;
  unsubscribe(filter: string): Promise<boolean>;
  /** filters as subscribed (without mountpoint) */
  subscriptions(): Array<{ topic: string; qos: QoS }>;
  /** count a packet/frame in or out, for the stats */
  count(direction: 'in' | 'out', bytes: number): void;
  stats(): ChannelStats;
  /** leave the pubsub; idempotent */
  close(reason?: string): void;
}

function newStats(): ChannelStats {
  return { recv_oct: 0, recv_cnt: 0, recv_pkt: 0, recv_msg: 0, send_oct: 0, send_cnt: 0, send_pkt: 0, send_msg: 0, 'send_msg.dropped': 0 };
}

/** the routing table's view of a channel (a Session in shape: the router reads nothing else) */
class ChannelSubscriber {
  readonly conn = null;
  readonly subs = new Map<string, SubscriptionInfo>();
  constructor(
    /** the router reads the subscriber's settings (ignore_loop_deliver, upgrade_qos): a channel has the global ones */
    readonly core: BrokerCore,
    /** routing key: unique per gateway and device so that it never meets an MQTT client's id */
    readonly clientid: string,
    readonly identity: ClientIdentity,
    private readonly onDeliver: (p: Pending) => void,
  ) {}
  setSub(topic: string, sub: SubscriptionInfo): void {
    this.subs.set(topic, sub);
  }
  deleteSub(topic: string): void {
    this.subs.delete(topic);
  }
  deliver(p: Pending): void {
    this.onDeliver(p);
  }
}

export class Channels {
  private readonly open = new Set<Channel>();
  constructor(private readonly core: BrokerCore) {}

  openChannel(info: ChannelInfo, sink: ChannelSink): ChannelHandle {
    const ch = new Channel(this.core, info, sink, () => this.open.delete(ch));
    this.open.add(ch);
    return ch;
  }

  count(): number {
    return this.open.size;
  }

  /** broker shutdown: every protocol is told, every channel leaves */
  closeAll(reason: string): void {
    for (const ch of [...this.open]) {
      ch.kickAndClose(reason);
    }
  }
}

class Channel implements ChannelHandle {
  readonly connectedAt = Date.now();
  closed = false;
  private readonly sub: ChannelSubscriber;
  private readonly counters = newStats();
  private readonly mount: string;

  constructor(
    private readonly core: BrokerCore,
    readonly info: ChannelInfo,
    private readonly sink: ChannelSink,
    private readonly onClose: () => void,
  ) {
    this.mount = info.mountpoint ?? '';
    const identity: ClientIdentity = {
      clientid: info.clientid,
      username: info.username,
      peerhost: info.peerhost,
      listener: info.listener,
      protoVer: 4,
      isSuperuser: info.isSuperuser,
      clientAttrs: info.clientAttrs ?? {},
      mountpoint: this.mount,
    };
    this.sub = new ChannelSubscriber(core, `$gateway/${info.gateway}/${info.clientid}`, identity, (p) => this.onRouted(p));
  }

  private authorize(action: 'publish' | 'subscribe', topic: string, qos: QoS, retain?: boolean): boolean | Promise<boolean> {
    if (this.info.isSuperuser) return true;
    const hook = this.core.hooks.authorize;
    if (!hook) return true;
    const c = this.core.counters;
    c.incr('client.authorize');
    const count = (v: Awaited<ReturnType<typeof hook>>): boolean => {
      const r = typeof v === 'string' ? v : v.result;
      c.incr(r === 'allow' ? 'authorization.allow' : 'authorization.deny');
      return r === 'allow';
    };
    const result = hook({ client: this.sub.identity, action, topic, qos, retain });
    return result instanceof Promise ? result.then(count) : count(result);
  }

  async publish(topic: string, payload: Buffer, opts: { qos: QoS; retain?: boolean }): Promise<'ok' | 'denied'> {
    if (this.closed) throw new BrokerError('CHANNEL_CLOSED', 'The channel is closed');
    const s = this.core.settings;
    if (!isValidTopicName(topic, s.maxTopicLevels)) throw new BrokerError('INVALID_TOPIC', `Invalid topic name: ${topic}`);
    if (opts.qos !== 0 && opts.qos !== 1 && opts.qos !== 2) throw new BrokerError('INVALID_QOS', `Invalid QoS: ${String(opts.qos)}`);
    const full = this.mount + topic;
    const retain = opts.retain === true;
    this.counters.recv_msg++;
    const c = this.core.counters;
    c.incr('messages.received');
    c.incr(`messages.qos${opts.qos}.received`);
    if (!(await this.authorize('publish', full, opts.qos, retain))) {
      return 'denied';
    }
    const msg: PublishMessage = {
      id: newMessageId(),
      topic: full,
      payload,
      qos: opts.qos,
      retain,
      fromClientid: this.info.clientid,
      fromUsername: this.info.username,
      timestamp: Date.now(),
    };
    await this.core.publishMessage(msg);
    return 'ok';
  }

  async subscribe(filter: string, opts: { qos: QoS }): Promise<QoS | 'denied'> {
    if (this.closed) throw new BrokerError('CHANNEL_CLOSED', 'The channel is closed');
    const s = this.core.settings;
    if (opts.qos !== 0 && opts.qos !== 1 && opts.qos !== 2) throw new BrokerError('INVALID_QOS', `Invalid QoS: ${String(opts.qos)}`);
    this.checkFilter(filter);
    if (!(await this.authorize('subscribe', this.mount + (parseFilter(filter, true)?.filter ?? filter), opts.qos))) return 'denied';
    let topic = filter;
    const hook = this.core.hooks.subscribe;
    if (hook) {
      const rewritten = await hook(this.sub.identity, filter, { qos: opts.qos, nl: 0, rap: 0, rh: 0 });
      if (rewritten === null) return 'denied';
      if (rewritten !== filter) {
        this.checkFilter(rewritten);
        topic = rewritten;
      }
    }
    if (this.closed) return 'denied';
    const qos = Math.min(opts.qos, s.maxQosAllowed) as QoS;
    const routed = this.mountFilter(topic);
    const result = this.core.router.addSubscription(this.sub as unknown as Session, routed, { qos, nl: 0, rap: 0, rh: 0 });
    if (result === 'exclusive_taken') throw new BrokerError('EXCLUSIVE_SUBSCRIPTION_TAKEN', `Exclusive subscription already taken: ${topic}`);
    const parsed = parseFilter(routed, s.exclusiveSubscription);
    if (parsed && parsed.group === undefined && s.retainAvailable && !result.existed) {
      for (const m of this.core.retained.match(parsed.filter)) {
        this.send(m, Math.min(m.qos, qos) as QoS, true, topic);
      }
    }
    return qos;
  }

  private checkFilter(filter: string): void {
    const s = this.core.settings;
    const parsed = parseFilter(filter, s.exclusiveSubscription);
    if (!parsed || !isValidTopicFilter(parsed.filter, s.maxTopicLevels)) throw new BrokerError('INVALID_TOPIC', `Invalid topic filter: ${filter}`);
    if (parsed.group !== undefined && !s.sharedSubscription) throw new BrokerError('SHARED_SUBSCRIPTION_NOT_SUPPORTED', 'Shared subscriptions are disabled');
    if (hasWildcard(parsed.filter) && !s.wildcardSubscription) throw new BrokerError('WILDCARD_SUBSCRIPTION_NOT_SUPPORTED', 'Wildcard subscriptions are disabled');
  }

  async unsubscribe(filter: string): Promise<boolean> {
    let topic = filter;
    const hook = this.core.hooks.unsubscribe;
    if (hook) {
      const rewritten = await hook(this.sub.identity, filter);
      if (rewritten === null) return false;
      topic = rewritten;
    }
    return this.core.router.removeSubscription(this.sub as unknown as Session, this.mountFilter(topic));
  }

  subscriptions(): Array<{ topic: string; qos: QoS }> {
    return [...this.sub.subs.values()].map((s) => ({ topic: this.unmountFilter(s.topic), qos: s.qos }));
  }

  count(direction: 'in' | 'out', bytes: number): void {
    const c = this.counters;
    if (direction === 'in') {
      c.recv_oct += bytes;
      c.recv_cnt++;
      c.recv_pkt++;
    } else {
      c.send_oct += bytes;
      c.send_cnt++;
      c.send_pkt++;
    }
  }

  stats(): ChannelStats {
    return { ...this.counters };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const topic of [...this.sub.subs.keys()]) this.core.router.removeSubscription(this.sub as unknown as Session, topic);
    this.onClose();
  }

  kickAndClose(reason: string): void {
    if (this.closed) return;
    try {
      this.sink.kick(reason);
    } catch (err) {
      this.core.emitError(err);
    }
    this.close();
  }

  private unmount(topic: string): string {
    return this.mount && topic.startsWith(this.mount) ? topic.slice(this.mount.length) : topic;
  }

  /** the mountpoint goes after `$share/<group>/`, `$queue/`, `$exclusive/` (as emqx_mountpoint:mount) */
  private mountFilter(filter: string): string {
    const m = /^(\$share\/[^/]+\/|\$queue\/|\$exclusive\/)(.*)$/s.exec(filter);
    return m ? m[1] + this.mount + m[2] : this.mount + filter;
  }

  private unmountFilter(filter: string): string {
    const m = /^(\$share\/[^/]+\/|\$queue\/|\$exclusive\/)(.*)$/s.exec(filter);
    return m ? m[1] + this.unmount(m[2]) : this.unmount(filter);
  }

  /** the router picked this channel for a message */
  private onRouted(p: Pending): void {
    if (this.closed) return;
    const topic = this.unmount(p.msg.topic);
    let filter = topic;
    for (const t of this.sub.subs.keys()) {
      const parsed = parseFilter(t, true);
      if (parsed && topicMatches(parsed.filter, p.msg.topic)) {
        filter = this.unmountFilter(t);
        break;
      }
    }
    this.send(p.msg, p.qos, p.retain, filter);
  }

  private send(msg: PublishMessage, qos: QoS, retain: boolean, filter: string): void {
    this.counters.send_msg++;
    try {
      this.sink.deliver({
        id: msg.id,
        topic: this.unmount(msg.topic),
        payload: msg.payload,
        qos,
        retain,
        filter,
        from: msg.fromClientid,
        timestamp: msg.timestamp,
        properties: msg.properties,
      });
      this.core.onDelivered(this.sub as unknown as Session, msg, qos);
    } catch (err) {
      this.counters['send_msg.dropped']++;
      this.core.emitError(err);
    }
  }
}
