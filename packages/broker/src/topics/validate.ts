// Topic name / filter rules of MQTT 3.1.1 §4.7 and 5.0 §4.7.

/** MQTT's UTF-8 string limit [MQTT-1.5.3], in bytes: a topic travels behind a two-byte length (EMQX ?MAX_TOPIC_LEN). */
export const MAX_TOPIC_BYTES = 65535;

/**
 * Is the topic too long for the wire? Measured in bytes of UTF-8, not in characters: 40,000 two-byte characters are
 * 80,000 bytes. A UTF-16 unit takes 1 to 3 bytes, so only strings between a third of the limit and the limit need
 * counting (the common short topic costs one comparison).
 */
function tooLong(topic: string): boolean {
  if (topic.length <= MAX_TOPIC_BYTES / 3) return false;
  return topic.length > MAX_TOPIC_BYTES || Buffer.byteLength(topic, 'utf8') > MAX_TOPIC_BYTES;
}

/** A topic name for PUBLISH: no wildcards, not empty, no NUL, at most 65535 bytes [MQTT-3.3.2-2], [MQTT-4.7.3-1], [MQTT-4.7.3-2], [MQTT-4.7.3-3]. */
export function isValidTopicName(topic: string, maxLevels: number): boolean {
  if (topic.length === 0 || tooLong(topic)) return false;
  let levels = 1;
  for (let i = 0; i < topic.length; i++) {
    const c = topic.charCodeAt(i);
    if (c === 0x23 /* # */ || c === 0x2b /* + */ || c === 0) return false;
    if (c === 0x2f /* / */) levels++;
  }
  return levels <= maxLevels;
}

/** A topic filter: `#` only last and alone in its level, `+` alone in its level, at most 65535 bytes [MQTT-4.7.1-2], [MQTT-4.7.1-3], [MQTT-4.7.3-3]. */
export function isValidTopicFilter(filter: string, maxLevels: number): boolean {
  if (filter.length === 0 || tooLong(filter)) return false;
  const levels = filter.split('/');
  if (levels.length > maxLevels) return false;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    if (level.includes('\u0000')) return false;
    if (level.includes('#') && (level !== '#' || i !== levels.length - 1)) return false;
    if (level.includes('+') && level !== '+') return false;
  }
  return true;
}

/**
 * A $SYS message (emqx_message:is_sys): EMQX counts none of them in messages.publish nor messages.dropped*, so the
 * node's own heartbeats and client events do not show as traffic or drops.
 */
export function isSysTopic(topic: string): boolean {
  return topic.startsWith('$SYS/');
}

export function hasWildcard(filter: string): boolean {
  return filter.includes('+') || filter.includes('#');
}

export interface ParsedFilter {
  /** the filter used for matching (without `$share/<group>/`, `$queue/`, `$exclusive/`) */
  filter: string;
  /** shared subscription group, `$queue` for `$queue/` */
  group?: string;
  exclusive?: boolean;
}

/**
 * Splits `$share/<group>/<filter>`, `$queue/<filter>` and `$exclusive/<filter>`.
 * Returns null when the share syntax is broken [MQTT-4.8.2-1], [MQTT-4.8.2-2].
 */
export function parseFilter(raw: string, exclusiveEnabled: boolean): ParsedFilter | null {
  if (raw.startsWith('$share/')) {
    const rest = raw.slice(7);
    const slash = rest.indexOf('/');
    if (slash <= 0) return null;
    const group = rest.slice(0, slash);
    if (group.includes('+') || group.includes('#')) return null;
    const filter = rest.slice(slash + 1);
    if (filter.length === 0) return null;
    return { filter, group };
  }
  if (raw.startsWith('$queue/')) {
    const filter = raw.slice(7);
    if (filter.length === 0) return null;
    return { filter, group: '$queue' };
  }
  if (exclusiveEnabled && raw.startsWith('$exclusive/')) {
    const filter = raw.slice(11);
    if (filter.length === 0) return null;
    return { filter, exclusive: true };
  }
  return { filter: raw };
}

/**
 * Does `filter` match `topic`? `$`-topics never match a leading wildcard [MQTT-4.7.2-1]. As emqx_topic:match/2,
 * a `#` that is not the last level (an invalid filter, as the rule engine's `=~` may be given) is plain text.
 */
export function topicMatches(filter: string, topic: string): boolean {
  if (topic.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#' && i === f.length - 1) return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}
