// Delayed publish (EMQX emqx_delayed): a PUBLISH to `$delayed/<interval>/<topic>` is held and published
// to <topic> once the interval (seconds; a value of 42949670 or more is an absolute Unix time in
// seconds) has passed. Held messages live in SQLite, so they survive a restart, and one timer is armed
// for the earliest. `max_delayed_messages` 0 = unlimited; when full the message is dropped and logged.
// Disabling the feature deletes every held message (EMQX does the same) and lets `$delayed/…` topics
// through untouched. Counts `messages.delayed` like EMQX. A held message is CONSUMED for the broker (not
// routed, not counted in messages.dropped); the `delayed` gauge (/stats delayed.count) follows the store.
import type { FastifyInstance } from 'fastify';
import { CONSUMED, withTopicScope, type PublishMessage, type PublishVerdict } from '@mqdeck/broker';
import { DelayedStore, type DelayedMessage } from './delayed-publish.store';

export const DELAYED_PRIORITY = -99;
const PREFIX = '$delayed/';
/** EMQX's ?MAX_INTERVAL */
const MAX_INTERVAL = 42_949_670;
/** setTimeout's ceiling; a later release re-arms the timer */
const MAX_TIMER = 2_147_483_647;

/** `$delayed/<interval>/<topic>` → release time and destination; an error text for a malformed one. */
export function parseDelayed(topic: string, timestamp: number): { topic: string; expectedAt: number; interval: number } | { error: string } {
  const rest = topic.slice(PREFIX.length);
  const slash = rest.indexOf('/');
  const delay = slash > 0 ? rest.slice(0, slash) : '';
  const dest = slash > 0 ? rest.slice(slash + 1) : '';
  if (!/^-?\d+$/.test(delay) || dest === '') return { error: `invalid delayed topic ${topic}: expected $delayed/<seconds>/<topic>` };
  const n = Number(delay);
  if (n < MAX_INTERVAL) return { topic: dest, expectedAt: timestamp + n * 1000, interval: n };
  const interval = n - Math.round(timestamp / 1000);
  if (Math.abs(interval) > MAX_INTERVAL) return { error: `invalid delayed timestamp ${n} in ${topic}` };
  return { topic: dest, expectedAt: n * 1000, interval };
}

export class DelayedService {
  readonly store: DelayedStore;
  private timer?: NodeJS.Timeout;
  private timerAt = 0;
  private readonly removeHook: () => void;
  private readonly unwatch: () => void;
  private enabled: boolean;

  constructor(private readonly app: FastifyInstance) {
    this.store = new DelayedStore(app.db, () => app.broker.setGauge('delayed', this.store.count()));
    app.broker.setGauge('delayed', this.store.count()); // held messages kept across a restart
    this.enabled = this.settings().enable;
    const onPublish = withTopicScope(
      (msg: PublishMessage) => this.onPublish(msg),
      (topic) => this.enabled && topic.startsWith(PREFIX),
    ); // $delayed/ only
    this.removeHook = app.broker.addHooks({ messagePublish: onPublish }, DELAYED_PRIORITY);
    this.unwatch = app.config.watch('delayed', this.onConfig);
    this.arm();
  }

  settings(): { enable: boolean; max_delayed_messages: number } {
    return this.app.config.get('delayed');
  }

  private readonly onConfig = () => {
    const enable = this.settings().enable;
    if (this.enabled && !enable) {
      this.store.clear();
      this.disarm();
    }
    this.enabled = enable;
    this.arm();
  };

  private onPublish(msg: PublishMessage): PublishVerdict {
    if (!this.enabled || !msg.topic.startsWith(PREFIX)) return msg;
    const parsed = parseDelayed(msg.topic, msg.timestamp);
    if ('error' in parsed) {
      // EMQX's hook fails on such a topic and the message goes on unchanged
      this.app.log.warn({ topic: msg.topic, reason: parsed.error }, 'delayed_publish_ignored');
      return msg;
    }
    const max = this.settings().max_delayed_messages;
    if (max > 0 && this.store.count() >= max) {
      this.app.log.error({ topic: msg.topic, error: 'max_delayed_messages_full' }, 'store_delayed_message_fail');
      return null;
    }
    this.store.insert({ msg: { ...msg, topic: parsed.topic }, expectedAt: parsed.expectedAt, delayedInterval: parsed.interval });
    this.app.broker.incr('messages.delayed');
    this.arm();
    return CONSUMED;
  }

  /** arms the timer for the earliest held message (earlier than the current one, or none armed) */
  private arm(): void {
    if (!this.enabled) return;
    const next = this.store.nextDue();
    if (next === undefined) return;
    if (this.timer && this.timerAt <= next) return;
    this.disarm();
    this.timerAt = next;
    this.timer = setTimeout(() => this.release(), Math.min(Math.max(0, next - Date.now()), MAX_TIMER));
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = 0;
  }

  private release(): void {
    this.timer = undefined;
    this.timerAt = 0;
    for (const d of this.store.takeDue(Date.now())) this.publish(d);
    this.arm();
  }

  private publish(d: DelayedMessage): void {
    const { msg } = d;
    this.app.broker
      .publish({ ...msg, id: msg.id, timestamp: Date.now() })
      .catch((err: Error) => this.app.log.error({ topic: msg.topic, reason: err.message }, 'delayed_publish_failed'));
  }

  close(): void {
    this.disarm();
    this.removeHook();
    this.unwatch();
  }
}
