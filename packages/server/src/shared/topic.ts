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
