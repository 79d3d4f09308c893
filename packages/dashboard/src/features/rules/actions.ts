// A rule's actions as the form edits them: console, republish (EMQX's republish_args), or a reference to a
// data-integration action ("<type>:<name>", kept as it is).
import type { RepublishAction, RepublishArgs, RuleAction } from './rules.types';

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
