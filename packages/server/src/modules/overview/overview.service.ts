// The dashboard monitor: a sample every `dashboard.sample_interval` (10 s) into SQLite, kept 7 days,
// and the live view of /monitor_current whose rates are per second over a sliding minute of counter
// readings (the dashboard polls it every 2 s and wants a smooth figure, not the last interval's).
import type { FastifyInstance } from 'fastify';
import { parseDuration } from '../../config/units';
import { durableCounts, type DurableCounts } from '../durable-sessions/durable-counts';
import { DELTA_FIELDS, type DeltaField, type GaugeField, MonitorStore, type Sample } from './overview.store';

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

const RATE_NAME: Record<DeltaField, string> = {
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
    const sample = { time_stamp: Math.floor(now / this.intervalMs) * this.intervalMs, ...this.gauges() } as Sample;
    for (const f of DELTA_FIELDS) sample[f] = Math.max(0, reading.counters[f] - this.last.counters[f]);
    this.last = reading;
    this.remember(reading);
    this.store.write(this.app.nodeName, sample, now - RETENTION_MS);
    return sample;
  }

  /** Samples of the last `latestSeconds` (all kept data when undefined). */
  history(node: string | undefined, latestSeconds: number | undefined): Record<string, number>[] {
    const since = latestSeconds === undefined ? 0 : Date.now() - latestSeconds * 1000;
    return this.store.read(node, since).map((s) => (node === undefined ? { ...s, subscriptions_ram: s.subscriptions - s.subscriptions_durable } : { ...s }));
  }

  /** GET /monitor_current (cluster) or /monitor_current/nodes/{node} (node view). */
  current(nodeView: boolean): Record<string, number> {
    const now = this.read();
    this.remember(now);
    const oldest = this.readings.find((r) => r.t >= now.t - RATE_WINDOW_MS && r !== now) ?? now;
    const seconds = (now.t - oldest.t) / 1000;
    const out: Record<string, number> = {};
    for (const f of DELTA_FIELDS) out[RATE_NAME[f]] = seconds > 0 ? Math.round((now.counters[f] - oldest.counters[f]) / seconds) : 0;
    const g = this.gauges();
    const stats = this.app.broker.stats();
    Object.assign(out, {
      connections: g.connections,
      live_connections: g.live_connections,
      subscriptions: g.subscriptions,
      topics: g.topics,
      retained_msg_count: this.app.broker.retained.count(),
      shared_subscriptions: stats['subscriptions.shared.count'] ?? 0,
    });
    if (nodeView) out.node_uptime = Math.floor((Date.now() - this.app.startedAt) / 1000);
    else Object.assign(out, { subscriptions_ram: g.subscriptions - g.subscriptions_durable, subscriptions_durable: g.subscriptions_durable, disconnected_durable_sessions: g.disconnected_durable_sessions });
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
    const counters = {} as Record<DeltaField, number>;
    for (const f of DELTA_FIELDS) counters[f] = metrics[COUNTER_OF[f]] ?? 0;
    return { t, counters };
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
