// Slow subscriptions (EMQX emqx_slow_subs): while enabled, every acknowledged QoS 1/2 delivery is timed and the
// slowest clientid/topic pairs above `threshold` are kept, at most `top_k_num` (capped at 1000, as EMQX), each with
// its worst latency and when it was last raised; a pair not raised for `expire_interval` goes. The latency is
//   whole    — from the message's arrival at the node to the subscriber's PUBACK/PUBCOMP,
//   internal — from its arrival to the start of its delivery to the subscriber,
//   response — from the start of the delivery to the acknowledgement.
// Messages older than the subscriber's session (retained ones, those queued before a session was recreated) are
// not counted. Settings are the `slow_subs` config root; the ranking is in memory and starts empty. Disabled,
// the service listens to no broker event.
import type { FastifyInstance } from 'fastify';
import type { ClientIdentity, PublishMessage } from '@mqdeck/broker';
import { parseDuration } from '../../config/units';
import { SlowRanking, type SlowRecord } from './ranking';

/** EMQX's ?MAX_SIZE */
export const MAX_SIZE = 1000;
export type StatsType = 'whole' | 'internal' | 'response';

export interface SlowSubsSettings {
  enable: boolean;
  threshold: string;
  expire_interval: string;
  top_k_num: number;
  stats_type: StatsType;
}

/** how often expired records are looked for (EMQX: 10 s) */
const EXPIRE_CHECK_MS = 10_000;

export function latency(type: StatsType, publishedAt: number, deliverAt: number, now: number): number {
  if (type === 'whole') return now - publishedAt;
  if (type === 'internal') return deliverAt - publishedAt;
  return now - deliverAt;
}

export class SlowSubsService {
  private readonly ranked = new SlowRanking();
  private enabled = false;
  private type: StatsType = 'whole';
  private timer?: NodeJS.Timeout;
  private readonly unwatch: () => void;

  constructor(private readonly app: FastifyInstance) {
    this.apply();
    this.unwatch = app.config.watch('slow_subs', () => this.apply());
  }

  settings(): SlowSubsSettings {
    return this.app.config.get<SlowSubsSettings>('slow_subs');
  }

  /** slowest first */
  ranking(): SlowRecord[] {
    return this.ranked.list().slice(0, MAX_SIZE);
  }

  clear(): void {
    this.ranked.clear();
  }

  close(): void {
    this.unwatch();
    this.stop();
  }

  private apply(): void {
    const s = this.settings();
    this.ranked.threshold = parseDuration(s.threshold) ?? 500;
    this.ranked.expireMs = parseDuration(s.expire_interval) ?? 300_000;
    this.ranked.maxSize = Math.min(s.top_k_num, MAX_SIZE);
    this.type = s.stats_type;
    if (s.enable && !this.enabled) this.start();
    else if (!s.enable && this.enabled) this.stop();
  }

  private start(): void {
    this.app.broker.events.on('delivery.completed', this.onCompleted);
    this.timer = setInterval(() => this.ranked.expire(Date.now()), Math.min(EXPIRE_CHECK_MS, Math.max(1000, this.ranked.expireMs)));
    this.timer.unref();
    this.enabled = true;
  }

  private stop(): void {
    this.app.broker.events.off('delivery.completed', this.onCompleted);
    clearInterval(this.timer);
    this.timer = undefined;
    this.enabled = false;
  }

  private readonly onCompleted = (client: ClientIdentity, msg: PublishMessage, deliverAt: number, sessionCreatedAt: number): void => {
    if (msg.timestamp <= sessionCreatedAt) return;
    const now = Date.now();
    this.ranked.record(client.clientid, msg.topic, latency(this.type, msg.timestamp, deliverAt, now), now);
  };
}
