// Topic metrics (EMQX emqx_topic_metrics): per exact topic, counters of messages in (published), out (delivered
// to a subscriber) and dropped, by QoS, with rates refreshed every second as a moving average over 5 samples.
// The monitored topics are the `topic_metrics` config root ([{topic}]), so they survive a restart; the counters
// are the node's own and start from zero (as in EMQX). While no topic is monitored the service listens to no
// broker event: the hot path does no work for it.
import type { FastifyInstance } from 'fastify';
import { withTopicScope, type ClientIdentity, type PublishMessage, type QoS } from '@mqdeck/broker';
import { ApiError } from '../../errors';

/** EMQX's ?MAX_TOPICS */
export const MAX_TOPICS = 512;
/** the counters, in EMQX's order; the API names them `<name>.count` and `<name>.rate` */
export const TOPIC_METRICS = [
  'messages.in',
  'messages.out',
  'messages.qos0.in',
  'messages.qos0.out',
  'messages.qos1.in',
  'messages.qos1.out',
  'messages.qos2.in',
  'messages.qos2.out',
  'messages.dropped',
] as const;
export type TopicMetricName = (typeof TOPIC_METRICS)[number];

const IN = 0;
const OUT = 1;
const DROPPED = 8;
const QOS_IN = [2, 4, 6];
const QOS_OUT = [3, 5, 7];
const TICK_MS = 1000;
/** samples in the short moving average EMQX reports as the rate */
const WINDOW = 5;

export interface TopicEntry {
  topic: string;
  createdAt: number;
  resetAt?: number;
  counts: number[];
  /** the counter values at the last tick */
  lastValues: number[];
  /** per second, moving average */
  rates: number[];
}

/** EMQX's emqx_topic:wildcard: a level that is exactly `+` or `#` */
export function isWildcard(topic: string): boolean {
  return topic.split('/').some((level) => level === '+' || level === '#');
}

export class TopicMetricsService {
  private readonly topics = new Map<string, TopicEntry>();
  private timer?: NodeJS.Timeout;
  private listening = false;
  private readonly unwatch: () => void;

  constructor(private readonly app: FastifyInstance) {
    this.sync();
    this.unwatch = app.config.watch('topic_metrics', () => this.sync());
  }

  list(): TopicEntry[] {
    return [...this.topics.values()];
  }

  get(topic: string): TopicEntry | undefined {
    return this.topics.get(topic);
  }

  /** EMQX's errors: empty 400 BAD_REQUEST, wildcard or duplicate 400 BAD_TOPIC, more than 512 409 EXCEED_LIMIT */
  async add(topic: string): Promise<TopicEntry> {
    if (topic === '') throw new ApiError(400, 'BAD_REQUEST', 'Topic can not be empty');
    if (this.topics.has(topic)) throw new ApiError(400, 'BAD_TOPIC', 'Topic already registered');
    if (isWildcard(topic)) throw new ApiError(400, 'BAD_TOPIC', 'Wildcard topic is not supported');
    if (this.topics.size >= MAX_TOPICS) throw new ApiError(409, 'EXCEED_LIMIT', `Max topic metrics count is ${MAX_TOPICS}`);
    await this.app.config.update('topic_metrics', [...this.configured(), { topic }]);
    return this.topics.get(topic)!;
  }

  async remove(topic: string): Promise<void> {
    if (!this.topics.has(topic)) throw new ApiError(404, 'TOPIC_NOT_FOUND', 'Topic not found');
    await this.app.config.update(
      'topic_metrics',
      this.configured().filter((t) => t.topic !== topic),
    );
  }

  /** one topic (404 when not monitored) or all of them */
  reset(topic?: string): void {
    if (topic !== undefined && !this.topics.has(topic)) throw new ApiError(404, 'TOPIC_NOT_FOUND', 'Topic not found');
    const now = Date.now();
    for (const e of topic === undefined ? this.topics.values() : [this.topics.get(topic)!]) {
      e.counts.fill(0);
      e.lastValues.fill(0);
      e.rates.fill(0);
      e.resetAt = now;
    }
  }

  close(): void {
    this.unwatch();
    this.topics.clear();
    this.follow();
  }

  private configured(): { topic: string }[] {
    const raw = this.app.config.get<unknown>('topic_metrics');
    if (!Array.isArray(raw)) return [];
    return raw.filter((t): t is { topic: string } => typeof (t as { topic?: unknown })?.topic === 'string');
  }

  /** the monitored topics follow the config root (API, PUT /configs, a restored backup) */
  private sync(): void {
    const wanted = new Set(
      this.configured()
        .map((t) => t.topic)
        .filter((t) => t !== '' && !isWildcard(t))
        .slice(0, MAX_TOPICS),
    );
    for (const topic of this.topics.keys()) if (!wanted.has(topic)) this.topics.delete(topic);
    const n = TOPIC_METRICS.length;
    for (const topic of wanted) {
      if (this.topics.has(topic)) continue;
      this.topics.set(topic, { topic, createdAt: Date.now(), counts: new Array<number>(n).fill(0), lastValues: new Array<number>(n).fill(0), rates: new Array<number>(n).fill(0) });
    }
    this.follow();
  }

  /** broker events and the rate timer only while a topic is monitored */
  private follow(): void {
    const want = this.topics.size > 0;
    if (want === this.listening) return;
    const events = this.app.broker.events;
    if (want) {
      events.on('message.publish', this.onPublish);
      events.on('message.delivered', this.onDelivered);
      events.on('message.dropped', this.onDropped);
      this.timer = setInterval(() => this.tick(), TICK_MS);
      this.timer.unref();
    } else {
      events.off('message.publish', this.onPublish);
      events.off('message.delivered', this.onDelivered);
      events.off('message.dropped', this.onDropped);
      clearInterval(this.timer);
      this.timer = undefined;
    }
    this.listening = want;
  }

  /** only the monitored topics (a $SYS one too, as EMQX): the broker may skip a $SYS message on any other */
  private readonly monitored = (topic: string): boolean => this.topics.has(topic);

  private readonly onPublish = withTopicScope((msg: PublishMessage): void => {
    const e = this.topics.get(msg.topic);
    if (!e) return;
    e.counts[IN]++;
    e.counts[QOS_IN[msg.qos]]++;
  }, this.monitored);

  /** by the QoS it went out with, as EMQX (a QoS 2 message to a QoS 0 subscription counts in qos0.out) */
  private readonly onDelivered = (_client: ClientIdentity, msg: PublishMessage, qos: QoS): void => {
    const e = this.topics.get(msg.topic);
    if (!e) return;
    e.counts[OUT]++;
    e.counts[QOS_OUT[qos]]++;
  };

  private readonly onDropped = withTopicScope((msg: PublishMessage): void => {
    const e = this.topics.get(msg.topic);
    if (e) e.counts[DROPPED]++;
  }, this.monitored);

  /** EMQX's calculate_speed: the last second's increase folded into a moving average over 5 ticks */
  private tick(): void {
    for (const e of this.topics.values()) {
      for (let i = 0; i < e.counts.length; i++) {
        const speed = (e.counts[i] - e.lastValues[i]) / (TICK_MS / 1000);
        e.lastValues[i] = e.counts[i];
        e.rates[i] = (e.rates[i] * (WINDOW - 1) + speed) / WINDOW;
      }
    }
  }
}
