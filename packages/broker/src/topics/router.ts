// The routing table: which sessions a published message goes to. Plain filters live in one trie keyed by client id
// (one entry per client and filter), `$share/` and `$queue/` groups in another (one entry per group), `$exclusive/`
// owners in a map. The router only decides who gets a copy and at which QoS; `session.deliver` decides whether the
// copy is sent, queued or dropped.
import type { BrokerCore } from '../core';
import type { PublishMessage, QoS, SubOptions, SubscriptionInfo } from '../types';
import type { Session } from '../session/session';
import type { Pending } from '../session/mqueue';
import { TopicTrie } from './trie';
import { SharedGroup, type SubEntry } from './shared';
import { isSysTopic, parseFilter } from './validate';

const NO_MATCHES: readonly Map<string, SharedGroup>[] = [];

function anyValue(matches: readonly Map<string, unknown>[]): boolean {
  for (let i = 0; i < matches.length; i++) if (matches[i].size > 0) return true;
  return false;
}

type RouterHost = Pick<BrokerCore, 'settings' | 'counters' | 'gauges' | 'events' | 'onDeliveryDropped'>;

export class Router {
  private readonly routes = new TopicTrie<SubEntry>();
  private readonly shared = new TopicTrie<SharedGroup>();
  /** distinct subscribed topics (as subscribed) → number of subscribers */
  private readonly topicRefs = new Map<string, number>();
  /** `$exclusive/` filter → owning client id */
  private readonly exclusive = new Map<string, string>();
  private subscriptionCount = 0;
  private sharedCount = 0;
  /** one routing pass's targets, reused between messages: no Map allocated per routed message */
  private readonly targets = new Map<Session, Pending>();
  private routing = false;

  constructor(private readonly host: RouterHost) {}

  /** distinct topic filters with at least one subscriber, as subscribed */
  topics(): IterableIterator<string> {
    return this.topicRefs.keys();
  }

  addSubscription(session: Session, topic: string, opts: SubOptions): { sub: SubscriptionInfo; existed: boolean } | 'exclusive_taken' {
    const parsed = parseFilter(topic, session.core.settings.exclusiveSubscription)!; // as its zone parsed it (subscribe.ts)
    if (parsed.exclusive) {
      const owner = this.exclusive.get(parsed.filter);
      if (owner !== undefined && owner !== session.clientid) return 'exclusive_taken';
      this.exclusive.set(parsed.filter, session.clientid);
    }
    const sub: SubscriptionInfo = { clientid: session.clientid, topic, qos: opts.qos, nl: opts.nl, rap: opts.rap, rh: opts.rh };
    if (opts.subid !== undefined) sub.subid = opts.subid;
    const existed = session.subs.has(topic);
    session.setSub(topic, sub);
    const entry: SubEntry = { session, sub };
    if (parsed.group !== undefined) {
      let group = this.shared.get(parsed.filter, parsed.group);
      if (!group) {
        group = new SharedGroup();
        this.shared.set(parsed.filter, parsed.group, group);
      }
      group.add(entry);
    } else {
      this.routes.set(parsed.filter, session.clientid, entry);
    }
    if (!existed) {
      this.subscriptionCount++;
      if (parsed.group !== undefined) this.sharedCount++;
      this.topicRefs.set(topic, (this.topicRefs.get(topic) ?? 0) + 1);
      this.updateRouteGauges();
    }
    this.host.events.emit('session.subscribed', session.identity, sub);
    return { sub, existed };
  }

  removeSubscription(session: Session, topic: string): boolean {
    const sub = session.subs.get(topic);
    if (!sub) return false;
    session.deleteSub(topic);
    const parsed = parseFilter(topic, true) ?? { filter: topic };
    if (parsed.group !== undefined) {
      const group = this.shared.get(parsed.filter, parsed.group);
      if (group) {
        group.remove(session.clientid);
        if (group.size === 0) this.shared.delete(parsed.filter, parsed.group);
      }
      this.sharedCount--;
    } else {
      // `$exclusive/x` and `x` share one route; only drop it if no other form of it remains
      const other = parsed.exclusive ? parsed.filter : `$exclusive/${parsed.filter}`;
      if (!session.subs.has(other)) this.routes.delete(parsed.filter, session.clientid);
      if (parsed.exclusive && this.exclusive.get(parsed.filter) === session.clientid) this.exclusive.delete(parsed.filter);
    }
    this.subscriptionCount--;
    const refs = (this.topicRefs.get(topic) ?? 1) - 1;
    if (refs <= 0) this.topicRefs.delete(topic);
    else this.topicRefs.set(topic, refs);
    this.updateRouteGauges();
    this.host.events.emit('session.unsubscribed', session.identity, sub);
    return true;
  }

  private updateRouteGauges(): void {
    const g = this.host.gauges;
    g.set('topics', this.topicRefs.size);
    g.set('subscriptions', this.subscriptionCount);
    g.set('suboptions', this.subscriptionCount);
    g.set('subscribers', this.subscriptionCount);
    g.set('subscriptions.shared', this.sharedCount);
  }

  /** some subscription (plain, exclusive or a shared group's) matches the topic: a publish to it would be delivered */
  hasSubscriber(topic: string): boolean {
    return (this.routes.size > 0 && anyValue(this.routes.matchAll(topic))) || (this.shared.size > 0 && anyValue(this.shared.matchAll(topic)));
  }

  /** hand `msg` to every matching session (one copy each) and one member per shared group; returns how many got it */
  routeToSubscribers(msg: PublishMessage): number {
    // an event listener publishing from inside a route (message.dropped → $SYS) gets a scratch map of its own
    const nested = this.routing;
    this.routing = true;
    try {
      return this.route(msg, nested ? new Map() : this.targets);
    } finally {
      this.routing = nested;
    }
  }

  private route(msg: PublishMessage, targets: Map<Session, Pending>): number {
    const insertedAt = process.hrtime.bigint();
    // matched filters come from the trie's per-topic cache: no trie walk nor closure per message
    const matches = this.routes.matchAll(msg.topic);
    // one matching filter holds each client once: its copies go out as they are found, without merging them first
    let matched = matches.length === 0 ? 0 : matches.length === 1 ? this.deliverEach(msg, matches[0], insertedAt) : this.deliverMerged(msg, matches, targets, insertedAt);
    const s = this.host.settings;
    const groupMaps = this.shared.size === 0 ? NO_MATCHES : this.shared.matchAll(msg.topic);
    for (let m = 0; m < groupMaps.length; m++) {
      for (const group of groupMaps[m].values()) {
        const member = group.pick(s.sharedSubscriptionStrategy, msg);
        if (!member) continue;
        const sub = member.sub;
        const qos = (member.session.core.settings.upgradeQos ? sub.qos : Math.min(msg.qos, sub.qos)) as QoS;
        member.session.deliver({ msg, qos, retain: sub.rap === 1 ? msg.retain : false, subids: sub.subid !== undefined ? [sub.subid] : undefined, insertedAt });
        matched++;
      }
    }
    if (matched === 0) {
      if (!isSysTopic(msg.topic)) {
        const c = this.host.counters;
        c.incr('messages.dropped');
        c.incr('messages.dropped.no_subscribers');
      }
      this.host.events.emit('message.dropped', msg, 'no_subscribers');
    }
    return matched;
  }

  /** the subscription's copy of `msg` for its session, or undefined when it gets none (no local, loop delivery) */
  private copyFor(msg: PublishMessage, session: Session, sub: SubscriptionInfo, insertedAt: bigint): Pending | undefined {
    if (msg.fromClientid === session.clientid) {
      if (sub.nl) {
        // [MQTT-3.8.3-3] no local
        this.host.onDeliveryDropped(session, msg, 'no_local');
        return undefined;
      }
      if (session.core.settings.ignoreLoopDeliver && session.identity.protoVer !== 5) return undefined;
    }
    // the subscriber's zone decides (EMQX reads ignore_loop_deliver and upgrade_qos from the receiving channel)
    const qos = (session.core.settings.upgradeQos ? sub.qos : Math.min(msg.qos, sub.qos)) as QoS;
    const retain = sub.rap === 1 ? msg.retain : false; // [MQTT-3.3.1-12], [MQTT-3.3.1-13]
    return { msg, qos, retain, subids: sub.subid !== undefined ? [sub.subid] : undefined, insertedAt };
  }

  private deliverEach(msg: PublishMessage, entries: Map<string, SubEntry>, insertedAt: bigint): number {
    let matched = 0;
    for (const { session, sub } of entries.values()) {
      const copy = this.copyFor(msg, session, sub, insertedAt);
      if (copy === undefined) continue;
      session.deliver(copy);
      matched++;
    }
    return matched;
  }

  /** several filters match: a client subscribed through more than one gets one copy */
  private deliverMerged(msg: PublishMessage, matches: readonly Map<string, SubEntry>[], targets: Map<Session, Pending>, insertedAt: bigint): number {
    targets.clear();
    for (let m = 0; m < matches.length; m++) {
      for (const { session, sub } of matches[m].values()) {
        const copy = this.copyFor(msg, session, sub, insertedAt);
        if (copy === undefined) continue;
        const prev = targets.get(session);
        if (!prev) {
          targets.set(session, copy);
        } else {
          // overlapping subscriptions: one copy, highest QoS, every identifier [MQTT-3.3.4-2], [MQTT-3.3.4-3]
          if (copy.qos > prev.qos) prev.qos = copy.qos;
          prev.retain = prev.retain || copy.retain;
          if (sub.subid !== undefined) (prev.subids ??= []).push(sub.subid);
        }
      }
    }
    const matched = targets.size;
    for (const [session, pending] of targets) session.deliver(pending);
    targets.clear();
    return matched;
  }
}
