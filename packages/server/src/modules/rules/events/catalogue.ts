// GET /rule_events: every input a rule can name besides message topics, with its columns, the fields the console's
// test form pre-fills (test_columns: field → [example, what it is]) and a sample SQL. Built once per node and cached.
import { EVENT_TOPICS, type EventName } from './names';
import { exampleColumns } from './examples';

type Text = { en: string; zh: string };
type TestColumn = [example: unknown, about: string];

export interface EventInfo {
  event: string;
  title: Text;
  description: Text;
  columns: string[];
  test_columns: Record<string, TestColumn>;
  sql_example: string;
}

const sender = {
  clientid: ['c_emqx', 'client ID of the publisher'],
  username: ['u_emqx', 'username of the publisher'],
} satisfies Record<string, TestColumn>;
const message = {
  topic: ['t/a', 'topic the message was published to'],
  qos: [1, 'QoS of the message'],
  payload: ['{"msg": "hello"}', 'payload of the message'],
} satisfies Record<string, TestColumn>;
const client = {
  clientid: ['c_emqx', 'client ID'],
  username: ['u_emqx', 'username of the client'],
} satisfies Record<string, TestColumn>;
const delivered = {
  from_clientid: ['c_emqx_1', 'client ID of the publisher'],
  from_username: ['u_emqx_1', 'username of the publisher'],
  clientid: ['c_emqx_2', 'client ID of the subscriber'],
  username: ['u_emqx_2', 'username of the subscriber'],
  ...message,
} satisfies Record<string, TestColumn>;
const subscription = { ...client, topic: ['t/a', 'topic filter'], qos: [1, 'QoS of the subscription'] } satisfies Record<string, TestColumn>;

// EMQX's test_columns of the alarm events
const alarm = {
  name: ['alarm_name', 'name of the alarm'],
  details: [{ extra: 'details' }, 'details about the alarm'],
  message: ['something is wrong', 'message accompanying the alarm'],
  activated_at: [1736512728666, 'time at which the alarm went off'],
} satisfies Record<string, TestColumn>;

interface Entry {
  name: EventName;
  title: Text;
  description: Text;
  test: Record<string, TestColumn>;
  sql: string;
}

const ENTRIES: Entry[] = [
  {
    name: 'message.publish',
    title: { en: 'message publish', zh: '消息发布' },
    description: { en: 'a message was published to a topic the rule names', zh: '规则所选主题上发布了一条消息' },
    test: { ...sender, ...message },
    sql: 'SELECT payload.msg as msg FROM "t/#" WHERE msg = \'hello\'',
  },
  {
    name: 'alarm.activated',
    title: { en: 'alarm activated', zh: '告警激活' },
    description: { en: 'an alarm was raised on the node', zh: '节点上产生了一个告警' },
    test: alarm,
    sql: 'SELECT * FROM "$events/sys/alarm_activated" ',
  },
  {
    name: 'alarm.deactivated',
    title: { en: 'alarm deactivated', zh: '告警取消激活' },
    description: { en: 'an alarm of the node was cleared', zh: '节点上的一个告警已解除' },
    test: { ...alarm, deactivated_at: [1736512728999, 'time at which the alarm was deactivated'] },
    sql: 'SELECT * FROM "$events/sys/alarm_deactivated" ',
  },
  {
    name: 'message.delivered',
    title: { en: 'message delivered', zh: '消息已投递' },
    description: { en: 'a message was sent to a subscriber', zh: '消息已发送给一个订阅者' },
    test: delivered,
    sql: 'SELECT * FROM "$events/message_delivered" WHERE topic =~ \'t/#\'',
  },
  {
    name: 'message.acked',
    title: { en: 'message acked', zh: '消息应答' },
    description: { en: 'a subscriber acknowledged a QoS 1 or 2 message', zh: '订阅者确认收到了 QoS 1 或 2 消息' },
    test: delivered,
    sql: 'SELECT * FROM "$events/message_acked" WHERE topic =~ \'t/#\'',
  },
  {
    name: 'message.dropped',
    title: { en: 'message routing-drop', zh: '消息转发丢弃' },
    description: { en: 'a message was dropped while routing, most often because nobody subscribed', zh: '消息在路由时被丢弃，通常是因为没有订阅者' },
    test: { reason: ['no_subscribers', 'why the message was dropped'], ...sender, ...message },
    sql: 'SELECT * FROM "$events/message_dropped" WHERE topic =~ \'t/#\'',
  },
  {
    name: 'client.connected',
    title: { en: 'client connected', zh: '连接建立' },
    description: { en: 'a client finished connecting', zh: '客户端完成了连接' },
    test: { ...client, peername: ['127.0.0.1:52918', 'address and port of the client'] },
    sql: 'SELECT * FROM "$events/client_connected"',
  },
  {
    name: 'client.disconnected',
    title: { en: 'client disconnected', zh: '连接断开' },
    description: { en: 'a client connection closed', zh: '客户端连接已关闭' },
    test: { ...client, reason: ['normal', 'why the connection closed'] },
    sql: 'SELECT * FROM "$events/client_disconnected"',
  },
  {
    name: 'client.connack',
    title: { en: 'client connack', zh: '连接确认' },
    description: { en: 'the node answered a CONNECT', zh: '节点回复了 CONNECT' },
    test: { ...client, reason_code: ['success', 'CONNACK reason'] },
    sql: 'SELECT * FROM "$events/client_connack"',
  },
  {
    name: 'client.check_authz_complete',
    title: { en: 'client check authz complete', zh: '授权结果' },
    description: { en: 'an authorization check of a publish or subscribe finished', zh: '一次发布或订阅的授权检查已完成' },
    test: {
      ...client,
      topic: ['t/1', 'topic checked'],
      action: ['publish', 'publish or subscribe'],
      result: ['allow', 'allow or deny'],
    },
    sql: 'SELECT * FROM "$events/client_check_authz_complete"',
  },
  {
    name: 'client.check_authn_complete',
    title: { en: 'client check authn complete', zh: '认证结果' },
    description: { en: 'the authentication of a connecting client finished', zh: '连接中客户端的认证已完成' },
    test: {
      ...client,
      reason_code: ['success', 'authentication outcome'],
      is_superuser: [true, 'whether the client is a superuser'],
      is_anonymous: [false, 'whether the client connected without credentials being checked'],
    },
    sql: 'SELECT * FROM "$events/client_check_authn_complete"',
  },
  {
    name: 'session.subscribed',
    title: { en: 'session subscribed', zh: '会话订阅完成' },
    description: { en: 'a client subscribed to a topic filter', zh: '客户端订阅了一个主题过滤器' },
    test: subscription,
    sql: 'SELECT * FROM "$events/session_subscribed" WHERE topic =~ \'t/#\'',
  },
  {
    name: 'session.unsubscribed',
    title: { en: 'session unsubscribed', zh: '会话取消订阅完成' },
    description: { en: 'a client unsubscribed from a topic filter', zh: '客户端取消订阅了一个主题过滤器' },
    test: subscription,
    sql: 'SELECT * FROM "$events/session_unsubscribed" WHERE topic =~ \'t/#\'',
  },
  {
    name: 'delivery.dropped',
    title: { en: 'message delivery-drop', zh: '消息投递丢弃' },
    description: { en: 'a message was dropped on its way to one subscriber, e.g. a full queue', zh: '消息在发往某个订阅者时被丢弃，例如队列已满' },
    test: { reason: ['queue_full', 'why the message was dropped'], ...delivered },
    sql: 'SELECT * FROM "$events/delivery_dropped" WHERE topic =~ \'t/#\'',
  },
  // EE (emqx_rule_events ee_event_info): test_columns are message.publish's plus the name
  {
    name: 'schema.validation_failed',
    title: { en: 'schema validation failed', zh: 'schema 验证失败' },
    description: { en: 'messages that do not pass configured validations', zh: '未通过验证的消息' },
    test: { validation: ['myvalidation', 'name of the validation that failed'], ...sender, ...message },
    sql: 'SELECT * FROM "$events/schema_validation_failed" WHERE topic =~ \'t/#\'',
  },
  {
    name: 'message.transformation_failed',
    title: { en: 'message transformation failed', zh: '消息转换失败' },
    description: { en: 'messages that do not pass configured transformation', zh: '未通过转换的消息' },
    test: { transformation: ['mytransformation', 'name of the transformation that failed'], ...sender, ...message },
    sql: 'SELECT * FROM "$events/message_transformation_failed" WHERE topic =~ \'t/#\'',
  },
];

let cached: EventInfo[] | undefined;

export function eventCatalogue(node: string): EventInfo[] {
  cached ??= ENTRIES.map((e) => ({
    event: EVENT_TOPICS[e.name],
    title: e.title,
    description: e.description,
    columns: Object.keys(exampleColumns(e.name, node)),
    test_columns: e.test,
    sql_example: e.sql,
  }));
  return cached;
}
