// An action's `local_topic` (EMQX emqx_bridge:on_message_publish): a message published on this node whose topic
// matches it goes to the action without a rule, as the columns of a `message.publish` event. The broker listener is
// attached only while some enabled action has a local topic. Messages a rule or a bridge republished (no publishing
// client) and `$`-topics are not taken, as EMQX skips `$SYS` and system messages.
import type { FastifyInstance } from 'fastify';
import type { PublishMessage } from '@mqdeck/broker';
import { topicMatches, withTopicScope } from '@mqdeck/broker';
import { publishColumns } from '../rules/events/columns';
import type { ChannelEntry } from './resource/runtime';
import { enabled } from './resource/runtime';

export class LocalTopics {
  private attached = false;
  // `$`-topics are never taken: the broker may skip a $SYS message nobody else sees
  private readonly listener = withTopicScope(
    (m: PublishMessage) => this.onPublish(m),
    (topic) => !topic.startsWith('$'),
  );

  constructor(
    private readonly app: FastifyInstance,
    private readonly actions: Map<string, ChannelEntry>,
    private readonly send: (ch: ChannelEntry, columns: Record<string, unknown>) => void,
  ) {}

  private filters(): { ch: ChannelEntry; filter: string }[] {
    const out: { ch: ChannelEntry; filter: string }[] = [];
    for (const ch of this.actions.values()) {
      const f = ch.stored.config.local_topic;
      if (typeof f === 'string' && f !== '' && enabled(ch.stored)) out.push({ ch, filter: f });
    }
    return out;
  }

  /** attach or detach the broker listener after actions changed */
  sync(): void {
    const want = this.filters().length > 0;
    if (want && !this.attached) this.app.broker.events.on('message.publish', this.listener);
    if (!want && this.attached) this.app.broker.events.off('message.publish', this.listener);
    this.attached = want;
  }

  close(): void {
    if (this.attached) this.app.broker.events.off('message.publish', this.listener);
    this.attached = false;
  }

  private onPublish(m: PublishMessage): void {
    if (m.topic.startsWith('$') || m.fromClientid === null) return;
    let columns: Record<string, unknown> | undefined;
    for (const { ch, filter } of this.filters()) {
      if (!topicMatches(filter, m.topic)) continue;
      columns ??= publishColumns({ node: this.app.nodeName, client: () => undefined, bindHost: () => undefined }, m, undefined);
      this.send(ch, columns);
    }
  }
}
