// Message context functions (EMQX's "IoT" functions): read the rule input's columns — clientid(), topic(), qos() …
// — plus null(), coalesce and the topic-filter list tests. A column the input lacks gives undefined.
import { topicMatches } from '../../../shared/topic';
import { nestedGet } from './map';
import { asInt, asList, asText, defineGroup, fail, isBinary, isMap, termEquals, type Def } from './values';

const column = (name: string): Def => [0, (_a, ctx) => ctx.columns[name]];

function topicLevel(n: unknown, topic: unknown): unknown {
  const i = asInt(n, 'the level');
  if (topic === undefined) return undefined;
  const levels = asText(topic, 'the topic').split('/');
  if (i < 1 || i > levels.length) fail(`the topic has no level ${i}`);
  return levels[i - 1];
}

/** The first entry of a topic-filter list ([{topic, qos}, …]) whose topic passes `test`. */
function findTopic(filters: unknown, test: (topic: unknown) => boolean): MapEntry | undefined {
  for (const entry of asList(filters, 'the topic filters')) {
    if (isMap(entry) && Object.hasOwn(entry, 'topic') && test(entry.topic)) return entry;
  }
  return undefined;
}
type MapEntry = Record<string, unknown>;

function containsTopic(args: unknown[], test: (topic: unknown) => boolean): boolean {
  const found = findTopic(args[0], test);
  if (args.length === 2) return found !== undefined;
  return found !== undefined && found.qos === args[2];
}

const equalTopic = (a: unknown[]) => (t: unknown) => termEquals(t, a[1]);
function matchTopic(a: unknown[]) {
  const filter = asText(a[1], 'the topic filter');
  return (t: unknown) => isBinary(t) && topicMatches(filter, typeof t === 'string' ? t : t.toString('utf8'));
}

const isEmptyValue = (v: unknown) => v === undefined || (isBinary(v) && v.length === 0) || (Array.isArray(v) && v.length === 0);
const firstOf = (list: unknown[], skip: (v: unknown) => boolean) => list.find((v) => !skip(v));
const coalesceArgs = (a: unknown[]) => (a.length === 1 ? asList(a[0]) : a);

export const contextFunctions = defineGroup({
  msgid: column('id'),
  qos: column('qos'),
  topic: [[0, 1], (a, ctx) => (a.length === 0 ? ctx.columns.topic : topicLevel(a[0], ctx.columns.topic))],
  flags: [0, (_a, ctx) => ctx.columns.flags ?? {}],
  flag: [1, ([name], ctx) => (ctx.columns.flags === undefined ? undefined : nestedGet([asText(name, 'the flag name')], ctx.columns.flags, undefined))],
  // EMQX reads the message's `from`; a rule's columns name the sender `clientid`, which is what this returns
  clientid: [0, (_a, ctx) => ctx.columns.clientid ?? ctx.columns.from],
  clientip: column('peerhost'),
  peerhost: column('peerhost'),
  username: column('username'),
  payload: [[0, 1], (a, ctx) => (a.length === 0 ? ctx.columns.payload : nestedGet(asText(a[0], 'the path').split('.'), ctx.columns.payload, undefined))],
  contains_topic: [[2, 3], (a) => containsTopic(a, equalTopic(a))],
  contains_topic_match: [[2, 3], (a) => containsTopic(a, matchTopic(a))],
  null: [0, () => undefined],
  coalesce: [[1, 2], (a) => firstOf(coalesceArgs(a), (v) => v === undefined)],
  coalesce_ne: [[1, 2], (a) => firstOf(coalesceArgs(a), isEmptyValue)],
});
