// One topic validation rule for every topic check of the console (spec 001 §5), as EMQX's emqx_topic:validate/2
// checks: a topic name (what a PUBLISH carries) has no wildcard at all; a filter has '#' only as the whole last
// level and '+' only as a whole level; neither is empty; both are at most 65535 bytes of UTF-8 (MQTT's string
// limit). Form inputs use `topicRule` / `topicListRule`; the WebSocket client's store calls `topicProblem` itself.
import type { FormRule } from 'antd';
import { i18n } from '../i18n/i18n';
import './topic.messages';

export type TopicKind = 'name' | 'filter';
export type TopicProblem = 'empty' | 'tooLong' | 'badHash' | 'badPlus' | 'wildcardInName' | 'nullChar';

/** MQTT's UTF-8 string limit, in bytes (EMQX ?MAX_TOPIC_LEN). */
export const MAX_TOPIC_BYTES = 65535;

const encoder = new TextEncoder();

/** A wildcard anywhere: the topic is a filter, not something to publish to. */
export function hasWildcard(topic: string): boolean {
  return topic.includes('#') || topic.includes('+');
}

export function topicProblem(topic: string, kind: TopicKind): TopicProblem | undefined {
  if (topic === '') return 'empty';
  if (topic.length > MAX_TOPIC_BYTES / 3 && encoder.encode(topic).length > MAX_TOPIC_BYTES) return 'tooLong';
  if (topic.includes('\u0000')) return 'nullChar';
  if (kind === 'name') return hasWildcard(topic) ? 'wildcardInName' : undefined;
  const levels = topic.split('/');
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    if (level.includes('#') && (level !== '#' || i !== levels.length - 1)) return 'badHash';
    if (level.includes('+') && level !== '+') return 'badPlus';
  }
  return undefined;
}

export interface TopicRuleOptions {
  /** authorization rules: `eq <topic>` means the topic literally; the rest is checked */
  allowEq?: boolean;
  /** other topics of the same list: a repeat is refused ('Repeated topic') */
  others?: () => readonly string[];
}

/** The spec's text for a topic's problem, in the UI language; undefined when the topic is fine. */
export function topicError(topic: string, kind: TopicKind, { allowEq }: TopicRuleOptions = {}): string | undefined {
  const checked = allowEq && topic.startsWith('eq ') ? topic.slice(3) : topic;
  const problem = topicProblem(checked, kind);
  return problem && i18n.t(`topic:${problem}`);
}

/** Form rule for one topic input; an empty value is left to the field's `required` rule and its text. Leading/trailing spaces are ignored (forms trim on submit). */
export function topicRule(kind: TopicKind, options: TopicRuleOptions = {}): FormRule {
  return {
    validator: (_r, v: unknown) => {
      const topic = typeof v === 'string' ? v.trim() : '';
      if (!topic) return Promise.resolve();
      const error = topicError(topic, kind, options) ?? (options.others?.().includes(topic) ? i18n.t('topic:repeated') : undefined);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}

/** Form rule for a list of topics (tags input): the first bad topic's text, or 'Repeated topic'. */
export function topicListRule(kind: TopicKind, options: Omit<TopicRuleOptions, 'others'> = {}): FormRule {
  return {
    validator: (_r, v: unknown) => {
      const topics = Array.isArray(v) ? v.map((x) => String(x).trim()) : [];
      for (const [i, topic] of topics.entries()) {
        const error = topicError(topic, kind, options) ?? (topics.indexOf(topic) !== i ? i18n.t('topic:repeated') : undefined);
        if (error) return Promise.reject(new Error(topic ? `${topic}: ${error}` : error));
      }
      return Promise.resolve();
    },
  };
}
