// Topic checks of the management API, on top of the broker's MQTT rules (topics/validate in
// @mqdeck/broker), so the API refuses exactly what the broker would.
import { isValidTopicFilter as brokerFilterValid, isValidTopicName as brokerNameValid, parseFilter } from '@mqdeck/broker';

export { topicMatches } from '@mqdeck/broker';

/** EMQX's default mqtt.max_topic_levels; the broker applies the configured value on its side. */
const MAX_LEVELS = 128;

/** Splits `$share/<group>/<filter>` and `$queue/<filter>`; undefined when the share syntax is broken. */
export function parseShared(filter: string): { group?: string; topic: string } | undefined {
  const parsed = parseFilter(filter, false);
  return parsed ? { group: parsed.group, topic: parsed.filter } : undefined;
}

/** A topic filter as SUBSCRIBE accepts it, shared forms included. */
export function isValidTopicFilter(filter: string, maxLevels = MAX_LEVELS): boolean {
  const parsed = parseFilter(filter, false);
  return parsed !== null && brokerFilterValid(parsed.filter, maxLevels);
}

/** A topic name as PUBLISH accepts it: no wildcards, not empty. */
export function isValidTopicName(topic: string, maxLevels = MAX_LEVELS): boolean {
  return brokerNameValid(topic, maxLevels);
}

/**
 * Why the API refuses a topic, in the console's words (spec 001 §5; emqx_topic:validate/2 checks the same):
 * at most 65535 bytes of UTF-8, no NUL, and for a name no wildcard, for a filter '#' only as the whole last
 * level and '+' only as a whole level; never empty. Undefined when the topic is fine.
 */
export function topicProblem(topic: string, kind: 'name' | 'filter'): string | undefined {
  if (topic === '') return 'empty topic';
  if (Buffer.byteLength(topic, 'utf8') > 65535) return 'Topic length exceeds the limit';
  if (topic.includes('\u0000')) return 'Topic cannot contain the null character';
  if (kind === 'name') return topic.includes('#') || topic.includes('+') ? 'Publish cannot contain MQTT wildcards "#" and "+"' : undefined;
  const levels = topic.split('/');
  for (let i = 0; i < levels.length; i++) {
    if (levels[i].includes('#') && (levels[i] !== '#' || i !== levels.length - 1)) return 'Invalid use of "#" wildcard';
    if (levels[i].includes('+') && levels[i] !== '+') return 'Invalid use of "+" wildcard';
  }
  return undefined;
}

/**
 * Why SUBSCRIBE would refuse `filter` (auto_subscribe topics): the shared forms (`$share/<group>/…`, `$queue/…`),
 * then topicProblem's texts for the filter part, then the level limit. Undefined when isValidTopicFilter accepts it.
 */
export function subscribeFilterProblem(filter: string, maxLevels = MAX_LEVELS): string | undefined {
  const parsed = parseFilter(filter, false);
  if (!parsed) return 'invalid shared subscription';
  const problem = topicProblem(parsed.filter, 'filter');
  if (problem) return problem;
  return parsed.filter.split('/').length > maxLevels ? `more than ${maxLevels} topic levels` : undefined;
}
