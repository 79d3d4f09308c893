// The `mqtt` action (EMQX emqx_bridge_mqtt_egress + emqx_bridge_mqtt_msg): each rule output becomes one message
// published on the remote broker. topic and payload are templates in which a missing value reads as empty text
// (emqx_placeholder with undefined_as_empty, unlike republish's "undefined"); without a payload template the whole
// output goes as JSON; qos and retain are a value or one `${placeholder}` (0 / false when missing). MQTT 5
// properties are the output's `pub_props` (User-Property as a map), as EMQX forwards them.
import type { IClientPublishOptions } from 'mqtt';
import { ApiError } from '../../../../errors';
import { DecodeMemo, MISSING, parseTemplate, singlePlaceholder, toJson, toText, valueAt, type Template } from '../../../../shared/template';
import { isObject } from '../../../../config/tree';
import type { OutgoingMessage } from './pool';

/** a parameter given as it is, or read from the output through one placeholder */
type Simple = { value: unknown } | { path: string[] };

export interface EgressParams {
  topic: Template;
  /** undefined: the whole output as JSON */
  payload?: Template;
  qos: Simple;
  retain: Simple;
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

function simple(v: unknown): Simple {
  if (typeof v !== 'string') return { value: v };
  const ph = singlePlaceholder(parseTemplate(v));
  return ph ? { path: ph.path } : { value: v };
}

/** the action's parameters checked and its templates compiled once */
export function readEgressParams(p: Record<string, unknown>): EgressParams {
  if (typeof p.topic !== 'string' || p.topic.trim() === '') throw bad('The remote topic is required.');
  const qos = p.qos ?? 1;
  const qosOk = qos === 0 || qos === 1 || qos === 2 || (typeof qos === 'string' && (/^[012]$/.test(qos) || singlePlaceholder(parseTemplate(qos)) !== undefined));
  if (!qosOk) throw bad('The QoS must be 0, 1, 2 or one ${placeholder}, such as ${qos}.');
  const retain = p.retain ?? false;
  const retainOk = typeof retain === 'boolean' || (typeof retain === 'string' && (/^(true|false)$/.test(retain) || singlePlaceholder(parseTemplate(retain)) !== undefined));
  if (!retainOk) throw bad('Retain must be true, false or one ${placeholder}, such as ${flags.retain}.');
  if (p.payload != null && typeof p.payload !== 'string') throw bad('The payload template must be text.');
  return {
    topic: parseTemplate(p.topic),
    ...(typeof p.payload === 'string' ? { payload: parseTemplate(p.payload) } : {}),
    qos: simple(qos),
    retain: simple(retain),
  };
}

/** a template's text, a missing value as '' and a binary value copied byte for byte */
function renderBytes(t: Template, bindings: unknown, memo: DecodeMemo): Buffer {
  const chunks: Buffer[] = [];
  let text = '';
  for (const part of t) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    const v = valueAt(part.path, bindings, memo);
    if (Buffer.isBuffer(v)) {
      chunks.push(Buffer.from(text, 'utf8'), v);
      text = '';
    } else if (v !== MISSING && v !== undefined) text += toText(v);
  }
  chunks.push(Buffer.from(text, 'utf8'));
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

function read(s: Simple, selected: unknown, dflt: unknown, memo: DecodeMemo): unknown {
  if ('value' in s) return s.value;
  const v = valueAt(s.path, selected, memo);
  return v === MISSING || v === undefined || v === null ? dflt : v;
}

function toQos(v: unknown): 0 | 1 | 2 {
  const n = typeof v === 'string' && /^[012]$/.test(v) ? Number(v) : v;
  if (n === 0 || n === 1 || n === 2) return n;
  throw new Error(`The QoS ${JSON.stringify(v)} is not 0, 1 or 2.`);
}

function toRetain(v: unknown): boolean {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw new Error(`The retain flag ${JSON.stringify(v)} is not true or false.`);
}

const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('utf8') : toText(v));

/** EMQX's printable pub_props → the PUBLISH properties (emqx_utils:pub_props_to_packet) */
export function publishProperties(pubProps: unknown): IClientPublishOptions['properties'] | undefined {
  if (!isObject(pubProps)) return undefined;
  const out: NonNullable<IClientPublishOptions['properties']> = {};
  const p = pubProps;
  if (p['Payload-Format-Indicator'] !== undefined) out.payloadFormatIndicator = Number(p['Payload-Format-Indicator']) === 1;
  if (typeof p['Message-Expiry-Interval'] === 'number') out.messageExpiryInterval = p['Message-Expiry-Interval'];
  if (p['Content-Type'] !== undefined) out.contentType = text(p['Content-Type']);
  if (p['Response-Topic'] !== undefined) out.responseTopic = text(p['Response-Topic']);
  if (p['Correlation-Data'] !== undefined) {
    const cd = p['Correlation-Data'];
    out.correlationData = Buffer.isBuffer(cd) ? cd : Buffer.from(text(cd), 'utf8');
  }
  const user = p['User-Property'];
  if (isObject(user) && Object.keys(user).length > 0) {
    out.userProperties = Object.fromEntries(Object.entries(user).map(([k, v]) => [k, text(v)]));
  }
  return Object.keys(out).length ? out : undefined;
}

/** one rule output → the message to publish; a bad topic, QoS or retain fails the message at once */
export function renderEgress(p: EgressParams, selected: Record<string, unknown>, v5: boolean): OutgoingMessage {
  const memo = new DecodeMemo();
  const topic = renderBytes(p.topic, selected, memo).toString('utf8');
  if (topic === '') throw new Error('The remote topic template rendered an empty topic.');
  if (/[+#]/.test(topic)) throw new Error(`The remote topic "${topic}" contains a wildcard (+ or #).`);
  const payload = p.payload ? renderBytes(p.payload, selected, memo) : Buffer.from(toJson(selected), 'utf8');
  const properties = v5 ? publishProperties(selected.pub_props) : undefined;
  return {
    topic,
    payload,
    qos: toQos(read(p.qos, selected, 0, memo)),
    retain: toRetain(read(p.retain, selected, false, memo)),
    ...(properties ? { properties } : {}),
  };
}
