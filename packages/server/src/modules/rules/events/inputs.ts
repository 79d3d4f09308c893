// Where rule inputs come from: the broker's events, routed to the rules (and live taps) whose FROM names them.
// Message rules sit in a topic trie keyed by their FROM filters, so a message visits only the rules whose filters
// match its topic; `$events/…` rules are found by event name, `$bridges/…`/`$sources/…` by exact name. A broker
// event is listened to only while some runner wants it: without rules the broker's hot path is untouched.
import { isSysTopic, withTopicScope, type Broker, type BrokerEvents, type PublishMessage } from '@mqdeck/broker';
import { TopicTrie } from '@mqdeck/broker/topics/trie';
import { eventOfTopic, isSpecialInput, type EventName } from './names';
import { startJq } from '../funcs/jq';
import type { Alarm } from '../../alarms/alarms.service';
import { SYS_PUBLISHER } from '../../sys-topics/publisher';
import {
  alarmColumns,
  authnColumns,
  authzColumns,
  connackColumns,
  connectedColumns,
  deliveryColumns,
  disconnectedColumns,
  droppedColumns,
  failedColumns,
  publishColumns,
  subscriptionColumns,
  type Columns,
  type ColumnsEnv,
  type Publisher,
} from './columns';

/** A saved rule or a live tap: something that runs on inputs. */
export interface Runner {
  id: string;
  from: string[];
  /** `origin`: the rule whose republish produced this message, if one did */
  run(columns: Columns, origin: string | undefined): void;
  /**
   * the runner's compiled SQL; `usesAsync`: it calls jq (the only asynchronous function), whose worker is then
   * started when the runner is added, not by the first message
   */
  compiled?: { usesAsync: boolean };
}

/** What a republished message carries back to the inputs (EMQX's `republish_by` header). */
export interface Origin {
  ruleId: string;
  /** direct dispatch: the message skips the message.publish hooks, rules included */
  direct: boolean;
}

/**
 * The event a FROM entry names. `$events/message_publish` names none: as in EMQX it is a plain (`$`) topic filter,
 * so messages reach a rule through their own topics.
 */
function routedEvent(from: string): EventName | undefined {
  const event = eventOfTopic(from);
  return event === 'message.publish' ? undefined : event;
}

/**
 * The origins of the most recent republished messages. A republished message's id ends in a counter (16 hex
 * digits, rules.service's messageIds), so the counter finds the id's slot in a ring directly: no map and no
 * object per message; the oldest are forgotten past the bound.
 */
export class OriginMap {
  private readonly ids: (string | undefined)[];
  private readonly ruleIds: (string | undefined)[];
  private readonly direct: Uint8Array;
  /** the rules that republished (a republished message's publisher is its rule): most messages skip the id look-up */
  private readonly rules = new Set<string>();
  constructor(private readonly max = 10_000) {
    this.ids = new Array<string | undefined>(max).fill(undefined);
    this.ruleIds = new Array<string | undefined>(max).fill(undefined);
    this.direct = new Uint8Array(max);
  }
  private slot(id: string): number {
    const n = id.length === 32 ? parseInt(id.slice(16), 16) : NaN;
    return Number.isSafeInteger(n) ? n % this.max : -1;
  }
  /** the origin of message `id`, published by `from` */
  of(id: string, from: string | null): Origin | undefined {
    if (from === null || !this.rules.has(from)) return undefined;
    const slot = this.slot(id);
    if (slot < 0 || this.ids[slot] !== id) return undefined;
    return { ruleId: this.ruleIds[slot]!, direct: this.direct[slot] === 1 };
  }
  /** message `id` is republished by rule `ruleId` */
  set(id: string, ruleId: string, direct: boolean): void {
    const slot = this.slot(id);
    if (slot < 0) return;
    this.ids[slot] = id;
    this.ruleIds[slot] = ruleId;
    this.direct[slot] = direct ? 1 : 0;
    this.rules.add(ruleId);
  }
}

type Listener<K extends keyof BrokerEvents> = (...args: BrokerEvents[K]) => void;

export class RuleInputs {
  private readonly messages = new TopicTrie<Runner>();
  private readonly events = new Map<EventName, Map<string, Runner>>();
  private readonly hookpoints = new Map<string, Map<string, Runner>>();
  private readonly attached = new Map<string, () => void>();
  /** messages rules republished lately, by message id (EMQX keeps `republish_by` in the message's headers) */
  readonly origins = new OriginMap();
  ignoreSysMessages = true;
  /** publishers' addresses by client id, dropped when the client connects again or disconnects */
  private readonly publishers = new Map<string, Publisher | null>();

  constructor(
    private readonly broker: Broker,
    private readonly env: ColumnsEnv,
  ) {}

  add(r: Runner): void {
    if (r.compiled?.usesAsync) startJq();
    for (const from of r.from) {
      const event = routedEvent(from);
      if (event) this.keyed(this.events, event).set(r.id, r);
      else if (isSpecialInput(from) && !from.startsWith('$events/')) this.keyed(this.hookpoints, from).set(r.id, r);
      else this.messages.set(from, r.id, r);
    }
    this.sync();
  }

  remove(r: Runner): void {
    for (const from of r.from) {
      const event = routedEvent(from);
      if (event) this.events.get(event)?.delete(r.id);
      else if (isSpecialInput(from) && !from.startsWith('$events/')) this.hookpoints.get(from)?.delete(r.id);
      else this.messages.delete(from, r.id);
    }
    this.sync();
  }

  /** runs the rules of a `$bridges/…` / `$sources/…` input (data-integration sources call this) */
  applyHookpoint(hookpoint: string, columns: Columns): void {
    const runners = this.hookpoints.get(hookpoint);
    if (runners) for (const r of runners.values()) r.run({ ...columns }, undefined);
  }

  /** an alarm raised or cleared (alarms.service): the `$events/sys/alarm_…` rules run on it */
  applyAlarm(op: 'activate' | 'deactivate', alarm: Alarm): void {
    const event = op === 'activate' ? 'alarm.activated' : 'alarm.deactivated';
    if (this.wanted(event)) this.fire(event, alarmColumns(this.env, op, alarm));
  }

  /** a message failed a schema validation or a message transformation (their modules call this) */
  applyMessageFailed(event: 'schema.validation_failed' | 'message.transformation_failed', name: string, m: PublishMessage): void {
    if (!this.wanted(event) || this.isSys(m)) return;
    this.fire(event, failedColumns(this.env, event, name, m, this.publisher(m.fromClientid)), this.origins.of(m.id, m.fromClientid)?.ruleId);
  }

  close(): void {
    for (const off of this.attached.values()) off();
    this.attached.clear();
    this.publishers.clear();
  }

  private keyed<K>(m: Map<K, Map<string, Runner>>, k: K): Map<string, Runner> {
    let inner = m.get(k);
    if (!inner) m.set(k, (inner = new Map()));
    return inner;
  }

  private wanted(event: EventName): boolean {
    return (this.events.get(event)?.size ?? 0) > 0;
  }

  /** attach exactly the broker listeners some runner needs */
  private sync(): void {
    this.toggle('message.publish', this.messages.size > 0, this.onPublish);
    this.toggle('message.dropped', this.wanted('message.dropped'), this.onDropped);
    this.toggle('message.delivered', this.wanted('message.delivered'), (c, m) => this.onDelivery('message.delivered', c, m));
    this.toggle('message.acked', this.wanted('message.acked'), (c, m) => this.onDelivery('message.acked', c, m));
    this.toggle('delivery.dropped', this.wanted('delivery.dropped'), (c, m, reason) => this.onDelivery('delivery.dropped', c, m, reason));
    // message rules keep their publishers' addresses: a connect or disconnect makes the entry stale
    const messages = this.messages.size > 0 || this.wanted('message.dropped') || this.wanted('schema.validation_failed') || this.wanted('message.transformation_failed');
    this.toggle('client.connected', messages || this.wanted('client.connected'), (c) => {
      this.publishers.delete(c.clientid);
      if (this.wanted('client.connected')) this.fire('client.connected', connectedColumns(this.env, c));
    });
    this.toggle('client.disconnected', messages || this.wanted('client.disconnected'), (c, reason) => {
      this.publishers.delete(c.clientid);
      if (this.wanted('client.disconnected')) this.fire('client.disconnected', disconnectedColumns(this.env, c, reason));
    });
    if (!messages) this.publishers.clear();
    this.toggle('client.connack', this.wanted('client.connack'), (i) => this.fire('client.connack', connackColumns(this.env, i)));
    this.toggle('client.check_authn_complete', this.wanted('client.check_authn_complete'), (i) => this.fire('client.check_authn_complete', authnColumns(this.env, i)));
    this.toggle('client.check_authz_complete', this.wanted('client.check_authz_complete'), (c, action, topic, result, source) =>
      this.fire('client.check_authz_complete', authzColumns(this.env, c, action, topic, result, source)),
    );
    this.toggle('session.subscribed', this.wanted('session.subscribed'), (c, sub) => this.fire('session.subscribed', subscriptionColumns(this.env, 'session.subscribed', c, sub)));
    this.toggle('session.unsubscribed', this.wanted('session.unsubscribed'), (c, sub) =>
      this.fire('session.unsubscribed', subscriptionColumns(this.env, 'session.unsubscribed', c, sub)),
    );
  }

  private toggle<K extends keyof BrokerEvents>(name: K, on: boolean, fn: Listener<K>): void {
    const off = this.attached.get(name);
    if (on && !off) {
      const listener = fn as (...args: unknown[]) => void;
      this.broker.events.on(name, listener as never);
      this.attached.set(name, () => this.broker.events.off(name, listener as never));
    } else if (!on && off) {
      off();
      this.attached.delete(name);
    }
  }

  /** EMQX ignore_sys_message: messages the node itself publishes on $SYS/… are no rule input */
  private isSys(m: PublishMessage): boolean {
    // the node's own: published by the $SYS publisher (as EMQX, from emqx_sys) or by no client at all
    return this.ignoreSysMessages && (m.fromClientid === null || m.fromClientid === SYS_PUBLISHER) && isSysTopic(m.topic);
  }

  private fire(event: EventName, columns: Columns, origin?: string): void {
    const runners = this.events.get(event);
    if (!runners) return;
    for (const r of runners.values()) r.run(columns, origin);
  }

  private publisher(clientid: string | null): Publisher | undefined {
    if (clientid === null) return undefined;
    let p = this.publishers.get(clientid);
    if (p === undefined) {
      const c = this.env.client(clientid);
      p = c?.connected ? { peerhost: c.ipAddress, peername: `${c.ipAddress}:${c.port}`, clientAttrs: c.clientAttrs } : null;
      this.publishers.set(clientid, p);
    }
    return p ?? undefined;
  }

  /** a message of the node's own on this topic would be an input (the broker skips a $SYS event nobody takes) */
  private sysInput(topic: string): boolean {
    return !(this.ignoreSysMessages && isSysTopic(topic));
  }

  private readonly onPublish = withTopicScope(
    (m: PublishMessage): void => {
      if (this.isSys(m)) return;
      const matched = this.messages.matchAll(m.topic);
      if (matched.length === 0) return;
      const origin = this.origins.of(m.id, m.fromClientid);
      if (origin?.direct) return;
      const columns = publishColumns(this.env, m, this.publisher(m.fromClientid));
      if (matched.length === 1) {
        for (const r of matched[0].values()) r.run(columns, origin?.ruleId);
      } else {
        // a rule whose several FROM filters match the topic runs once
        const seen = new Set<Runner>();
        for (const values of matched) for (const r of values.values()) seen.add(r);
        for (const r of seen) r.run(columns, origin?.ruleId);
      }
    },
    (topic) => this.sysInput(topic) && this.messages.matchAll(topic).length > 0,
  );

  private readonly onDropped = withTopicScope(
    (m: PublishMessage, reason: string): void => {
      if (this.isSys(m)) return;
      this.fire('message.dropped', droppedColumns(this.env, m, reason, this.publisher(m.fromClientid)), this.origins.of(m.id, m.fromClientid)?.ruleId);
    },
    (topic) => this.sysInput(topic),
  );

  private onDelivery(event: 'message.delivered' | 'message.acked' | 'delivery.dropped', ...[c, m, reason]: [BrokerEvents['delivery.dropped'][0], PublishMessage, string?]): void {
    if (this.isSys(m)) return;
    this.fire(event, deliveryColumns(this.env, event, c, m, reason), this.origins.of(m.id, m.fromClientid)?.ruleId);
  }
}
