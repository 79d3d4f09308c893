// The `mqtt` source (EMQX emqx_bridge_mqtt_ingress): subscribes on the remote broker and hands every message whose
// topic matches to the layer, with the columns EMQX gives `$bridges/mqtt:<name>` rules (import_msg). A shared
// filter (`$share/<group>/…`) is subscribed by every pool worker so the load is spread; any other filter by the
// first worker only, as EMQX does. QoS 2 is asked as QoS 1 (EMQX downgrades it). `no_local` is the MQTT 5
// subscription option that keeps our own egress messages from coming back (loop prevention).
import { randomBytes } from 'node:crypto';
import type { IPublishPacket } from 'mqtt';
import type { PublishProperties } from '@mqdeck/broker';
import { ApiError } from '../../../../errors';
import { parseShared, topicMatches } from '../../../../shared/topic';
import { payloadValue, printableProps } from '../../../rules/events/columns';
import type { SourceMessage } from '../../resource/types';

export interface IngressParams {
  /** the filter subscribed on the remote broker, `$share/…` included */
  topic: string;
  /** the filter incoming topics are matched against (the share prefix removed) */
  match: string;
  qos: 0 | 1;
  noLocal: boolean;
  /** the QoS asked for was 2 */
  downgraded: boolean;
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

export function readIngressParams(p: Record<string, unknown>): IngressParams {
  if (typeof p.topic !== 'string' || p.topic.trim() === '') throw bad('The remote topic is required.');
  const shared = parseShared(p.topic);
  if (!shared) throw bad(`The remote topic "${p.topic}" is not a valid topic filter.`);
  const qos = p.qos ?? 1;
  if (qos !== 0 && qos !== 1 && qos !== 2) throw bad('The QoS must be 0, 1 or 2.');
  return { topic: p.topic, match: shared.topic, qos: qos === 2 ? 1 : qos, noLocal: p.no_local === true, downgraded: qos === 2 };
}

/** EMQX's emqx_guid:to_hexstr: 32 upper-case hex digits */
const messageId = (): string => randomBytes(16).toString('hex').toUpperCase();

/** MQTT.js's properties of a PUBLISH → the broker's shape that printableProps reads */
function brokerProps(p: IPublishPacket['properties']): PublishProperties | undefined {
  if (!p) return undefined;
  return {
    ...(p.payloadFormatIndicator !== undefined ? { payloadFormatIndicator: p.payloadFormatIndicator } : {}),
    ...(p.messageExpiryInterval !== undefined ? { messageExpiryInterval: p.messageExpiryInterval } : {}),
    ...(p.contentType !== undefined ? { contentType: p.contentType } : {}),
    ...(p.responseTopic !== undefined ? { responseTopic: p.responseTopic } : {}),
    ...(p.correlationData !== undefined ? { correlationData: p.correlationData } : {}),
    ...(p.userProperties !== undefined ? { userProperties: p.userProperties } : {}),
  };
}

/** `pub_props` as EMQX prints them: {} without properties, User-Property (map and pairs) only when sent */
function pubProps(p: IPublishPacket['properties']): Record<string, unknown> {
  const props = brokerProps(p);
  if (!props) return {};
  const out = printableProps(props);
  if (!props.userProperties) delete out['User-Property'];
  return out;
}

export const matches = (params: IngressParams, topic: string): boolean => topicMatches(params.match, topic);

/** the columns of one received message (EMQX import_msg) */
export function ingressMessage(server: string, topic: string, payload: Buffer, packet: IPublishPacket): SourceMessage {
  return {
    id: messageId(),
    server,
    payload: payloadValue(payload),
    topic,
    qos: packet.qos,
    dup: packet.dup === true,
    retain: packet.retain === true,
    pub_props: pubProps(packet.properties),
    message_received_at: Date.now(),
  };
}
