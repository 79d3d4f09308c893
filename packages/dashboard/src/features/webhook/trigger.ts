// The webhook's trigger ⇄ its rule's SQL, as the official console's Trigger.vue: messages (on topic filters, plus
// the other message events filtered by `topic =~ '<filter>'`), events (connection, session… events), or all
// messages and events. The SQL always selects `*`, so the request body template sees every column.
import { EVENT_PREFIX, MESSAGE_EVENT, fromInputs, inputKind } from '../rules/sql';

export type TriggerKind = 'messages' | 'events' | 'all';

export interface Trigger {
  kind: TriggerKind;
  /** messages: the message events chosen, `$events/message_publish` standing for "messages on the topics". */
  messageEvents: string[];
  /** messages: topic filters (none: every topic, `#`). */
  topics: string[];
  /** events: the events chosen. */
  events: string[];
}

export const ALL_TOPICS = '#';
const MESSAGE_EVENT_RE = /message|delivery_dropped/i;
/** Message events (published, delivered, acked, dropped, delivery dropped) take the topic filters; others do not. */
export const isMessageEvent = (event: string) => event.startsWith(EVENT_PREFIX) && MESSAGE_EVENT_RE.test(event);

export const emptyTrigger = (kind: TriggerKind = 'messages'): Trigger => ({ kind, messageEvents: kind === 'messages' ? [MESSAGE_EVENT] : [], topics: [], events: [] });

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const condition = (topic: string) => `topic =~ '${topic.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function sqlOf(from: string[], where?: string): string {
  return `SELECT\n  *\nFROM\n  ${from.map(quote).join(',\n  ')}${where ? `\nWHERE\n  ${where}` : ''}`;
}

/**
 * The rule's SQL. `allEvents` (every event of /rule_events but the bridges') is what "all messages and events"
 * stands for: `#` for the published messages and each other event by name.
 */
export function triggerToSql(t: Trigger, allEvents: readonly string[]): string {
  if (t.kind === 'all') return sqlOf([ALL_TOPICS, ...allEvents.filter((e) => e !== MESSAGE_EVENT)]);
  if (t.kind === 'events') return sqlOf(t.events);
  const topics = t.topics.map((x) => x.trim()).filter(Boolean);
  const publish = t.messageEvents.includes(MESSAGE_EVENT);
  const others = t.messageEvents.filter((e) => e !== MESSAGE_EVENT);
  const from = [...(publish ? (topics.length ? topics : [ALL_TOPICS]) : []), ...others];
  const where = others.length && topics.length ? topics.map(condition).join(' or ') : undefined;
  return sqlOf(from, where);
}

/** The topics of `topic =~ '…'` conditions (what triggerToSql writes for the other message events). */
function whereTopics(sql: string): string[] {
  const at = sql.search(/\bwhere\b/i);
  if (at < 0) return [];
  return [...sql.slice(at).matchAll(/topic\s*=~\s*'((?:[^'\\]|\\.)*)'/gi)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

/** The trigger an SQL stands for; undefined when it is none the form can show (edited in the rule editor). */
export function sqlToTrigger(sql: string, allEvents: readonly string[]): Trigger | undefined {
  const inputs = fromInputs(sql);
  if (inputs.length === 0) return undefined;
  if (inputs.some((i) => inputKind(i) === 'source')) return undefined;
  const topics = inputs.filter((i) => inputKind(i) === 'topic');
  const events = inputs.filter((i) => inputKind(i) === 'event');
  const where = whereTopics(sql);
  const hasWhere = /\bwhere\b/i.test(sql.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ''));
  const others = allEvents.filter((e) => e !== MESSAGE_EVENT);
  if (topics.length === 1 && topics[0] === ALL_TOPICS && others.length > 0 && others.every((e) => events.includes(e)) && events.length === others.length && !hasWhere) {
    return { ...emptyTrigger('all'), messageEvents: [] };
  }
  if (events.every(isMessageEvent)) {
    const filters = topics.filter((x) => x !== ALL_TOPICS);
    // the other message events' topic conditions must be the FROM topics, or the WHERE says more than the form
    if (hasWhere && !(where.length > 0 && (filters.length === 0 || sameSet(filters, where)))) return undefined;
    return { kind: 'messages', messageEvents: [...(topics.length ? [MESSAGE_EVENT] : []), ...events], topics: filters.length ? filters : where, events: [] };
  }
  if (topics.length === 0 && !events.some(isMessageEvent) && !hasWhere) return { ...emptyTrigger('events'), messageEvents: [], events };
  return undefined;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Why a trigger cannot be saved: nothing chosen, an empty or repeated topic. */
export type TriggerProblem = 'nothing' | 'emptyTopic' | 'repeatedTopic';

export function triggerProblem(t: Trigger): TriggerProblem | undefined {
  if (t.kind === 'all') return undefined;
  if (t.kind === 'events') return t.events.length ? undefined : 'nothing';
  if (t.messageEvents.length === 0) return 'nothing';
  if (t.topics.some((x) => !x.trim())) return 'emptyTopic';
  const trimmed = t.topics.map((x) => x.trim());
  if (trimmed.some((x, i) => trimmed.indexOf(x) !== i)) return 'repeatedTopic';
  return undefined;
}
