// Applies the `rewrite` config root to the broker: publishes through a `message.publish` stage
// (priority 1000, before delayed publish, as EMQX's hook priorities), subscriptions after the fact.
// The broker facade has no subscribe-time hook, so a subscription whose filter a rule rewrites is
// moved once the broker reports it (session.subscribed): unsubscribe the original filter, subscribe
// the rewritten one with the same options. The SUBACK the client got is for its own filter, as in EMQX.
import type { FastifyInstance } from 'fastify';
import type { ClientIdentity, SubscriptionInfo } from '@mqdeck/broker';
import { compileRules, rewrite, type CompiledRules, type RewriteRule } from './topic-rewrite.rules';

export const REWRITE_PRIORITY = 1000;

export class TopicRewriteService {
  private rules: CompiledRules = { publish: [], subscribe: [] };
  /** subscriptions this service is making right now (clientid NUL filter): not rewritten again */
  private readonly moving = new Set<string>();
  private readonly removeStage: () => void;

  constructor(private readonly app: FastifyInstance) {
    this.apply();
    this.removeStage = app.addPublishStage(REWRITE_PRIORITY, (msg) => {
      if (this.rules.publish.length === 0) return msg;
      const topic = rewrite(msg.topic, this.rules.publish, { clientid: msg.fromClientid, username: msg.fromUsername });
      return topic === msg.topic ? msg : { ...msg, topic };
    });
    app.config.on('change', this.onConfig);
    app.broker.events.on('session.subscribed', this.onSubscribed);
  }

  list(): RewriteRule[] {
    const rules = this.app.config.get<unknown>('rewrite');
    return Array.isArray(rules) ? (rules as RewriteRule[]) : [];
  }

  private apply(): void {
    this.rules = compileRules(this.list().filter((r) => r && typeof r.re === 'string' && typeof r.source_topic === 'string' && typeof r.dest_topic === 'string'));
  }

  private readonly onConfig = (path: string) => {
    if (path === 'rewrite' || path.startsWith('rewrite.')) this.apply();
  };

  private readonly onSubscribed = (client: ClientIdentity, sub: SubscriptionInfo) => {
    if (this.rules.subscribe.length === 0) return;
    const key = `${client.clientid}\0${sub.topic}`;
    if (this.moving.has(key)) return;
    const dest = rewrite(sub.topic, this.rules.subscribe, { clientid: client.clientid, username: client.username });
    if (dest === sub.topic) return;
    // after the broker has finished this SUBSCRIBE (SUBACK, retained messages of the original filter)
    setImmediate(() => this.move(client.clientid, sub, dest));
  };

  private move(clientid: string, sub: SubscriptionInfo, dest: string): void {
    const key = `${clientid}\0${dest}`;
    this.moving.add(key);
    try {
      this.app.broker.unsubscribe(clientid, sub.topic);
      this.app.broker.subscribe(clientid, dest, { qos: sub.qos, nl: sub.nl, rap: sub.rap, rh: sub.rh, ...(sub.subid !== undefined ? { subid: sub.subid } : {}) });
    } catch (err) {
      this.app.log.warn({ clientid, topic: sub.topic, dest_topic: dest, reason: (err as Error).message }, 'topic_rewrite_subscribe_failed');
    } finally {
      this.moving.delete(key);
    }
  }

  close(): void {
    this.removeStage();
    this.app.config.off('change', this.onConfig);
    this.app.broker.events.off('session.subscribed', this.onSubscribed);
  }
}
