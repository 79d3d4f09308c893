// A rule's actions as the form edits them: console, republish (EMQX's republish_args), or a reference to a
// data-integration action ("<type>:<name>", kept as it is).
import type { RepublishAction, RepublishArgs, RuleAction, RuleActionView } from './rules.types';

export type ActionKind = 'console' | 'republish' | 'bridge' | 'function';

export function isRepublish(a: RuleAction): a is RepublishAction {
  return typeof a !== 'string' && a.function === 'republish' && 'args' in a && typeof a.args === 'object' && a.args !== null;
}

export function actionKind(a: RuleAction): ActionKind {
  if (typeof a === 'string') return 'bridge';
  if (a.function === 'console') return 'console';
  if (isRepublish(a)) return 'republish';
  return 'function';
}

/** The republish fields as the dialog shows them: templates as text, properties by name. */
export interface RepublishValues {
  topic: string;
  qos: string;
  retain: string;
  payload: string;
  user_properties: string;
  direct_dispatch: boolean;
  payload_format_indicator?: string;
  message_expiry_interval?: string;
  content_type?: string;
  response_topic?: string;
  correlation_data?: string;
}

export const DEFAULT_REPUBLISH: RepublishValues = {
  topic: '',
  qos: '${qos}',
  retain: '${retain}',
  payload: '${payload}',
  user_properties: '${user_properties}',
  direct_dispatch: false,
};

const PROPS = [
  ['payload_format_indicator', 'Payload-Format-Indicator'],
  ['message_expiry_interval', 'Message-Expiry-Interval'],
  ['content_type', 'Content-Type'],
  ['response_topic', 'Response-Topic'],
  ['correlation_data', 'Correlation-Data'],
] as const;

export function toRepublishValues(args: RepublishArgs): RepublishValues {
  const props = args.mqtt_properties ?? {};
  const out: RepublishValues = {
    topic: args.topic ?? '',
    qos: String(args.qos ?? DEFAULT_REPUBLISH.qos),
    retain: String(args.retain ?? DEFAULT_REPUBLISH.retain),
    payload: args.payload ?? '',
    user_properties: args.user_properties ?? '',
    direct_dispatch: args.direct_dispatch === true || args.direct_dispatch === 'true',
  };
  for (const [field, key] of PROPS) if (props[key] !== undefined) out[field] = props[key];
  return out;
}

/** QoS 0–2 and true/false are sent as values, anything else as the template typed. */
export function toRepublishArgs(v: RepublishValues): RepublishArgs {
  const qos = v.qos.trim();
  const retain = v.retain.trim();
  const mqtt_properties: RepublishArgs['mqtt_properties'] = {};
  for (const [field, key] of PROPS) {
    const value = v[field]?.trim();
    if (value) mqtt_properties[key] = value;
  }
  return {
    topic: v.topic.trim(),
    qos: /^[012]$/.test(qos) ? Number(qos) : qos,
    retain: retain === 'true' ? true : retain === 'false' ? false : retain,
    payload: v.payload,
    user_properties: v.user_properties.trim(),
    mqtt_properties,
    direct_dispatch: v.direct_dispatch,
  };
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : fallback);

/** An action as the node shows it (`args` loosely typed) turned into what the form edits and sends back. */
export function fromView(a: RuleActionView): RuleAction {
  if (typeof a === 'string') return a;
  if (a.function === 'console') return { function: 'console' };
  if (a.function !== 'republish') return { function: a.function, args: {} };
  const args = a.args ?? {};
  const props = typeof args.mqtt_properties === 'object' && args.mqtt_properties !== null ? args.mqtt_properties : {};
  const mqtt_properties: RepublishArgs['mqtt_properties'] = {};
  for (const [, key] of PROPS) {
    const v: unknown = Reflect.get(props, key);
    if (v !== undefined && v !== null) mqtt_properties[key] = text(v, '');
  }
  const qos = args.qos;
  const retain = args.retain;
  const dd = args.direct_dispatch;
  return {
    function: 'republish',
    args: {
      topic: text(args.topic, ''),
      qos: typeof qos === 'number' ? qos : text(qos, DEFAULT_REPUBLISH.qos),
      retain: typeof retain === 'boolean' ? retain : text(retain, DEFAULT_REPUBLISH.retain),
      payload: text(args.payload, ''),
      user_properties: text(args.user_properties, ''),
      mqtt_properties,
      direct_dispatch: typeof dd === 'boolean' ? dd : text(dd, 'false'),
    },
  };
}
