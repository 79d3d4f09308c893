// The dashboard monitor: a sample every `dashboard.sample_interval` (10 s) into SQLite, kept 7 days,
// and the live view of /monitor_current whose rates are per second over a sliding minute of counter
// readings (the dashboard polls it every 2 s and wants a smooth figure, not the last interval's).
import type { ReplyOf } from '@mqdeck/api';
import type { FastifyInstance } from 'fastify';
import { parseDuration } from '../../config/units';
import { durableCounts, type DurableCounts } from '../durable-sessions/durable-counts';
import { DELTA_FIELDS, type DeltaField, type GaugeField, MonitorStore, type Sample } from './overview.store';

type MonitorSample = ReplyOf<'/monitor', 'get', 200>[number];
type MonitorCurrent = ReplyOf<'/monitor_current', 'get', 200>;
type MonitorCurrentNode = ReplyOf<'/monitor_current/nodes/{node}', 'get', 200>;

export const RETENTION_MS = 7 * 24 * 3600 * 1000;
export const DEFAULT_INTERVAL_MS = 10_000;
const RATE_WINDOW_MS = 60_000;
const READING_EVERY_MS = 5_000;

/** Which broker counter feeds each delta column. */
const COUNTER_OF: Record<DeltaField, string> = {
  received: 'messages.received',
  sent: 'messages.sent',
  dropped: 'messages.dropped',
  persisted: 'messages.persisted',
  validation_succeeded: 'messages.validation_succeeded',
  validation_failed: 'messages.validation_failed',
  transformation_succeeded: 'messages.transformation_succeeded',
  transformation_failed: 'messages.transformation_failed',
  received_bytes: 'bytes.received',
  sent_bytes: 'bytes.sent',
};

/** The rate keys of /monitor_current (both views carry the same rates). */
type RateKey = keyof MonitorCurrent & keyof MonitorCurrentNode & `${string}_rate`;

const RATE_NAME: Record<DeltaField, RateKey> = {
  received: 'received_msg_rate',
  sent: 'sent_msg_rate',
  dropped: 'dropped_msg_rate',
  persisted: 'persisted_rate',
  validation_succeeded: 'validation_succeeded_rate',
  validation_failed: 'validation_failed_rate',
  transformation_succeeded: 'transformation_succeeded_rate',
  transformation_failed: 'transformation_failed_rate',
  received_bytes: 'received_bytes_rate',
  sent_bytes: 'sent_bytes_rate',
};

type Reading = { t: number; counters: Record<DeltaField, number> };

/**
 * The sampling interval: env MQDECK_MONITOR_SAMPLE_INTERVAL (tests), else `dashboard.sample_interval`,
 * else 10 s. Values below 100 ms are refused so a typo cannot turn the sampler into a busy loop.
 */
export function sampleIntervalMs(app: FastifyInstance): number {
  let configured: unknown = process.env.MQDECK_MONITOR_SAMPLE_INTERVAL;
  if (configured === undefined) {
    try {
      configured = app.config.get<unknown>('dashboard.sample_interval');
    } catch {
      configured = undefined;
    }
  }
  const ms = parseDuration(configured);
  return typeof ms === 'number' && ms >= 100 ? ms : DEFAULT_INTERVAL_MS;
}

export class MonitorService {
  readonly store: MonitorStore;
  private last: Reading;
  private readings: Reading[] = [];
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly app: FastifyInstance,
    readonly intervalMs: number,
  ) {
    this.store = new MonitorStore(app.db);
    this.last = this.read();
    this.readings.push(this.last);
  }

  start(): void {
    const sampler = setInterval(() => this.safely(() => this.sample()), this.intervalMs);
    const reader = setInterval(() => this.safely(() => this.remember(this.read())), Math.min(READING_EVERY_MS, this.intervalMs));
    sampler.unref();
    reader.unref();
    this.timers.push(sampler, reader);
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** Take one sample now: gauges as they are, counters as deltas since the previous sample. */
  sample(now = Date.now()): Sample {
    const reading = this.read(now);
    const last = this.last;
    const deltas = perDelta((f) => Math.max(0, reading.counters[f] - last.counters[f]));
    const sample: Sample = { time_stamp: Math.floor(now / this.intervalMs) * this.intervalMs, ...this.gauges(), ...deltas };
    this.last = reading;
    this.remember(reading);
    this.store.write(this.app.nodeName, sample, now - RETENTION_MS);
    return sample;
  }

  /** Samples of the last `latestSeconds` (all kept data when undefined). */
  history(node: string | undefined, latestSeconds: number | undefined): MonitorSample[] {
    const since = latestSeconds === undefined ? 0 : Date.now() - latestSeconds * 1000;
    return this.store.read(node, since).map((s) => (node === undefined ? { ...s, subscriptions_ram: s.subscriptions - s.subscriptions_durable } : { ...s }));
  }

  /** GET /monitor_current: the cluster view. */
  current(): MonitorCurrent {
    const g = this.gauges();
    return {
      ...this.currentCommon(g),
      subscriptions_ram: g.subscriptions - g.subscriptions_durable,
      subscriptions_durable: g.subscriptions_durable,
      disconnected_durable_sessions: g.disconnected_durable_sessions,
    };
  }

  /** GET /monitor_current/nodes/{node}: the node view adds node_uptime and omits the durable figures. */
  currentOfNode(): MonitorCurrentNode {
    return { ...this.currentCommon(this.gauges()), node_uptime: Math.floor((Date.now() - this.app.startedAt) / 1000) };
  }

  /** Rates (per second over the sliding minute) and the gauges both views share. */
  private currentCommon(g: Record<GaugeField, number>): MonitorCurrent & MonitorCurrentNode {
    const now = this.read();
    this.remember(now);
    const oldest = this.readings.find((r) => r.t >= now.t - RATE_WINDOW_MS && r !== now) ?? now;
    const seconds = (now.t - oldest.t) / 1000;
    const out: MonitorCurrent & MonitorCurrentNode = {};
    for (const f of DELTA_FIELDS) out[RATE_NAME[f]] = seconds > 0 ? Math.round((now.counters[f] - oldest.counters[f]) / seconds) : 0;
    const stats = this.app.broker.stats();
    out.connections = g.connections;
    out.live_connections = g.live_connections;
    out.subscriptions = g.subscriptions;
    out.topics = g.topics;
    out.retained_msg_count = this.app.broker.retained.count();
    out.shared_subscriptions = stats['subscriptions.shared.count'] ?? 0;
    return out;
  }

  private gauges(): Record<GaugeField, number> {
    const counts = this.app.broker.clientCount();
    const stats = this.app.broker.stats();
    const durable = this.durableCounts();
    return {
      connections: counts.sessions,
      live_connections: counts.liveConnections,
      subscriptions: stats['subscriptions.count'] ?? 0,
      subscriptions_durable: durable.subscriptions,
      disconnected_durable_sessions: durable.disconnected,
      topics: stats['topics.count'] ?? 0,
    };
  }

  /** durable sessions are those in the SQLite store while durable_sessions.enable is on */
  private durableCounts(): DurableCounts {
    let enabled = false;
    try {
      enabled = this.app.config.get<boolean>('durable_sessions.enable') === true;
    } catch {
      enabled = false;
    }
    return enabled ? durableCounts(this.app.db) : { subscriptions: 0, disconnected: 0 };
  }

  private read(t = Date.now()): Reading {
    const metrics = this.app.broker.metrics();
    return { t, counters: perDelta((f) => metrics[COUNTER_OF[f]] ?? 0) };
  }

  private remember(reading: Reading): void {
    this.readings.push(reading);
    // Keep one reading older than the window so the rate always spans a full minute once warmed up.
    while (this.readings.length > 2 && this.readings[1].t < reading.t - RATE_WINDOW_MS) this.readings.shift();
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.app.log.error({ err }, 'monitor sampling failed');
    }
  }
}

/** One number per delta column. */
function perDelta(value: (f: DeltaField) => number): Record<DeltaField, number> {
  return {
    received: value('received'),
    sent: value('sent'),
    dropped: value('dropped'),
    persisted: value('persisted'),
    validation_succeeded: value('validation_succeeded'),
    validation_failed: value('validation_failed'),
    transformation_succeeded: value('transformation_succeeded'),
    transformation_failed: value('transformation_failed'),
    received_bytes: value('received_bytes'),
    sent_bytes: value('sent_bytes'),
  };
}
