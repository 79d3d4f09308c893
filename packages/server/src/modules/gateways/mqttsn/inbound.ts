/** PUBLISH, SUBSCRIBE and UNSUBSCRIBE from a connected MQTT-SN client, into the core's channel. */
import { flags as mkFlags, RC, TOPIC_ID_TYPE, type Flags, type SnMessage } from './codec';
import type { MqttsnConfig } from './config';
import { hasWildcard, type TopicRegistry } from './topics';
import type { GatewayChannel, GatewayLog } from '../protocol';

/** What these handlers need from the connection. */
export interface Inbound {
  cfg(): MqttsnConfig;
  out(m: SnMessage): void;
  channel(): GatewayChannel | undefined;
  topics: TopicRegistry;
  /** QoS 2 message ids published and waiting for PUBREL */
  awaitingRel: Set<number>;
  log: GatewayLog;
  clientId: string;
}

export function netQos(q: number): 0 | 1 | 2 {
  return q === 1 || q === 2 ? q : 0;
}

export async function onPublish(c: Inbound, msg: Extract<SnMessage, { type: 'PUBLISH' }>): Promise<void> {
  const topicId = typeof msg.topic === 'number' ? msg.topic : Buffer.from(msg.topic, 'latin1').readUInt16BE(0);
  const qos = msg.flags.qos;
  if (qos === -1 && !c.cfg().enable_qos3) {
    c.out({ type: 'PUBACK', topicId, msgId: msg.msgId, returnCode: RC.NOT_SUPPORTED });
    return;
  }
  let topic: string | undefined;
  if (msg.flags.topicIdType === TOPIC_ID_TYPE.SHORT) {
    if (typeof msg.topic !== 'string' || hasWildcard(msg.topic)) {
      c.out({ type: 'PUBACK', topicId, msgId: msg.msgId, returnCode: RC.NOT_SUPPORTED });
      return;
    }
    topic = msg.topic;
  } else if (msg.flags.topicIdType === TOPIC_ID_TYPE.RESERVED) {
    c.out({ type: 'PUBACK', topicId, msgId: msg.msgId, returnCode: RC.NOT_SUPPORTED });
    return;
  } else topic = c.topics.topicById(topicId);
  if (topic === undefined) {
    c.out({ type: 'PUBACK', topicId, msgId: msg.msgId, returnCode: RC.INVALID_TOPIC_ID });
    return;
  }
  if (qos === 2 && c.awaitingRel.has(msg.msgId)) {
    // A resent QoS 2 PUBLISH whose PUBREL has not come yet: published once already.
    c.out({ type: 'PUBREC', msgId: msg.msgId });
    return;
  }
  const ch = c.channel();
  if (!ch) return;
  let verdict: 'ok' | 'denied';
  try {
    verdict = await ch.publish(topic, msg.payload, { qos: netQos(qos), retain: msg.flags.retain });
  } catch (err) {
    c.log.info({ err, clientid: c.clientId, topic }, 'mqttsn: publish failed');
    verdict = 'denied';
  }
  if (verdict === 'denied') {
    if (qos === 1 || qos === 2) c.out({ type: 'PUBACK', topicId, msgId: msg.msgId, returnCode: RC.NOT_AUTHORIZED });
    return;
  }
  if (qos === 1) c.out({ type: 'PUBACK', topicId, msgId: msg.msgId, returnCode: RC.ACCEPTED });
  else if (qos === 2) {
    c.awaitingRel.add(msg.msgId);
    c.out({ type: 'PUBREC', msgId: msg.msgId });
  }
}

export async function onSubscribe(c: Inbound, msg: { flags: Flags; msgId: number; topic: number | string }): Promise<void> {
  const refused = (rc: number) => c.out({ type: 'SUBACK', flags: mkFlags(), topicId: 0, msgId: msg.msgId, returnCode: rc });
  let filter: string;
  let topicId = 0;
  const t = msg.flags.topicIdType;
  if (t === TOPIC_ID_TYPE.NORMAL && typeof msg.topic === 'string') {
    filter = msg.topic;
    if (filter === '') return refused(RC.NOT_SUPPORTED);
    if (!hasWildcard(filter)) {
      const id = c.topics.register(filter);
      if (id === undefined) return refused(RC.EXCEED_LIMITATION);
      topicId = id;
    }
  } else if (t === TOPIC_ID_TYPE.PREDEFINED && typeof msg.topic === 'number') {
    const name = c.topics.topicById(msg.topic);
    if (name === undefined) return refused(RC.INVALID_TOPIC_ID);
    filter = name;
    topicId = msg.topic;
  } else if (t === TOPIC_ID_TYPE.SHORT && typeof msg.topic === 'string') {
    filter = msg.topic;
  } else return refused(RC.NOT_SUPPORTED);
  const ch = c.channel();
  if (!ch) return;
  let granted: number;
  try {
    const r = await ch.subscribe(filter, netQos(msg.flags.qos));
    if (r === 'denied') return refused(RC.NOT_AUTHORIZED);
    granted = r;
  } catch (err) {
    c.log.info({ err, clientid: c.clientId, filter }, 'mqttsn: subscribe refused');
    return refused(RC.NOT_SUPPORTED);
  }
  c.out({ type: 'SUBACK', flags: mkFlags({ qos: netQos(granted) }), topicId, msgId: msg.msgId, returnCode: RC.ACCEPTED });
}

export async function onUnsubscribe(c: Inbound, msg: { flags: Flags; msgId: number; topic: number | string }): Promise<void> {
  let filter: string | undefined;
  if (msg.flags.topicIdType === TOPIC_ID_TYPE.PREDEFINED && typeof msg.topic === 'number') filter = c.topics.topicById(msg.topic);
  else if (typeof msg.topic === 'string') filter = msg.topic;
  const ch = c.channel();
  if (filter !== undefined && ch) {
    try {
      await ch.unsubscribe(filter);
    } catch (err) {
      c.log.info({ err, clientid: c.clientId, filter }, 'mqttsn: unsubscribe failed');
    }
  }
  c.out({ type: 'UNSUBACK', msgId: msg.msgId });
}
