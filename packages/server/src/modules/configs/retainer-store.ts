// The retainer settings enforced around the broker's RetainStore (the broker only stores and matches):
// max_payload_size (larger retained messages are routed but not stored), backend.max_retained_messages
// (0 = unlimited; when full, new topics are refused, existing topics still update), msg_expiry_interval
// (0 = never; a message's own MQTT 5 expiry wins) with the msg_clear_interval sweeper, enable=false
// (nothing stored or delivered, stored messages kept), and backend.storage_type ram | disc.
import { MemoryRetainStore, type Broker, type RetainStore, type RetainedMessage } from '@mqdeck/broker';
import type { FastifyBaseLogger } from 'fastify';
import type { ConfigService } from '../../config/config.service';
import { parseBytes, parseDuration } from '../../config/units';
import type { Db } from '../../storage/db';
import { SqliteRetainStore } from './retainer-disk';

interface Limits {
  enabled: boolean;
  maxPayload: number | null;
  maxMessages: number;
  expiryMs: number;
}

export class EnforcedRetainStore implements RetainStore {
  limits: Limits = { enabled: true, maxPayload: null, maxMessages: 0, expiryMs: 0 };
  /** retained messages refused by the limits (for the log and tests) */
  refused = { tooLarge: 0, full: 0 };

  constructor(public inner: RetainStore) {}

  private expired(msg: RetainedMessage, now: number): boolean {
    const own = msg.properties?.messageExpiryInterval;
    if (own !== undefined) return msg.timestamp + own * 1000 <= now;
    return this.limits.expiryMs > 0 && msg.timestamp + this.limits.expiryMs <= now;
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
    for (const m of this.inner.list(0, Number.MAX_SAFE_INTEGER)) if (this.expired(m, now) && this.inner.delete(m.topic)) n++;
    return n;
  }
}

export interface RetainerRuntime {
  store: EnforcedRetainStore;
  close(): void;
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

  const apply = () => {
    const r = config.get<Record<string, any>>('retainer');
    store.limits = {
      enabled: r.enable !== false,
      maxPayload: parseBytes(r.max_payload_size) ?? null,
      maxMessages: Number(r.backend?.max_retained_messages ?? 0),
      expiryMs: parseDuration(r.msg_expiry_interval) ?? 0,
    };
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
  const onChange = (path: string) => {
    if (path === 'retainer' || path.startsWith('retainer.')) apply();
  };
  config.on('change', onChange);
  return {
    store,
    close() {
      config.off('change', onChange);
      if (sweeper) clearInterval(sweeper);
    },
  };
}
