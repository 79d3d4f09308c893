// One outgoing PUBLISH for one client: mountpoint removed, remaining message expiry, subscription identifiers and
// outbound topic aliases applied, then queued on the connection's write batch. Without anything per-client in it
// the encoding is shared by every subscriber of the message (encode-cache.ts).
import mqttPacket, { type IPublishPacket } from 'mqtt-packet';
import type { Connection } from './connection';
import type { Session } from '../session/session';
import type { Pending } from '../session/mqueue';
import { expiresAt } from '../session/session';
import { cachedPublish, storePublish } from './encode-cache';
import { writeRaw } from './write-batch';
import { encodePlainPublish } from './publish-encode';
import { C } from '../metrics';

const SENT_QOS = [C['messages.qos0.sent'], C['messages.qos1.sent'], C['messages.qos2.sent']];
const STAT_SEND_QOS = ['send_msg.qos0', 'send_msg.qos1', 'send_msg.qos2'] as const;

/**
 * Encode and write one PUBLISH. Returns false when it was dropped (larger than the client's Maximum Packet Size).
 * Applies the mountpoint, remaining message expiry, subscription ids and outbound topic aliases.
 */
export function sendPublish(conn: Connection, p: Pending, packetId: number, dup: boolean, session: Session): boolean {
  const b = conn.core;
  const msg = p.msg;
  const topic = conn.unmount(msg.topic);
  // the shared-encoding fast path: nothing per-client in the packet (no alias, subscription id, expiry countdown)
  const cacheable = !dup && (conn.protoVer !== 5 || (conn.clientTopicAliasMax === 0 && !p.subids && msg.properties?.messageExpiryInterval === undefined));
  if (cacheable) {
    const hit = cachedPublish(msg, conn.protoVer, p.qos, p.retain, topic);
    if (hit) {
      if (hit.length > conn.clientMaxPacketSize) {
        b.onDeliveryDropped(session, msg, 'too_large');
        return false;
      }
      written(conn, hit, p, session, dup, p.qos > 0 ? packetId : 0);
      return true;
    }
  }
  const packet: IPublishPacket = {
    cmd: 'publish',
    topic,
    payload: msg.payload,
    qos: p.qos,
    retain: p.retain,
    dup,
    messageId: p.qos > 0 ? packetId : undefined,
  };
  if (conn.protoVer === 5) {
    const props: NonNullable<IPublishPacket['properties']> = {};
    const src = msg.properties;
    if (src) {
      if (src.payloadFormatIndicator !== undefined) props.payloadFormatIndicator = src.payloadFormatIndicator;
      if (src.contentType !== undefined) props.contentType = src.contentType;
      if (src.responseTopic !== undefined) props.responseTopic = src.responseTopic;
      if (src.correlationData !== undefined) props.correlationData = src.correlationData;
      if (src.userProperties !== undefined) props.userProperties = src.userProperties;
      if (src.messageExpiryInterval !== undefined) {
        // [MQTT-3.3.2-6] the interval sent is what remains
        const exp = expiresAt(msg, null)!;
        props.messageExpiryInterval = Math.max(1, Math.ceil((exp - Date.now()) / 1000));
      }
    }
    if (p.subids && p.subids.length > 0) props.subscriptionIdentifier = p.subids.length === 1 ? p.subids[0] : p.subids;
    if (conn.clientTopicAliasMax > 0) {
      const alias = conn.outboundAliases.get(topic);
      if (alias !== undefined) {
        props.topicAlias = alias;
        packet.topic = '';
      } else if (conn.outboundAliases.size < conn.clientTopicAliasMax) {
        const next = conn.outboundAliases.size + 1;
        conn.outboundAliases.set(topic, next);
        props.topicAlias = next;
      }
    }
    if (Object.keys(props).length > 0) packet.properties = props;
  }
  let buf = packet.properties ? undefined : encodePlainPublish(conn.protoVer, packet.topic, msg.payload, p.qos, p.retain, dup, p.qos > 0 ? packetId : 0);
  if (!buf) {
    try {
      buf = mqttPacket.generate(packet, { protocolVersion: conn.protoVer });
    } catch (err) {
      b.emitError(err);
      return false;
    }
  }
  if (buf.length > conn.clientMaxPacketSize) {
    // [MQTT-3.1.2-25] never send a packet larger than the client accepts: drop it
    if (packet.properties?.topicAlias !== undefined && packet.topic !== '') conn.outboundAliases.delete(topic);
    b.onDeliveryDropped(session, msg, 'too_large');
    return false;
  }
  if (cacheable) storePublish(msg, conn.protoVer, p.qos, p.retain, topic, buf);
  written(conn, buf, p, session, dup, 0);
  return true;
}

function written(conn: Connection, buf: Buffer, p: Pending, session: Session, dup: boolean, packetId: number): void {
  const b = conn.core;
  const msg = p.msg;
  writeRaw(conn, buf, 'publish', packetId);
  const st = conn.msgStats;
  st.send_msg++;
  st[STAT_SEND_QOS[p.qos]]++;
  b.counters.add(C['messages.sent']);
  b.counters.add(SENT_QOS[p.qos]);
  if (!dup) b.onDelivered(session, msg, p.qos);
}
