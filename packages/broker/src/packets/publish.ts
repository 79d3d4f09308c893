import type { IPublishPacket } from 'mqtt-packet';
import type { Connection } from '../connection/connection';
import type { PublishMessage, PublishProperties, QoS } from '../types';
import { isValidTopicName } from '../topics/validate';
import { newMessageId } from '../ids';
import { C } from '../metrics';
import { writeSuccessAck } from '../connection/short-acks';

const RECEIVED_QOS = [C['messages.qos0.received'], C['messages.qos1.received'], C['messages.qos2.received']];
const STAT_RECV_QOS = ['recv_msg.qos0', 'recv_msg.qos1', 'recv_msg.qos2'] as const;

function ack(conn: Connection, qos: QoS, id: number, reasonCode: number): void {
  if (qos === 0) return;
  if (reasonCode === 0 || conn.protoVer !== 5)
    writeSuccessAck(conn, qos, id); // a v3 ack has no reason code
  else conn.send({ cmd: qos === 1 ? 'puback' : 'pubrec', messageId: id, reasonCode });
}

/** Publish refused: v5 acks QoS 1/2 with the reason, QoS 0 (and v3) cannot be told, so it is dropped. */
function reject(conn: Connection, packet: IPublishPacket, reasonCode: number): void {
  const c = conn.core.counters;
  c.incr('packets.publish.dropped');
  conn.msgStats['recv_msg.dropped']++;
  ack(conn, packet.qos, packet.messageId ?? 0, reasonCode);
}

export function handlePublish(conn: Connection, packet: IPublishPacket): void | Promise<void> {
  const b = conn.core;
  const s = b.settings;
  const c = b.counters;
  c.add(C['packets.publish.received']);
  const qos = packet.qos;
  const st = conn.msgStats;
  st.recv_msg++;
  st[STAT_RECV_QOS[qos]]++;

  // malformed packets and protocol errors (a Subscription Identifier, an empty topic without alias) were refused in validate.ts
  // ---- topic and topic alias [MQTT-3.3.2-7..12]
  let topic = packet.topic;
  const alias = conn.protoVer === 5 ? packet.properties?.topicAlias : undefined;
  if (alias !== undefined) {
    if (alias === 0 || alias > s.maxTopicAlias) {
      c.incr('packets.publish.error');
      conn.close('topic_alias_invalid', 0x94);
      return;
    }
    if (topic === '') {
      const known = conn.inboundAliases.get(alias);
      if (known === undefined) {
        c.incr('packets.publish.error');
        conn.close('protocol_error', 0x82);
        return;
      }
      topic = known;
    } else {
      conn.inboundAliases.set(alias, topic);
    }
  }
  if (!isValidTopicName(topic, s.maxTopicLevels) || topic.startsWith('$share/') || topic.startsWith('$queue/')) {
    c.incr('packets.publish.error');
    if (conn.protoVer === 5 && qos > 0) return reject(conn, packet, 0x90);
    conn.close('topic_name_invalid', 0x90);
    return;
  }
  if (qos > s.maxQosAllowed && conn.protoVer === 5) {
    // [MQTT-3.2.2-11] more than the Maximum QoS announced in CONNACK
    c.incr('packets.publish.error');
    conn.close('qos_not_supported', 0x9b);
    return;
  }
  if (packet.retain && !s.retainAvailable) {
    c.incr('packets.publish.error');
    conn.close('retain_not_supported', 0x9a); // [MQTT-3.2.2-14]
    return;
  }
  const id = packet.messageId ?? 0;
  const session = conn.session!;
  if (qos === 2) {
    if (session.awaitingRel.has(id)) {
      // [MQTT-4.3.3-10] a resent QoS 2 PUBLISH is acknowledged again but not delivered twice
      c.incr('packets.publish.inuse');
      ack(conn, 2, id, 0);
      return;
    }
    if (s.maxAwaitingRel !== null && session.awaitingRel.size >= s.maxAwaitingRel) {
      // [MQTT-3.3.4-8] more unacknowledged QoS 2 than the Receive Maximum we announced: DISCONNECT 0x93
      c.incr('packets.publish.dropped');
      c.incr('messages.dropped');
      conn.close('receive_maximum_exceeded', 0x93);
      return;
    }
  }
  c.add(C['messages.received']);
  c.add(RECEIVED_QOS[qos]);

  const msg: PublishMessage = {
    id: newMessageId(),
    topic: conn.mount(topic),
    payload: typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload,
    // v3 clients cannot be told the maximum QoS: the flow follows their QoS, the message is downgraded
    qos: Math.min(qos, s.maxQosAllowed) as QoS,
    retain: packet.retain,
    fromClientid: conn.clientid,
    fromUsername: conn.username,
    timestamp: Date.now(),
  };
  if (conn.protoVer === 5 && packet.properties) {
    const p = packet.properties;
    const props: PublishProperties = {};
    if (p.payloadFormatIndicator !== undefined) props.payloadFormatIndicator = p.payloadFormatIndicator;
    if (p.messageExpiryInterval !== undefined) props.messageExpiryInterval = p.messageExpiryInterval;
    if (p.contentType !== undefined) props.contentType = p.contentType;
    if (p.responseTopic !== undefined) props.responseTopic = p.responseTopic;
    if (p.correlationData !== undefined) props.correlationData = p.correlationData;
    if (p.userProperties !== undefined) props.userProperties = p.userProperties;
    // subscription identifiers and topic aliases are hop-by-hop: never forwarded [MQTT-3.3.4-6]
    msg.properties = props;
  }

  const authorize = b.hooks.authorize;
  if (authorize) {
    const verdict = b.authorize(conn, 'publish', msg.topic, qos, msg.retain);
    if (verdict instanceof Promise) return verdict.then((ok) => finish(conn, packet, msg, ok));
    return finish(conn, packet, msg, verdict);
  }
  return finish(conn, packet, msg, true);
}

function finish(conn: Connection, packet: IPublishPacket, msg: PublishMessage, allowed: boolean): void | Promise<void> {
  const b = conn.core;
  if (conn.state === 'closed') return;
  if (!allowed) {
    b.counters.incr('packets.publish.auth_error');
    if (b.hooks.denyAction?.() === 'disconnect') {
      conn.close('not_authorized', 0x87);
      return;
    }
    return reject(conn, packet, 0x87);
  }
  const id = packet.messageId ?? 0;
  if (packet.qos === 2) conn.session!.awaitRel(id);
  const routed = b.publishMessage(msg);
  if (routed instanceof Promise) {
    return routed.then((matched) => {
      if (conn.state !== 'closed') ack(conn, packet.qos, id, matched === 0 ? 0x10 : 0);
    });
  }
  ack(conn, packet.qos, id, routed === 0 ? 0x10 : 0); // 0x10 no matching subscribers (v5 only)
}
