// Catalogue: message context functions and the conditional functions coalesce, coalesce_ne, eq (server: funcs/context.ts, funcs/predicates.ts).
import type { RuleFunctionDoc, RuleFunctionGroup } from './functions';

const f =
  (group: RuleFunctionGroup) =>
  (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({ name, group, args, returns, example, description: { en, zh } });
const ctx = f('context');
const cond = f('conditional');

export const CONTEXT_FUNCTIONS: RuleFunctionDoc[] = [
  ctx('clientid', [], 'string', 'clientid() = "c1"', 'Client ID of the message or event.', '消息或事件的客户端 ID。'),
  ctx('username', [], 'string', 'username() = "u1"', 'Username of the client.', '客户端的用户名。'),
  ctx('clientip', [], 'string', 'clientip() = "127.0.0.1"', 'IP address of the client (same as peerhost()).', '客户端的 IP 地址（同 peerhost()）。'),
  ctx('peerhost', [], 'string', 'peerhost() = "127.0.0.1"', 'IP address of the client.', '客户端的 IP 地址。'),
  ctx('msgid', [], 'string', 'msgid() = "0006179F8E4A4E8AF4420000A4F10000"', 'ID of the message.', '消息 ID。'),
  ctx('qos', [], 'integer', 'qos() = 1', 'QoS of the message.', '消息的 QoS。'),
  ctx(
    'topic',
    ['N?'],
    'string',
    "topic() = 't/a/b', topic(2) = 'a'",
    'Topic of the message; with N, its N-th level (an error when the topic has fewer levels).',
    '消息的主题；带 N 时返回主题的第 N 层（层数不足时报错）。',
  ),
  ctx('flags', [], 'map', 'flags() = {"dup": false, "retain": false}', 'Flags of the message.', '消息的标志位。'),
  ctx('flag', ['Name'], 'boolean', "flag('retain') = false", 'One flag of the message.', '消息的某个标志位。'),
  ctx(
    'payload',
    ['Path?'],
    'string | any',
    'payload() = \'{"a":{"b":1}}\', payload(\'a.b\') = 1',
    'The payload; with a dotted path, the value at that path of the JSON payload.',
    '消息负载；带路径时返回 JSON 负载中该路径的值。',
  ),
  ctx(
    'contains_topic',
    ['TopicFilters', 'Topic', 'QoS?'],
    'boolean',
    `contains_topic(json_decode('[{"topic": "t/a", "qos": 1}]'), 't/a') = true`,
    'Whether a list of {topic, qos} entries has the topic (and, with QoS, at that QoS).',
    '{topic, qos} 列表中是否有该主题（带 QoS 时还须 QoS 相同）。',
  ),
  ctx(
    'contains_topic_match',
    ['TopicFilters', 'Filter', 'QoS?'],
    'boolean',
    `contains_topic_match(json_decode('[{"topic": "t/a", "qos": 1}]'), 't/#') = true`,
    'Whether a list of {topic, qos} entries has a topic that the filter matches (and, with QoS, at that QoS).',
    '{topic, qos} 列表中是否有与主题过滤器匹配的主题（带 QoS 时还须 QoS 相同）。',
  ),
  ctx('null', [], 'undefined', 'is_null(null()) = true', 'The undefined value.', '未定义值（undefined）。'),
  cond(
    'coalesce',
    ['Value1', 'Value2'],
    'any',
    'coalesce(payload.missing, 0) = 0',
    'The first argument that is not undefined; also takes one array.',
    '返回第一个非 undefined 的参数；也可传入一个数组。',
  ),
  cond(
    'eq',
    ['X', 'Y'],
    'boolean',
    'eq(1, 1.0) = true',
    'Whether two values are equal: numbers by value, strings, arrays and maps by content.',
    '两个值是否相等：数字按数值比较，字符串、数组与映射按内容比较。',
  ),
  cond(
    'coalesce_ne',
    ['Value1', 'Value2'],
    'any',
    "coalesce_ne('', 'default') = 'default'",
    'The first argument that is neither undefined nor an empty string; also takes one array.',
    '返回第一个既非 undefined 也非空字符串的参数；也可传入一个数组。',
  ),
];
