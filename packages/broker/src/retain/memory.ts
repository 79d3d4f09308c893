import type { RetainStore, RetainedMessage } from '../types';
import { topicMatches } from '../topics/validate';
import { isValidTopicFilter } from '../topics/validate';

/** Retained messages in RAM, keyed by topic; insertion order gives stable paging. */
export class MemoryRetainStore implements RetainStore {
  private readonly byTopic = new Map<string, RetainedMessage>();

  put(msg: RetainedMessage): void {
    // [MQTT-3.3.1-10] an empty retained payload removes the retained message
    if (msg.payload.length === 0) {
      this.byTopic.delete(msg.topic);
      return;
    }
    this.byTopic.delete(msg.topic); // re-insert so the newest sits last
    this.byTopic.set(msg.topic, msg);
  }

  delete(topic: string): boolean {
    return this.byTopic.delete(topic);
  }

  get(topic: string): RetainedMessage | undefined {
    return this.byTopic.get(topic);
  }

  match(filter: string): RetainedMessage[] {
    if (!filter.includes('+') && !filter.includes('#')) {
      const m = this.byTopic.get(filter);
      return m ? [m] : [];
    }
    const out: RetainedMessage[] = [];
    for (const [topic, msg] of this.byTopic) if (topicMatches(filter, topic)) out.push(msg);
    return out;
  }

  list(offset: number, limit: number, filter?: string): RetainedMessage[] {
    const source = filter && isValidTopicFilter(filter, 65535) ? this.match(filter) : [...this.byTopic.values()];
    return source.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit));
  }

  count(): number {
    return this.byTopic.size;
  }

  clear(): void {
    this.byTopic.clear();
  }
}
