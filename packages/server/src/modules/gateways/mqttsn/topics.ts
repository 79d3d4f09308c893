/**
 * Topic ids of one MQTT-SN client: the gateway's predefined ids (1..1024, from the config) and the ids registered in
 * either direction, numbered from 1025 on as EMQX does (emqx_mqttsn_registry).
 */
import type { DeliveredMessage } from '../protocol';
import { SN_MAX_PREDEF_TOPIC_ID, type MqttsnPredefined } from './config';

export type SnOutMessage = Pick<DeliveredMessage, 'topic' | 'payload' | 'qos' | 'retain'>;

/** How a PUBLISH to the client names its topic: normal (0) or predefined (1) id, or a short name (2). */
export type TopicRef = { type: 0 | 1; id: number } | { type: 2; name: string };

export function hasWildcard(topic: string): boolean {
  return topic.includes('+') || topic.includes('#');
}

export class TopicRegistry {
  private readonly byId = new Map<number, string>();
  private readonly byName = new Map<string, number>();
  private lastTopicId = SN_MAX_PREDEF_TOPIC_ID;

  constructor(private readonly predefined: () => MqttsnPredefined[]) {}

  predefinedTopic(id: number): string | undefined {
    return this.predefined().find((p) => p.id === id)?.topic;
  }

  predefinedId(topic: string): number | undefined {
    return this.predefined().find((p) => p.topic === topic)?.id;
  }

  /** A topic id from the client: predefined first, then this client's registrations (EMQX's lookup order). */
  topicById(id: number): string | undefined {
    return this.predefinedTopic(id) ?? this.byId.get(id);
  }

  /** The registered (not predefined) id of a name. */
  idOf(topic: string): number | undefined {
    return this.byName.get(topic);
  }

  /** The id for a name: predefined, already registered, or the next free one; undefined when all are used. */
  register(topic: string): number | undefined {
    const predef = this.predefinedId(topic);
    if (predef !== undefined) return predef;
    const known = this.byName.get(topic);
    if (known !== undefined) return known;
    if (this.lastTopicId >= 0xffff) return undefined;
    const id = ++this.lastTopicId;
    this.byId.set(id, topic);
    this.byName.set(topic, id);
    return id;
  }

  forget(topic: string): void {
    const id = this.byName.get(topic);
    if (id === undefined) return;
    this.byName.delete(topic);
    this.byId.delete(id);
  }
}
