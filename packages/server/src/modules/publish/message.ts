// One /publish body → a broker message, or the EMQX reason-code error that refuses it.
// ⚠ These errors are `{reason_code, message}`, not `{code, message}` (EMQX quirk).
import type { PublishErrorBody, ReplyOf } from '@mqdeck/api';
import type { Broker, PublishMessage, PublishProperties, QoS } from '@mqdeck/broker';
import { isObject } from '../../config/tree';
import { isValidTopicName } from '../../shared/topic';

export interface PublishError {
  status: 400;
  body: PublishErrorBody;
}

/** What one dispatch answers (API.md §3.7): 200 {id}, or 202 / 503 with a reason code. */
export type DispatchResult = { status: 200; body: ReplyOf<'/publish', 'post', 200> } | { status: 202 | 503; body: PublishErrorBody };

export type OutgoingMessage = Omit<PublishMessage, 'id' | 'timestamp'>;

const RC_NO_MATCHING_SUBSCRIBERS = 16;
const RC_UNSPECIFIED_ERROR = 131;
const RC_TOPIC_NAME_INVALID = 144;
const RC_PACKET_TOO_LARGE = 151;

const error = (status: 400, reason_code: number, message: string): PublishError => ({ status, body: { reason_code, message } });
const invalid = (message: string) => error(400, RC_UNSPECIFIED_ERROR, message);

const isQoS = (v: unknown): v is QoS => v === 0 || v === 1 || v === 2;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function properties(raw: unknown): PublishProperties | PublishError | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) return invalid('properties: expected an object');
  const p = raw;
  const out: PublishProperties = {};
  if (p.payload_format_indicator !== undefined) {
    if (p.payload_format_indicator !== 0 && p.payload_format_indicator !== 1) return invalid('properties.payload_format_indicator: expected 0 or 1');
    out.payloadFormatIndicator = p.payload_format_indicator === 1;
  }
  if (p.message_expiry_interval !== undefined) {
    const v = p.message_expiry_interval;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) return invalid('properties.message_expiry_interval: expected seconds, an integer >= 0');
    out.messageExpiryInterval = v;
  }
  if (p.response_topic !== undefined) {
    if (typeof p.response_topic !== 'string' || !isValidTopicName(p.response_topic)) return invalid('properties.response_topic: expected a topic name without wildcards');
    out.responseTopic = p.response_topic;
  }
  if (p.correlation_data !== undefined) {
    if (typeof p.correlation_data !== 'string') return invalid('properties.correlation_data: expected a string');
    out.correlationData = Buffer.from(p.correlation_data);
  }
  if (p.content_type !== undefined) {
    if (typeof p.content_type !== 'string') return invalid('properties.content_type: expected a string');
    out.contentType = p.content_type;
  }
  if (p.user_properties !== undefined) {
    const up = p.user_properties;
    if (!isObject(up)) return invalid('properties.user_properties: expected an object of strings');
    const userProperties: Record<string, string> = {};
    for (const [key, value] of Object.entries(up)) {
      if (typeof value !== 'string') return invalid('properties.user_properties: every value must be a string');
      userProperties[key] = value;
    }
    out.userProperties = userProperties;
  }
  return out;
}

export function toMessage(body: unknown, maxPacketSize: number): OutgoingMessage | PublishError {
  if (!isObject(body)) return invalid('body: expected a message object');
  const b = body;
  if (typeof b.topic !== 'string' || !isValidTopicName(b.topic)) return error(400, RC_TOPIC_NAME_INVALID, 'topic_name_invalid');
  if (typeof b.payload !== 'string') return invalid('payload: required, a string');
  const encoding = b.payload_encoding ?? 'plain';
  if (encoding !== 'plain' && encoding !== 'base64') return invalid(`payload_encoding: expected plain or base64, got ${JSON.stringify(encoding)}`);
  if (encoding === 'base64' && !BASE64.test(b.payload)) return invalid('payload: invalid base64 text');
  const payload = Buffer.from(b.payload, encoding === 'base64' ? 'base64' : 'utf8');
  const qos = b.qos ?? 0;
  if (!isQoS(qos)) return invalid(`qos: expected 0, 1 or 2, got ${JSON.stringify(qos)}`);
  if (b.retain !== undefined && typeof b.retain !== 'boolean') return invalid('retain: expected true or false');
  const props = properties(b.properties);
  if (props && 'status' in props) return props;
  // EMQX estimates the size from topic and payload only.
  if (Buffer.byteLength(b.topic) + payload.length > maxPacketSize) return error(400, RC_PACKET_TOO_LARGE, 'packet_too_large');
  return {
    topic: b.topic,
    payload,
    qos,
    retain: b.retain === true,
    fromClientid: null,
    fromUsername: null,
    ...(props ? { properties: props } : {}),
  };
}

export function isPublishError(x: OutgoingMessage | PublishError): x is PublishError {
  return 'status' in x;
}

/** Publish one validated message: 200 {id}, 202 no_matching_subscribers or 503 failed_to_dispatch. */
export async function dispatch(broker: Broker, msg: OutgoingMessage): Promise<DispatchResult> {
  try {
    const { id, matched } = await broker.publish(msg);
    if (matched === 0) return { status: 202, body: { reason_code: RC_NO_MATCHING_SUBSCRIBERS, message: 'no_matching_subscribers' } };
    return { status: 200, body: { id: id.toUpperCase() } };
  } catch {
    return { status: 503, body: { reason_code: RC_UNSPECIFIED_ERROR, message: 'failed_to_dispatch' } };
  }
}
