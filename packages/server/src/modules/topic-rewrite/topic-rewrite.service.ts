// Applies the `rewrite` config root to the broker through its hook chains at priority 1000 (EMQX's
// emqx_rewrite hook priority, before delayed publish): `message.publish` rewrites published topics,
// `client.subscribe` / `client.unsubscribe` rewrite filters before the broker subscribes, so retained
// messages are those of the rewritten filter. The SUBACK the client gets is for its own filter, as in EMQX.
import type { FastifyInstance } from 'fastify';
import { withTopicScope, type ClientIdentity, type PublishMessage } from '@mqdeck/broker';
import { compileRules, rewrite, type CompiledRules, type RewriteRule } from './topic-rewrite.rules';

export const REWRITE_PRIORITY = 1000;

export class TopicRewriteService {
  private rules: CompiledRules = { publish: [], subscribe: [] };
  private readonly removeHooks: () => void;
  private readonly unwatch: () => void;

  constructor(private readonly app: FastifyInstance) {
    this.apply();
    const filter = (client: ClientIdentity, topic: string) =>
      this.rules.subscribe.length === 0 ? topic : rewrite(topic, this.rules.subscribe, { clientid: client.clientid, username: client.username });
    this.removeHooks = app.broker.addHooks(
      {
        // $SYS topics are rewritten too (emqx_rewrite has no exception): any publish rule may take one
        messagePublish: withTopicScope(
          (msg: PublishMessage) => {
            if (this.rules.publish.length === 0) return msg;
            const topic = rewrite(msg.topic, this.rules.publish, { clientid: msg.fromClientid, username: msg.fromUsername });
            return topic === msg.topic ? msg : { ...msg, topic };
          },
          () => this.rules.publish.length > 0,
        ),
        subscribe: filter,
        unsubscribe: filter,
      },
      REWRITE_PRIORITY,
    );
    this.unwatch = app.config.watch('rewrite', () => this.apply());
  }

  list(): RewriteRule[] {
    // a PUT stores only rules ruleErrors accepted; apply() re-checks the fields it compiles
    const rules = this.app.config.get<RewriteRule[] | undefined>('rewrite');
    return Array.isArray(rules) ? rules : [];
  }

  private apply(): void {
    this.rules = compileRules(this.list().filter((r) => r && typeof r.re === 'string' && typeof r.source_topic === 'string' && typeof r.dest_topic === 'string'));
  }

  close(): void {
    this.removeHooks();
    this.unwatch();
  }
}
