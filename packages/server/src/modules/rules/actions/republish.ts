// The `republish` action (EMQX emqx_rule_actions:republish): publishes a message built from the rule's output.
// topic and payload are templates rendered as text (a missing value reads "undefined"; an empty payload template
// means the whole output as JSON); qos, retain and direct_dispatch are a value or one `${placeholder}` whose value
// is used (0 / false when missing); user_properties is `${var}` naming a map of the output, or
// `${pub_props.'User-Property'}` for the input message's own; mqtt_properties are templates per property.
import type { PublishProperties, QoS } from '@mqdeck/broker';
import { DecodeMemo, MISSING, parseTemplate, renderTemplate, renderTemplateBytes, singlePlaceholder, valueAt, type Template } from '../../../shared/template';
import { isObject } from '../../../config/tree';

export type RepublishArgs = {
  topic: string;
  qos: number | string;
  retain: boolean | string;
  payload: string;
  mqtt_properties: Record<string, string>;
  user_properties: string;
  direct_dispatch: boolean | string;
};

const MQTT_PROPERTIES = ['Payload-Format-Indicator', 'Message-Expiry-Interval', 'Content-Type', 'Response-Topic', 'Correlation-Data'] as const;
type MqttProperty = (typeof MQTT_PROPERTIES)[number];
const isMqttProperty = (k: string): k is MqttProperty => (MQTT_PROPERTIES as readonly string[]).includes(k);
const ORIGINAL_USER_PROPERTIES = new Set(["${pub_props.'User-Property'}", "${.pub_props.'User-Property'}"]);

/** A value that is either given as it is or read from the output through one placeholder. */
type Simple = { value: unknown } | { path: string[] };

export interface PreparedRepublish {
  args: RepublishArgs;
  topic: Template;
  payload: Template;
  qos: Simple;
  retain: Simple;
  directDispatch: Simple;
  userProperties: 'original' | { path: string[] } | undefined;
  mqttProperties: [MqttProperty, Template][];
}

/** EMQX's defaults applied and the field types checked; a problem is thrown as text (400 Bad Arguments). */
export function checkRepublishArgs(raw: unknown): RepublishArgs {
  const a = raw === undefined ? {} : raw;
  if (!isObject(a)) throw new Error('republish args: expected an object');
  const known = ['topic', 'qos', 'retain', 'payload', 'mqtt_properties', 'user_properties', 'direct_dispatch'];
  const extra = Object.keys(a).filter((k) => !known.includes(k));
  if (extra.length) throw new Error(`republish args: unknown field ${extra.join(', ')}`);
  if (typeof a.topic !== 'string') throw new Error('republish args: topic is required (a string)');
  const qos = a.qos ?? '${qos}';
  if (!(typeof qos === 'string' || (typeof qos === 'number' && Number.isInteger(qos) && qos >= 0 && qos <= 2)))
    throw new Error('republish args: qos must be 0, 1, 2 or a template');
  const retain = a.retain ?? '${retain}';
  if (typeof retain !== 'string' && typeof retain !== 'boolean') throw new Error('republish args: retain must be a boolean or a template');
  const payload = a.payload ?? '${payload}';
  if (typeof payload !== 'string') throw new Error('republish args: payload must be a string');
  const userProperties = a.user_properties ?? '${user_properties}';
  if (typeof userProperties !== 'string') throw new Error('republish args: user_properties must be a string');
  const direct = a.direct_dispatch ?? false;
  if (typeof direct !== 'string' && typeof direct !== 'boolean') throw new Error('republish args: direct_dispatch must be a boolean or a template');
  const props = a.mqtt_properties ?? {};
  if (!isObject(props)) throw new Error('republish args: mqtt_properties must be an object');
  const mqttProperties: Record<string, string> = {};
  for (const [k, v] of Object.entries(props)) {
    if (!isMqttProperty(k)) throw new Error(`republish args: mqtt_properties: unknown property ${k}`);
    if (typeof v !== 'string') throw new Error(`republish args: mqtt_properties.${k} must be a string`);
    mqttProperties[k] = v;
  }
  return { topic: a.topic, qos, retain, payload, mqtt_properties: mqttProperties, user_properties: userProperties, direct_dispatch: direct };
}

function simple(v: unknown): Simple {
  if (typeof v !== 'string') return { value: v };
  const ph = singlePlaceholder(parseTemplate(v));
  return ph ? { path: ph.path } : { value: v };
}

export function prepareRepublish(args: RepublishArgs): PreparedRepublish {
  const up = args.user_properties;
  let userProperties: PreparedRepublish['userProperties'];
  if (ORIGINAL_USER_PROPERTIES.has(up)) userProperties = 'original';
  else if (up.startsWith('${')) {
    const ph = singlePlaceholder(parseTemplate(up));
    userProperties = ph ? { path: ph.path } : undefined;
  }
  return {
    args,
    topic: parseTemplate(args.topic),
    payload: parseTemplate(args.payload === '' ? '${.}' : args.payload),
    qos: simple(args.qos),
    retain: simple(args.retain),
    directDispatch: simple(args.direct_dispatch),
    userProperties,
    mqttProperties: Object.entries(args.mqtt_properties)
      .filter((e): e is [MqttProperty, string] => isMqttProperty(e[0]))
      .map(([k, v]) => [k, parseTemplate(v)]),
  };
}

function read(s: Simple, selected: unknown, dflt: unknown, memo: DecodeMemo): unknown {
  if ('value' in s) return s.value;
  const v = valueAt(s.path, selected, memo);
  return v === MISSING ? dflt : v;
}

function toQos(v: unknown): QoS {
  const n = typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v;
  if (n === 0 || n === 1 || n === 2) return n;
  throw new Error(`invalid QoS ${JSON.stringify(v)}`);
}

function toBool(v: unknown): boolean {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw new Error(`invalid boolean ${JSON.stringify(v)}`);
}

function stringMap(v: unknown): Record<string, string> {
  if (!isObject(v)) return {};
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) out[k] = typeof x === 'string' ? x : String(x);
  return out;
}

export interface RepublishMessage {
  topic: string;
  payload: Buffer;
  qos: QoS;
  retain: boolean;
  properties?: PublishProperties;
  directDispatch: boolean;
}

/** The message to publish; throws when the output cannot make one (a bad QoS, …): the action fails. */
export function renderRepublish(p: PreparedRepublish, selected: Record<string, unknown>, envs: Record<string, unknown>): RepublishMessage {
  // the topic, payload, QoS … often read fields of the same JSON payload: it is decoded once for all of them
  const memo = new DecodeMemo();
  const topic = renderTemplate(p.topic, selected, undefined, memo);
  const payload = renderTemplateBytes(p.payload, selected, memo);
  const qos = toQos(read(p.qos, selected, 0, memo));
  const retain = toBool(read(p.retain, selected, false, memo));
  const directDispatch = toBool(read(p.directDispatch, selected, false, memo));
  let props: PublishProperties | undefined;
  if (p.userProperties) {
    let user: Record<string, string> = {};
    if (p.userProperties === 'original') {
      const pubProps = envs.pub_props;
      user = stringMap(isObject(pubProps) ? pubProps['User-Property'] : undefined);
    } else {
      const v = valueAt(p.userProperties.path, selected, memo);
      user = v === MISSING ? {} : stringMap(v);
    }
    if (Object.keys(user).length) props = { userProperties: user };
  }
  // a property whose value does not fit (a non-integer expiry …) is left out, as EMQX does
  for (const [k, t] of p.mqttProperties) {
    const text = renderTemplate(t, selected, undefined, memo);
    props ??= {};
    if (k === 'Payload-Format-Indicator' || k === 'Message-Expiry-Interval') {
      if (!/^-?\d+$/.test(text)) continue;
      if (k === 'Payload-Format-Indicator') props.payloadFormatIndicator = Number(text) === 1;
      else props.messageExpiryInterval = Number(text);
    } else if (k === 'Content-Type') props.contentType = text;
    else if (k === 'Response-Topic') props.responseTopic = text;
    else props.correlationData = Buffer.from(text, 'utf8');
  }
  return { topic, payload, qos, retain, directDispatch, ...(props && Object.keys(props).length ? { properties: props } : {}) };
}
