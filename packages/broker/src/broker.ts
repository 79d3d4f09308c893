import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import type {
  Broker, BrokerEvents, BrokerHooks, BrokerOptions, ChainableHooks, ClientIdentity, ClientInfo, ConnInfo, ForceShutdown,
  Listener, ListenerConfig, MqttSettings, NodeLimits, PublishMessage, PublishVerdict, QueuedMessageView, QoS, RateLimit, RetainStore,
  SubOptions, SubscriptionInfo,
} from './types';
import { BrokerError, CONSUMED } from './types';
import { composeHooks, type HookEntry } from './hooks';
import { bucketFor, checkListenerUpdate, heapEstimate, type BucketPair } from './connection/limiter';
import { DEFAULT_SETTINGS } from './settings';
import { C, Counters, GAUGE_NAMES, Gauges, type GaugeName } from './metrics';
import { Connection } from './connection/connection';
import { Session, expiresAt } from './session/session';
import type { Pending } from './session/mqueue';
import { Router } from './topics/router';
import { hasWildcard, isValidTopicFilter, isValidTopicName, parseFilter } from './topics/validate';
import { MemoryRetainStore } from './retain/memory';
import { RetainedPacer } from './retain/pacer';
import { newMessageId } from './ids';
import { createListener } from './transports/listener';
import { clientInfo } from './views';

const NEVER_EXPIRES = 0xffffffff;
/** EMQX's default tcp high_watermark: above it the socket ("port") is busy */
const BUSY_SOCKET_BYTES = 1024 * 1024;
/** setTimeout's ceiling (~24.8 days); longer session expiries are re-armed */
const MAX_TIMER = 0x7fffffff;

export class BrokerImpl implements Broker {
  readonly nodeName: string;
  readonly settings: MqttSettings;
  /** the composed hooks (setHooks' base set + addHooks' chains) that the packet handlers read */
  hooks: BrokerHooks;
  private baseHooks: BrokerHooks;
  private readonly extraHooks: HookEntry[] = [];
  /** node-wide limiter buckets, shared by every connection (mutated in place by setLimits) */
  readonly nodeBuckets: BucketPair = { messages: null, bytes: null };
  private forceShutdown: ForceShutdown | null = null;
  /** retainer delivery_rate per session (null = infinity); sessions with retained messages still to send */
  private retainedRate: RateLimit | null = null;
  private readonly retainedPacers = new Map<Session, RetainedPacer<Pending>>();
  readonly events = new EventEmitter<BrokerEvents>();
  readonly counters = new Counters();
  readonly gauges = new Gauges();
  retained: RetainStore;

  readonly sessions = new Map<string, Session>();
  readonly connections = new Set<Connection>();
  readonly router = new Router(this);
  private liveCount = 0;
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
    const s = this.settings;
    for (const session of this.sessions.values()) session.mqueue.configure(s.maxMqueueLen, s.mqueuePriorities, s.mqueueDefaultPriority);
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
    if (limits.retainedDeliveryRate !== undefined) {
      this.retainedRate = limits.retainedDeliveryRate;
      for (const pacer of [...this.retainedPacers.values()]) pacer.retune(this.retainedRate);
    }
  }

  /** force_shutdown's max_mailbox_size: called when a connection's inbox grows or it writes to a busy socket */
  checkMailbox(conn: Connection): void {
    const max = this.forceShutdown?.maxMailboxSize;
    if (max == null || conn.closeReason || conn.isClosed) return;
    // Erlang's mailbox fills once the port is busy (EMQX tcp high_watermark, 1MB): only the packets queued
    // beyond that mark count, estimated from the share of the buffered bytes above it
    const buffered = conn.stream.writableLength;
    const outbound = buffered > BUSY_SOCKET_BYTES ? Math.floor((conn.busyWrites * (buffered - BUSY_SOCKET_BYTES)) / buffered) : 0;
    const len = outbound + conn.inboxLength;
    if (len > max) this.shutdownConn(conn, 'message_queue_too_long', len, max);
  }

  /** EMQX closes the process with {shutdown, #{reason => ...}}: DISCONNECT 0x97, "shutdown" in the events */
  private shutdownConn(conn: Connection, why: 'message_queue_too_long' | 'proc_heap_too_large', value: number, max: number): void {
    this.counters.incr(`force_shutdown.${why}`);
    this.emitError(new BrokerError('FORCE_SHUTDOWN', `client ${conn.clientid || conn.info.peerhost} closed: ${why} (${value} > ${max})`));
    conn.close('shutdown', 0x97);
  }

  incr(name: string, n = 1): void {
    this.counters.incr(name, n);
  }

  setGauge(name: string, value: number): void {
    if (!(GAUGE_NAMES as readonly string[]).includes(name)) throw new BrokerError('UNKNOWN_GAUGE', `Unknown gauge: ${name}`);
    this.gauges.set(name as GaugeName, value);
  }

  /** one periodic sweep for retries and QoS 2 await_rel timeouts (period follows the settings) */
  private armTick(): void {
    if (this.tick) clearInterval(this.tick);
    const s = this.settings;
    const period = Math.max(50, Math.min(1000, (s.retryInterval ?? 2000) / 2, s.awaitRelTimeout / 2));
    this.tick = setInterval(() => this.sweep(), period);
    this.tick.unref();
  }

  private sweep(): void {
    const now = Date.now();
    const s = this.settings;
    const maxHeap = this.forceShutdown?.maxHeapSize;
    if (maxHeap != null) {
      // max_heap_size: checked once per sweep (as Erlang checks after a GC), not on every packet
      for (const conn of this.connections) {
        if (conn.closeReason) continue;
        const bytes = heapEstimate(conn);
        if (bytes > maxHeap) this.shutdownConn(conn, 'proc_heap_too_large', bytes, maxHeap);
      }
    }
    for (const session of this.sessions.values()) {
      if (session.awaitingRel.size > 0) {
        const n = session.expireAwaitingRel(now, s.awaitRelTimeout);
        if (n > 0) {
          this.counters.incr('messages.dropped.await_pubrel_timeout', n);
          this.counters.incr('messages.dropped', n);
          if (session.conn) session.conn.stats['recv_msg.dropped.await_pubrel_timeout'] += n;
        }
      }
      if (s.retryInterval !== null && session.inflight.size > 0) session.retry(now, s.retryInterval);
    }
  }

  emitError(err: unknown): void {
    if (this.events.listenerCount('broker.error') > 0) this.events.emit('broker.error', err);
  }

  // ------------------------------------------------------------------ connections

  handle(stream: Duplex, info: ConnInfo): void {
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
    const conn = new Connection(this, stream, info);
    this.connections.add(conn);
    this.gauges.set('connections', this.connections.size);
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
          for (const conn of this.connections) {
            if (conn.info.listener === own.id) conn.setRates(own.messagesRate ?? null, own.bytesRate ?? null);
          }
        }
      },
    };
    this.listeners.add(listener);
    return listener;
  }

  /** attach a freshly accepted CONNECT to its session: new, resumed, taken over or discarded */
  openSession(conn: Connection, expiry: number): { session: Session; present: boolean } {
    const c = this.counters;
    let session = this.sessions.get(conn.clientid);
    let present = false;
    if (session) {
      const old = session.conn;
      if (old && old !== conn) {
        // [MQTT-3.1.4-3] session takeover: the old connection gets DISCONNECT 0x8E
        session.detach();
        old.close(conn.cleanStart ? 'discarded' : 'takenover', 0x8e);
      }
      session.clearTimers();
      if (conn.cleanStart) {
        c.incr('session.discarded');
        this.events.emit('session.discarded', session.clientid);
        this.endSession(session, 'discarded');
        session = undefined;
      } else {
        if (old) {
          c.incr('session.takenover');
          this.events.emit('session.takenover', session.clientid);
        }
        c.incr('session.resumed');
        this.events.emit('session.resumed', session.clientid);
        if (session.pendingWill) {
          // [MQTT-3.1.3-9] reconnecting before the will delay cancels the will
          clearTimeout(session.pendingWill.timer);
          session.pendingWill = undefined;
        }
        present = true;
      }
    }
    if (!session) {
      session = new Session(this, conn.clientid, conn.identity);
      this.sessions.set(conn.clientid, session);
      c.incr('session.created');
      this.events.emit('session.created', conn.clientid);
      this.gauges.set('sessions', this.sessions.size);
      this.gauges.set('cluster_sessions', this.sessions.size);
    }
    session.identity = conn.identity;
    session.expiryInterval = expiry;
    session.lastConn = conn;
    conn.session = session;
    session.conn = conn;
    return { session, present };
  }

  /** CONNACK 0 was sent */
  connected(conn: Connection, session: Session): void {
    this.counters.incr('client.connack');
    this.counters.incr('client.connected');
    this.liveCount++;
    this.gauges.set('live_connections', this.liveCount);
    this.gauges.set('channels', this.liveCount);
    this.events.emit('client.connack', { clientid: conn.clientid, username: conn.username, peerhost: conn.info.peerhost, reasonCode: 0 });
    this.events.emit('client.connected', clientInfo(this, session));
    session.resume(conn);
  }

  connectionClosed(conn: Connection, wasConnected: boolean, reason: string): void {
    this.connections.delete(conn);
    this.gauges.set('connections', this.connections.size);
    if (!wasConnected) return;
    this.liveCount--;
    this.gauges.set('live_connections', this.liveCount);
    this.gauges.set('channels', this.liveCount);
    this.counters.incr('client.disconnected');
    const session = conn.session;
    const owns = session !== null && session.conn === conn;
    if (session && owns) {
      session.detach();
      session.disconnectedAt = Date.now();
    }
    if (session) this.events.emit('client.disconnected', clientInfo(this, session, conn), reason);
    if (conn.will && !conn.willCleared && session) this.scheduleWill(session, conn, conn.will.msg, conn.will.delay);
    if (!session || !owns) return;
    if (reason === 'kicked') return; // kick() ends the session itself
    if (session.expiryInterval === 0) {
      this.endSession(session, reason === 'normal' ? 'normal' : reason);
    } else if (session.expiryInterval !== NEVER_EXPIRES) {
      this.armExpiry(session, session.expiryInterval * 1000);
    }
  }

  /** end the session `ms` from now unless a client attaches first (also arms the expiry of a restored session) */
  armExpiry(session: Session, ms: number): void {
    session.clearTimers();
    session.expiryTimer = setTimeout(() => {
      if (ms > MAX_TIMER) this.armExpiry(session, ms - MAX_TIMER);
      else if (!session.conn) this.endSession(session, 'expired');
    }, Math.min(ms, MAX_TIMER));
    session.expiryTimer.unref();
  }

  /** the will goes out after min(will delay, session expiry) unless the session is resumed first [MQTT-3.1.3-9] */
  private scheduleWill(session: Session, conn: Connection, msg: PublishMessage, delay: number): void {
    const wait = conn.protoVer === 5 ? Math.min(delay, session.expiryInterval) : 0;
    if (wait <= 0) {
      void this.publishWill(msg);
      return;
    }
    if (session.pendingWill) clearTimeout(session.pendingWill.timer);
    const timer = setTimeout(() => {
      session.pendingWill = undefined;
      void this.publishWill(msg);
    }, wait * 1000);
    timer.unref();
    session.pendingWill = { msg, timer };
  }

  private async publishWill(msg: PublishMessage): Promise<void> {
    try {
      await this.publishMessage({ ...msg, id: newMessageId(), timestamp: Date.now() });
    } catch (err) {
      this.emitError(err);
    }
  }

  /** remove a session with its subscriptions; a will still waiting is published now */
  endSession(session: Session, reason: string): void {
    if (this.sessions.get(session.clientid) !== session) return;
    session.ending = true;
    session.clearTimers();
    this.retainedPacers.get(session)?.stop();
    this.retainedPacers.delete(session);
    if (session.pendingWill) {
      clearTimeout(session.pendingWill.timer);
      const msg = session.pendingWill.msg;
      session.pendingWill = undefined;
      void this.publishWill(msg);
    }
    for (const topic of [...session.subs.keys()]) this.router.removeSubscription(session, topic);
    this.sessions.delete(session.clientid);
    session.clearQueues();
    this.gauges.set('sessions', this.sessions.size);
    this.gauges.set('cluster_sessions', this.sessions.size);
    this.counters.incr('session.terminated');
    this.events.emit('session.terminated', session.clientid, reason);
  }

  // ------------------------------------------------------------------ subscriptions

  deliverRetained(session: Session, sub: SubscriptionInfo, msgs: PublishMessage[]): void {
    const now = Date.now();
    const out: Pending[] = [];
    for (const msg of msgs) {
      const exp = expiresAt(msg, null);
      if (exp !== undefined && exp <= now) {
        // [MQTT-3.3.2-5] an expired retained message is not sent any more: drop it from the store
        if (this.retained.get(msg.topic) === msg) this.retained.delete(msg.topic);
        continue;
      }
      const qos = (this.settings.upgradeQos ? sub.qos : Math.min(msg.qos, sub.qos)) as QoS;
      // retained messages sent because of a subscription keep RETAIN=1 [MQTT-3.3.1-8]
      out.push({ msg, qos, retain: true, subids: sub.subid !== undefined ? [sub.subid] : undefined, insertedAt: process.hrtime.bigint() });
    }
    if (out.length === 0) return;
    const rate = this.retainedRate;
    let pacer = this.retainedPacers.get(session);
    if (!rate && !pacer) {
      for (const p of out) session.deliver(p);
      return;
    }
    if (!pacer) {
      const send = (p: Pending) => {
        if (this.sessions.get(session.clientid) === session) session.deliver(p);
      };
      pacer = new RetainedPacer<Pending>(rate!, send, () => this.retainedPacers.delete(session));
      this.retainedPacers.set(session, pacer);
    }
    pacer.push(out);
  }

  // ------------------------------------------------------------------ authorization

  authorize(conn: Connection, action: 'publish' | 'subscribe', topic: string, qos: QoS, retain?: boolean): boolean | Promise<boolean> {
    const hook = this.hooks.authorize;
    if (!hook) return true;
    this.counters.incr('client.authorize');
    const result = hook({ client: conn.identity, action, topic, qos, retain });
    const count = (r: string): boolean => {
      const ok = r === 'allow';
      this.counters.incr(ok ? 'authorization.allow' : 'authorization.deny');
      return ok;
    };
    return result instanceof Promise ? result.then(count) : count(result);
  }

  // ------------------------------------------------------------------ routing

  /** the `message.publish` hook, then retain and route; returns how many subscribers got it (0 when consumed) */
  publishMessage(msg: PublishMessage): number | Promise<number> {
    const hook = this.hooks.messagePublish;
    if (hook) {
      const out = hook(msg);
      if (out instanceof Promise) return out.then((m) => this.afterHook(msg, m));
      return this.afterHook(msg, out);
    }
    return this.dispatchMessage(msg);
  }

  private afterHook(original: PublishMessage, msg: PublishVerdict): number {
    if (msg === CONSUMED) return 0; // taken over by a hook (delayed publish): neither routed nor dropped
    if (!msg) {
      this.counters.incr('messages.dropped');
      this.events.emit('message.dropped', original, 'hook');
      return 0;
    }
    return this.dispatchMessage(msg);
  }

  private dispatchMessage(msg: PublishMessage): number {
    this.counters.incr('messages.publish');
    this.events.emit('message.publish', msg);
    if (msg.retain && this.settings.retainAvailable) {
      this.retained.put(msg);
      this.gauges.set('retained', this.retained.count());
    }
    return this.router.routeToSubscribers(msg);
  }

  dropDelivery(session: Session, msg: PublishMessage, reason: 'expired' | 'queue_full' | 'too_large' | 'no_local' | 'qos0_msg'): void {
    this.counters.incr('delivery.dropped');
    this.counters.incr(`delivery.dropped.${reason}`);
    const st = session.conn?.stats ?? session.lastConn?.stats;
    if (st && reason !== 'no_local') {
      st['send_msg.dropped']++;
      if (reason !== 'qos0_msg') st[`send_msg.dropped.${reason}`]++;
    }
    this.events.emit('delivery.dropped', session.identity, msg, reason);
  }

  delivered(session: Session, msg: PublishMessage): void {
    this.counters.add(C['messages.delivered']);
    if (this.events.listenerCount('message.delivered') > 0) this.events.emit('message.delivered', session.identity, msg);
  }

  acked(session: Session, msg: PublishMessage): void {
    this.counters.add(C['messages.acked']);
    if (this.events.listenerCount('message.acked') > 0) this.events.emit('message.acked', session.identity, msg);
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
    return { connections: this.connections.size, liveConnections: this.liveCount, sessions: this.sessions.size };
  }

  kick(clientid: string): boolean {
    const session = this.sessions.get(clientid);
    if (!session) return false;
    const conn = session.conn;
    if (conn) conn.close('kicked', 0x98); // administrative action
    this.endSession(session, 'kicked');
    return true;
  }

  subscriptionsOf(clientid: string): SubscriptionInfo[] | undefined {
    const session = this.sessions.get(clientid);
    return session ? [...session.subs.values()] : undefined;
  }

  subscribe(clientid: string, topic: string, opts: SubOptions): SubscriptionInfo {
    const session = this.sessions.get(clientid);
    if (!session) throw new BrokerError('CLIENTID_NOT_FOUND', 'Client ID not found');
    const s = this.settings;
    const parsed = parseFilter(topic, s.exclusiveSubscription);
    if (!parsed || !isValidTopicFilter(parsed.filter, s.maxTopicLevels)) throw new BrokerError('INVALID_TOPIC', `Invalid topic filter: ${topic}`);
    if (parsed.group !== undefined && !s.sharedSubscription) throw new BrokerError('SHARED_SUBSCRIPTION_NOT_SUPPORTED', 'Shared subscriptions are disabled');
    if (hasWildcard(parsed.filter) && !s.wildcardSubscription) throw new BrokerError('WILDCARD_SUBSCRIPTION_NOT_SUPPORTED', 'Wildcard subscriptions are disabled');
    if (![0, 1, 2].includes(opts.qos)) throw new BrokerError('INVALID_QOS', `Invalid QoS: ${opts.qos}`);
    const qos = Math.min(opts.qos, s.maxQosAllowed) as QoS;
    const result = this.router.addSubscription(session, topic, { ...opts, qos });
    if (result === 'exclusive_taken') throw new BrokerError('EXCLUSIVE_SUBSCRIPTION_TAKEN', `Exclusive subscription already taken: ${topic}`);
    if (parsed.group === undefined && s.retainAvailable && (opts.rh === 0 || (opts.rh === 1 && !result.existed))) {
      this.deliverRetained(session, result.sub, this.retained.match(parsed.filter));
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
    conn.keepaliveTimer.start(seconds, this.settings.keepaliveMultiplier, this.settings.keepaliveCheckInterval);
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
  publish(input: Omit<PublishMessage, 'id' | 'timestamp'> & Partial<Pick<PublishMessage, 'id' | 'timestamp'>>): Promise<{ id: string; matched: number }> {
    try {
      if (!isValidTopicName(input.topic, this.settings.maxTopicLevels)) throw new BrokerError('INVALID_TOPIC', `Invalid topic name: ${input.topic}`);
      if (input.qos !== 0 && input.qos !== 1 && input.qos !== 2) throw new BrokerError('INVALID_QOS', `Invalid QoS: ${input.qos}`);
      const msg: PublishMessage = { ...input, id: input.id ?? newMessageId(), timestamp: input.timestamp ?? Date.now() };
      const matched = this.publishMessage(msg);
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
    for (const conn of [...this.connections]) conn.close('shutdown', 0x8b);
    for (const pacer of this.retainedPacers.values()) pacer.stop();
    this.retainedPacers.clear();
    for (const session of this.sessions.values()) {
      session.clearTimers();
      if (session.pendingWill) clearTimeout(session.pendingWill.timer);
    }
  }
}

export type { ClientIdentity };
