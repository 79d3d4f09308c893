// The rule engine's event names and the `$events/…` topics a rule's FROM names them by (EMQX 5.8).

export const EVENT_TOPICS = {
  'message.publish': '$events/message_publish',
  'alarm.activated': '$events/sys/alarm_activated',
  'alarm.deactivated': '$events/sys/alarm_deactivated',
  'message.delivered': '$events/message_delivered',
  'message.acked': '$events/message_acked',
  'message.dropped': '$events/message_dropped',
  'delivery.dropped': '$events/delivery_dropped',
  'client.connected': '$events/client_connected',
  'client.disconnected': '$events/client_disconnected',
  'client.connack': '$events/client_connack',
  'client.check_authz_complete': '$events/client_check_authz_complete',
  'client.check_authn_complete': '$events/client_check_authn_complete',
  'session.subscribed': '$events/session_subscribed',
  'session.unsubscribed': '$events/session_unsubscribed',
  // EE: message transformation and schema validation failures (emqx_rule_events ee_event_info)
  'message.transformation_failed': '$events/message_transformation_failed',
  'schema.validation_failed': '$events/schema_validation_failed',
} as const;

export type EventName = keyof typeof EVENT_TOPICS;
export type EventTopic = (typeof EVENT_TOPICS)[EventName];

const BY_TOPIC = new Map<string, EventName>(Object.entries(EVENT_TOPICS).map(([name, topic]) => [topic, name as EventName]));

export const isEventName = (s: string): s is EventName => Object.hasOwn(EVENT_TOPICS, s);

/** `$events/client_connected` → `client.connected`; undefined for anything else (a message topic, a source) */
export function eventOfTopic(topic: string): EventName | undefined {
  return BY_TOPIC.get(topic);
}

/** an input that is not a message topic: `$events/…`, `$bridges/…` or `$sources/…` (EMQX's is_publish_topic false) */
export function isSpecialInput(from: string): boolean {
  return from.startsWith('$events/') || from.startsWith('$bridges/') || from.startsWith('$sources/');
}

/** `message_publish` (the test API's event_type) → `message.publish` */
export function eventOfType(type: string): EventName | undefined {
  const name = type.replace('_', '.');
  return isEventName(name) ? name : undefined;
}
