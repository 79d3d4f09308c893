// The retainer settings enforced around the broker's RetainStore (the broker only stores and matches):
// max_payload_size (larger retained messages are routed but not stored), backend.max_retained_messages
// (0 = unlimited; when full, new topics are refused, existing topics still update), msg_expiry_interval
// (0 = never; a message's own MQTT 5 expiry wins, its 0 meaning never) with the msg_clear_interval sweeper,
// msg_expiry_interval_override + allow_never_expire (used by the sweeper only, as EMQX's GC), enable=false
// (nothing stored or delivered, stored messages kept), backend.storage_type ram | disc, delivery_rate (the
// broker paces retained messages per subscribing session) and stop_publish_clear_msg (an empty retained
// PUBLISH clears the topic and, when true, reaches no subscriber).
import { CONSUMED, MemoryRetainStore, withTopicScope, type Broker, type PublishMessage, type RetainStore, type RetainedMessage } from '@mqdeck/broker';
import type { FastifyBaseLogger } from 'fastify';
import type { ConfigService } from '../../config/config.service';
import { parseBytes, parseDuration, parseRate } from '../../config/units';
import type { Db } from '../../storage/db';
import { SqliteRetainStore } from './disk';

interface Limits {
  enabled: boolean;
  maxPayload: number | null;
  maxMessages: number;
  expiryMs: number;
  /** msg_expiry_interval_override in ms; null = disabled */
  overrideMs: number | null;
  allowNeverExpire: boolean;
}

export class EnforcedRetainStore implements RetainStore {
  limits: Limits = { enabled: true, maxPayload: null, maxMessages: 0, expiryMs: 0, overrideMs: null, allowNeverExpire: true };
  /** retained messages refused by the limits (for the log and tests) */
  refused = { tooLarge: 0, full: 0 };

  constructor(public inner: RetainStore) {}

  /** EMQX's stored expiry time: 0 = never (own Message-Expiry-Interval 0, or none and msg_expiry_interval 0) */
  private expiryTime(msg: RetainedMessage): number {
    const own = msg.properties?.messageExpiryInterval;
    if (own !== undefined) return own === 0 ? 0 : msg.timestamp + own * 1000;
    return this.limits.expiryMs > 0 ? msg.timestamp + this.limits.expiryMs : 0;
  }

  private expired(msg: RetainedMessage, now: number): boolean {
    const at = this.expiryTime(msg);
    return at !== 0 && at <= now;
  }

  /**
   * What the sweeper deletes (EMQX clear_expired): the override caps every expiry time; a never-expiring
   * message is capped only when allow_never_expire is false. Delivery keeps reading the stored expiry, so a
   * message past the override stays visible until the next sweep, as on EMQX.
   */
  private sweepable(msg: RetainedMessage, now: number): boolean {
    const at = this.expiryTime(msg);
    const override = this.limits.overrideMs;
    if (override === null) return at !== 0 && at <= now;
    const capped = msg.timestamp + override;
    if (at === 0) return !this.limits.allowNeverExpire && capped <= now;
    return Math.min(capped, at) <= now;
  }

  private live(msgs: RetainedMessage[]): RetainedMessage[] {
    const now = Date.now();
    return msgs.filter((m) => !this.expired(m, now));
  }

  put(msg: RetainedMessage): void {
    if (!this.limits.enabled) return;
    if (msg.payload.length === 0) return this.inner.put(msg);
    if (this.limits.maxPayload !== null && msg.payload.length > this.limits.maxPayload) {
      this.refused.tooLarge++;
      return;
    }
    if (this.limits.maxMessages > 0 && !this.inner.get(msg.topic) && this.inner.count() >= this.limits.maxMessages) {
      this.refused.full++;
      return;
    }
    this.inner.put(msg);
  }

  delete(topic: string): boolean {
    return this.inner.delete(topic);
  }

  get(topic: string): RetainedMessage | undefined {
    const m = this.inner.get(topic);
    return m && !this.expired(m, Date.now()) ? m : undefined;
  }

  /** what subscribers receive: nothing while the retainer is disabled */
  match(filter: string): RetainedMessage[] {
    return this.limits.enabled ? this.live(this.inner.match(filter)) : [];
  }

  list(offset: number, limit: number, filter?: string): RetainedMessage[] {
    return this.live(this.inner.list(offset, limit, filter));
  }

  count(): number {
    return this.inner.count();
  }

  clear(): void {
    this.inner.clear();
  }

  /** deletes expired messages; returns how many */
  sweep(): number {
    const now = Date.now();
    let n = 0;
    for (const m of this.inner.list(0, Number.MAX_SAFE_INTEGER)) if (this.sweepable(m, now) && this.inner.delete(m.topic)) n++;
    return n;
  }
}

export interface RetainerRuntime {
  store: EnforcedRetainStore;
  close(): void;
}

/** delivery_rate → the broker's per-session pace; "infinity" and EMQX's "0/s" (no batching) mean no limit */
function deliveryRate(value: unknown): { amount: number; periodMs: number } | null {
  const rate = parseRate(value);
  return rate && rate.amount > 0 ? { amount: rate.amount, periodMs: rate.perMs } : null;
}

/** Installs the enforced store as broker.retained and keeps it in step with the `retainer` config root. */
export function installRetainer(broker: Broker, config: ConfigService, db: Db, log: FastifyBaseLogger): RetainerRuntime {
  const storageOf = () => (config.get<string>('retainer.backend.storage_type') === 'disc' ? 'disc' : 'ram');
  const create = (kind: string): RetainStore => (kind === 'disc' ? new SqliteRetainStore(db) : new MemoryRetainStore());
  let storage = storageOf();
  // at start the RAM store is empty and the disc store holds what earlier runs kept
  const store = new EnforcedRetainStore(storage === 'disc' ? create('disc') : broker.retained);
  broker.retained = store;
  let sweeper: NodeJS.Timeout | undefined;

  let stopPublishClear = false;
  const apply = () => {
    const r = config.get<Record<string, any>>('retainer');
    store.limits = {
      enabled: r.enable !== false,
      maxPayload: parseBytes(r.max_payload_size) ?? null,
      maxMessages: Number(r.backend?.max_retained_messages ?? 0),
      expiryMs: parseDuration(r.msg_expiry_interval) ?? 0,
      overrideMs: r.msg_expiry_interval_override === 'disabled' ? null : (parseDuration(r.msg_expiry_interval_override) ?? null),
      allowNeverExpire: r.allow_never_expire !== false,
    };
    stopPublishClear = r.stop_publish_clear_msg === true;
    broker.setLimits({ retainedDeliveryRate: deliveryRate(r.delivery_rate) });
    const next = storageOf();
    if (next !== storage) {
      // switching storage moves the messages explicitly (EMQX converts its table copies the same way)
      const target = create(next);
      target.clear();
      const all = store.inner.list(0, Number.MAX_SAFE_INTEGER);
      for (const m of all) target.put(m);
      store.inner.clear();
      store.inner = target;
      log.info(`retainer storage ${storage} → ${next}: moved ${all.length} retained messages`);
      storage = next;
    }
    if (sweeper) clearInterval(sweeper);
    sweeper = undefined;
    const every = parseDuration(r.msg_clear_interval) ?? 0;
    if (every > 0) {
      sweeper = setInterval(() => store.sweep(), every);
      sweeper.unref();
    }
  };
  apply();
  // EMQX's retainer hook on message.publish (priority 930: after topic rewrite, before the delayed publish): an empty retained PUBLISH deletes the topic's message;
  // with stop_publish_clear_msg it is then not published (taken over, neither routed nor counted as dropped).
  const removeHook = broker.addHooks(
    {
      messagePublish: withTopicScope(
        (msg: PublishMessage) => {
          if (!stopPublishClear || !msg.retain || msg.payload.length > 0 || !broker.settings.retainAvailable) return msg;
          store.delete(msg.topic);
          return CONSUMED;
        },
        (_topic, retain) => retain && stopPublishClear, // only retained messages
      ),
    },
    930,
  );
  const unwatch = config.watch('retainer', () => apply());
  return {
    store,
    close() {
      unwatch();
      removeHook();
      if (sweeper) clearInterval(sweeper);
    },
  };
}
