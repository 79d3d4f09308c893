// Turns MQTT.js publish properties into the plain, display-ready shape kept in the message log.
import type { IPublishPacket } from 'mqtt';
import { decodeText } from '../model/payload';
import type { MessageProperties } from './types';

export function toLoggedProperties(p: IPublishPacket['properties']): MessageProperties | undefined {
  if (!p) return undefined;
  const out: MessageProperties = {};
  if (p.contentType) out.contentType = p.contentType;
  if (p.responseTopic) out.responseTopic = p.responseTopic;
  if (p.correlationData) out.correlationData = decodeText(p.correlationData);
  if (p.messageExpiryInterval !== undefined) out.messageExpiryInterval = p.messageExpiryInterval;
  if (p.payloadFormatIndicator !== undefined) out.payloadFormatIndicator = p.payloadFormatIndicator;
  if (p.userProperties) {
    out.userProperties = Object.entries(p.userProperties).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => ({ key, value: String(v) })));
  }
  return Object.keys(out).length ? out : undefined;
}
