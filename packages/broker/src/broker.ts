import { EventEmitter } from 'node:events';
import type { ByteStream } from './transports/byte-stream';
import type {
  Broker,
  AuthzVerdict,
  BrokerEvents,
  BrokerHooks,
  BrokerOptions,
  ChainableHooks,
  ClientInfo,
  ConnInfo,
  ForceShutdown,
  Listener,
  ListenerConfig,
  MqttSettings,
  NodeLimits,
  PublishMessage,
  PublishVerdict,
  QueuedMessageView,
  QoS,
  RetainStore,
  SubOptions,
  SubscriptionInfo,
} from './types';
import { BrokerError, CONSUMED } from './types';
import { composeHooks, type HookEntry } from './hooks';
import { bucketFor, checkListenerUpdate, type BucketPair } from './connection/limiter';
import { checkHeaps, checkMailbox } from './connection/force-shutdown';
import { DEFAULT_SETTINGS } from './settings';
import { C, Counters, GAUGE_NAMES, Gauges, type GaugeName } from './metrics';
import { Connection } from './connection/connection';
import type { Session } from './session/session';
import type { BrokerCore, DeliveryDropReason } from './core';
import { Router } from './topics/router';
import { observes as anyObserver } from './topics/observers';
import { hasWildcard, isSysTopic, isValidTopicFilter, isValidTopicName, parseFilter } from './topics/validate';
import { MemoryRetainStore } from './retain/memory';
import { RetainedDelivery } from './retain/delivery';
import { SessionRegistry } from './session/registry';
import { newMessageId } from './ids';
import { createListener } from './transports/listener';
import { clientInfo } from './views';
import { Zones } from './zones/zones';

export class BrokerImpl implements Omit<Broker, 'openChannel' | 'setZones' | 'zoneSettings'>, BrokerCore {
  readonly nodeName: string;
  readonly settings: MqttSettings;
  /** the composed hooks (setHooks' base set + addHooks' chains) that the packet handlers read */
  hooks: BrokerHooks;
  private baseHooks: BrokerHooks;
  private readonly extraHooks: HookEntry[] = [];
  /** node-wide limiter buckets, shared by every connection (mutated in place by setLimits) */
  readonly nodeBuckets: BucketPair = { messages: null, bytes: null };
  forceShutdown: ForceShutdown | null = null;
  readonly events = new EventEmitter<BrokerEvents>();
  readonly counters = new Counters();
  readonly gauges = new Gauges();
  retained: RetainStore;

  readonly sessions: SessionRegistry = new SessionRegistry(this);
  readonly retainedDelivery: RetainedDelivery = new RetainedDelivery(this, (session) => this.sessions.isLive(session));
  readonly router: Router = new Router(this);
  readonly observes = (topic: string, retain = false): boolean => anyObserver(this, topic, retain); // topics/observers.ts
  protected readonly zones: Zones = new Zones(this); // the core a listener's connections get (setZones: zones/)
  private tick?: NodeJS.Timeout;
  private readonly listeners = new Set<Listener>();
  /** listener id → its live config (rates are read from it when a connection is attached) */
  private readonly listenerConfigs = new Map<string, ListenerConfig>();

  constructor(options: BrokerOptions) {
    this.nodeName = options.nodeName;
    this.settings = { ...DEFAULT_SETTINGS, ...options.settings };
    this.baseHooks = options.hooks ?? {};
    this.hooks = this.baseHooks;
    this.retained = options.retainStore ?? new MemoryRetainStore();
    this.armTick();
  }

  // ------------------------------------------------------------------ configuration

  updateSettings(patch: Partial<MqttSettings>): void {
    Object.assign(this.settings, patch);
    this.zones.resync(this.sessions.values());
    this.armTick();
  }

  setHooks(hooks: BrokerHooks): void {
    this.baseHooks = hooks;
    this.hooks = composeHooks(hooks, this.extraHooks);
  }

  addHooks(hooks: ChainableHooks, priority = 0): () => void {
    const entry: HookEntry = { hooks, priority };
    this.extraHooks.push(entry);
    this.hooks = composeHooks(this.baseHooks, this.extraHooks);
    return () => {
      const i = this.extraHooks.indexOf(entry);
      if (i < 0) return;
      this.extraHooks.splice(i, 1);
      this.hooks = composeHooks(this.baseHooks, this.extraHooks);
    };
  }

  setLimits(limits: NodeLimits): void {
    // a changed rate starts a fresh bucket; connections read the shared pair at each take, so they follow at once
    if (limits.messagesRate !== undefined) this.nodeBuckets.messages = bucketFor(limits.messagesRate);
    if (limits.bytesRate !== undefined) this.nodeBuckets.bytes = bucketFor(limits.bytesRate);
    if (limits.forceShutdown !== undefined) this.forceShutdown = limits.forceShutdown;
    if (limits.retainedDeliveryRate !== undefined) this.retainedDelivery.setRate(limits.retainedDeliveryRate);
  }

  /** force_shutdown's max_mailbox_size (connection/force-shutdown.ts): at every packet received or written busy */
  checkMailbox(conn: Connection): void {
    const max = this.forceShutdown?.maxMailboxSize;
    if (max != null) checkMailbox(this, conn, max);
  }

  incr(name: string, n = 1): void {
    this.counters.incr(name, n);
  }

  setGauge(name: string, value: number): void {
    if (!(GAUGE_NAMES as readonly string[]).includes(name)) throw new BrokerError('UNKNOWN_GAUGE', `Unknown gauge: ${name}`);
    this.gauges.set(name as GaugeName, value);
  }

  /** one periodic sweep for retries and QoS 2 await_rel timeouts (period follows the settings) */
  protected armTick(): void {
    if (this.tick) clearInterval(this.tick);
    this.tick = setInterval(() => this.sweep(), this.zones.sweepPeriod());
    this.tick.unref();
  }

  private sweep(): void {
    const now = Date.now();
    checkHeaps(this, this.sessions.connections); // each connection against its zone's max_heap_size
    this.sessions.sweep(now);
  }

  emitError(err: unknown): void {
    if (this.events.listenerCount('broker.error') > 0) this.events.emit('broker.error', err);
  }

  // ------------------------------------------------------------------ connections

  handle(stream: ByteStream, info: ConnInfo): void {
    const accept = this.hooks.accept;
    if (accept) {
      let ok: boolean;
      try {
        ok = accept(info);
      } catch (err) {
        this.emitError(err);
        ok = false;
      }
      if (!ok) {
        stream.destroy();
        return;
      }
    }
    const cfg = this.listenerConfigs.get(info.listener);
    if (cfg && info.messagesRate === undefined && info.bytesRate === undefined && (cfg.messagesRate || cfg.bytesRate)) {
      info = { ...info, messagesRate: cfg.messagesRate ?? null, bytesRate: cfg.bytesRate ?? null };
    }
    this.sessions.addConnection(new Connection(this.zones.coreFor(info.zone), stream, info)); // its zone's settings, once
  }

  createListener(config: ListenerConfig): Listener {
    checkListenerUpdate(config);
    // the transport reads its own copy at each accept: update() changes that copy, nobody else does
    const own: ListenerConfig = { ...config };
    const transport = createListener(this, own);
    const configs = this.listenerConfigs;
    const listener: Listener = {
      get config() {
        return transport.config;
      },
      get running() {
        return transport.running;
      },
      get currentConnections() {
        return transport.currentConnections;
      },
      get port() {
        return transport.port;
      },
      async start() {
        await transport.start();
        configs.set(own.id, own);
      },
      async stop() {
        if (configs.get(own.id) === own) configs.delete(own.id);
        await transport.stop();
      },
      update: (patch) => {
        checkListenerUpdate(patch);
        Object.assign(own, patch);
        // EMQX updates the limiters of open connections too: new rates apply to the listener's clients at once
        if (patch.messagesRate !== undefined || patch.bytesRate !== undefined) {
          for (const conn of this.sessions.connections) {
            if (conn.info.listener === own.id) conn.setRates(own.messagesRate ?? null, own.bytesRate ?? null);
          }
        }
      },
    };
    this.listeners.add(listener);
    return listener;
  }

  // ------------------------------------------------------------------ authorization

  authorize(conn: Connection, action: 'publish' | 'subscribe', topic: string, qos: QoS, retain?: boolean): boolean | Promise<boolean> {
    const hook = this.hooks.authorize;
    if (!hook) return true;
    this.counters.incr('client.authorize');
    const result = hook({ client: conn.identity, action, topic, qos, retain });
    return result instanceof Promise ? result.then((v) => this.authorized(conn, action, topic, v)) : this.authorized(conn, action, topic, result);
  }

  /** counts a verdict; a method, not a closure made per PUBLISH. Read in place: no object per PUBLISH/SUBSCRIBE */
  private authorized(conn: Connection, action: 'publish' | 'subscribe', topic: string, v: AuthzVerdict): boolean {
    const r = typeof v === 'string' ? v : v.result;
    this.counters.incr(r === 'allow' ? 'authorization.allow' : 'authorization.deny');
    if (this.events.listenerCount('client.check_authz_complete') > 0)
      this.events.emit('client.check_authz_complete', conn.identity, action, topic, r, typeof v === 'string' ? undefined : v.source);
    return r === 'allow';
  }

  // ------------------------------------------------------------------ publish
  // publishMessage(msg): the message.publish hooks (may rewrite, drop or take over the message) → accepted: messages.publish
  // → storeRetained → router.routeToSubscribers → session.deliver for each subscriber (send, queue or drop)

  /** returns how many subscribers got the message (0 when a hook dropped or took it) */
  publishMessage(msg: PublishMessage): number | Promise<number> {
    // without a hook there is no verdict to wait for: routed in this call, no promise
    if (!this.hooks.messagePublish) return this.publishAccepted(msg);
    const verdict = this.hooks.messagePublish(msg); // setHooks' hook and addHooks' chain in priority order (hooks.ts)
    if (verdict instanceof Promise) return verdict.then((v) => this.afterPublishHooks(msg, v));
    return this.afterPublishHooks(msg, verdict);
  }

  private afterPublishHooks(original: PublishMessage, verdict: PublishVerdict): number {
    if (verdict === CONSUMED) return 0; // taken over by a hook (delayed publish): neither routed nor dropped
    if (!verdict) {
      this.counters.incr('messages.dropped');
      this.events.emit('message.dropped', original, 'hook');
      return 0;
    }
    return this.publishAccepted(verdict);
  }

  private publishAccepted(msg: PublishMessage): number {
    if (!isSysTopic(msg.topic)) this.counters.incr('messages.publish');
    this.events.emit('message.publish', msg);
    this.storeRetained(msg);
    return this.router.routeToSubscribers(msg);
  }

  private storeRetained(msg: PublishMessage): void {
    if (!msg.retain || !this.settings.retainAvailable) return;
    this.retained.put(msg); // an empty payload deletes [MQTT-3.3.1-10]
    this.gauges.set('retained', this.retained.count());
  }

  // ------------------------------------------------------------------ one subscriber's copy

  onDeliveryDropped(session: Session, msg: PublishMessage, reason: DeliveryDropReason): void {
    this.counters.incr('delivery.dropped');
    this.counters.incr(`delivery.dropped.${reason}`);
    const st = (session.conn ?? session.lastConn)?.msgStats;
    if (st && reason !== 'no_local') {
      st['send_msg.dropped']++;
      if (reason !== 'qos0_msg') st[`send_msg.dropped.${reason}`]++;
    }
    this.events.emit('delivery.dropped', session.identity, msg, reason);
  }

  onDelivered(session: Session, msg: PublishMessage, qos: QoS): void {
    this.counters.add(C['messages.delivered']);
    if (this.events.listenerCount('message.delivered') > 0) this.events.emit('message.delivered', session.identity, msg, qos);
  }

  onAcked(session: Session, msg: PublishMessage, deliverAt: number): void {
    this.counters.add(C['messages.acked']);
    if (this.events.listenerCount('message.acked') > 0) this.events.emit('message.acked', session.identity, msg);
    if (this.events.listenerCount('delivery.completed') > 0) this.events.emit('delivery.completed', session.identity, msg, deliverAt, session.createdAt);
  }

  // ------------------------------------------------------------------ public facade

  *clients(): IterableIterator<ClientInfo> {
    for (const session of this.sessions.values()) yield clientInfo(this, session);
  }

  client(clientid: string): ClientInfo | undefined {
    const session = this.sessions.get(clientid);
    return session ? clientInfo(this, session) : undefined;
  }

  clientCount(): { connections: number; liveConnections: number; sessions: number } {
    return this.sessions.counts();
  }

  kick(clientid: string): boolean {
    return this.sessions.kick(clientid);
  }

  subscriptionsOf(clientid: string): SubscriptionInfo[] | undefined {
    const session = this.sessions.get(clientid);
    return session ? [...session.subs.values()] : undefined;
  }

  subscribe(clientid: string, topic: string, opts: SubOptions): SubscriptionInfo {
    const session = this.sessions.get(clientid);
    if (!session) throw new BrokerError('CLIENTID_NOT_FOUND', 'Client ID not found');
    const s = session.core.settings; // the zone of the connection that made the session
    const parsed = parseFilter(topic, s.exclusiveSubscription);
    if (!parsed || !isValidTopicFilter(parsed.filter, s.maxTopicLevels)) throw new BrokerError('INVALID_TOPIC', `Invalid topic filter: ${topic}`);
    if (parsed.group !== undefined && !s.sharedSubscription) throw new BrokerError('SHARED_SUBSCRIPTION_NOT_SUPPORTED', 'Shared subscriptions are disabled');
    if (hasWildcard(parsed.filter) && !s.wildcardSubscription) throw new BrokerError('WILDCARD_SUBSCRIPTION_NOT_SUPPORTED', 'Wildcard subscriptions are disabled');
    if (![0, 1, 2].includes(opts.qos)) throw new BrokerError('INVALID_QOS', `Invalid QoS: ${opts.qos}`);
    const qos = Math.min(opts.qos, s.maxQosAllowed) as QoS;
    const result = this.router.addSubscription(session, topic, { ...opts, qos });
    if (result === 'exclusive_taken') throw new BrokerError('EXCLUSIVE_SUBSCRIPTION_TAKEN', `Exclusive subscription already taken: ${topic}`);
    if (parsed.group === undefined && s.retainAvailable && (opts.rh === 0 || (opts.rh === 1 && !result.existed))) {
      this.retainedDelivery.deliverRetained(session, result.sub, this.retained.match(parsed.filter));
    }
    return result.sub;
  }

  unsubscribe(clientid: string, topic: string): boolean {
    const session = this.sessions.get(clientid);
    return session ? this.router.removeSubscription(session, topic) : false;
  }

  setKeepalive(clientid: string, seconds: number): boolean {
    const conn = this.sessions.get(clientid)?.conn;
    if (!conn || !conn.isConnected) return false;
    conn.keepalive = seconds;
    conn.keepaliveTimer.start(seconds, conn.core.settings.keepaliveMultiplier, conn.core.settings.keepaliveCheckInterval);
    return true;
  }

  mqueue(clientid: string): QueuedMessageView[] | undefined {
    const session = this.sessions.get(clientid);
    if (!session) return undefined;
    return session.mqueue.toArray().map((p) => ({ msg: p.msg, insertedAt: p.insertedAt, priority: p.priority }));
  }

  inflight(clientid: string): QueuedMessageView[] | undefined {
    const session = this.sessions.get(clientid);
    if (!session) return undefined;
    return [...session.inflight.values()].map((p) => ({ msg: p.msg, insertedAt: p.insertedAt }));
  }

  *subscriptions(): IterableIterator<SubscriptionInfo> {
    for (const session of this.sessions.values()) yield* session.subs.values();
  }

  topics(): IterableIterator<string> {
    return this.router.topics();
  }

  // not async: a route without asynchronous hooks settles at once, without an await turn ($SYS client events
  // publish through here at every connect and disconnect); errors still come back as a rejection
  publish(
    input: Omit<PublishMessage, 'id' | 'timestamp'> & Partial<Pick<PublishMessage, 'id' | 'timestamp'>>,
    opts?: { bypassHooks?: boolean },
  ): Promise<{ id: string; matched: number }> {
    try {
      if (!isValidTopicName(input.topic, this.settings.maxTopicLevels)) throw new BrokerError('INVALID_TOPIC', `Invalid topic name: ${input.topic}`);
      if (input.qos !== 0 && input.qos !== 1 && input.qos !== 2) throw new BrokerError('INVALID_QOS', `Invalid QoS: ${input.qos}`);
      const msg: PublishMessage = { ...input, id: input.id ?? newMessageId(), timestamp: input.timestamp ?? Date.now() };
      const matched = opts?.bypassHooks ? this.publishAccepted(msg) : this.publishMessage(msg);
      return matched instanceof Promise ? matched.then((n) => ({ id: msg.id, matched: n })) : Promise.resolve({ id: msg.id, matched });
    } catch (err) {
      return Promise.reject(err);
    }
  }

  metrics(): Record<string, number> {
    return this.counters.snapshot();
  }

  stats(): Record<string, number> {
    this.gauges.set('retained', this.retained.count());
    return this.gauges.snapshot();
  }

  async close(): Promise<void> {
    if (this.tick) clearInterval(this.tick);
    await Promise.all([...this.listeners].map((l) => l.stop()));
    for (const conn of [...this.sessions.connections]) conn.close('shutdown', 0x8b);
    this.retainedDelivery.stopAll();
    this.sessions.stopTimers();
  }
}
