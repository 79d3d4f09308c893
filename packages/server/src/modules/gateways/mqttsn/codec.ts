/**
 * MQTT-SN 1.2 message codec (MQTT-SN Protocol Specification Version 1.2, §5).
 *
 * A message is Length (1 octet, or 0x01 followed by 2 octets when the message is longer than 255 octets; the length
 * counts the whole message, length field included), MsgType (1 octet) and a type-specific variable part. One UDP
 * datagram carries exactly one message. The Encapsulated message of forwarders (0xFE) is not supported.
 */

export const MSG = {
  ADVERTISE: 0x00,
  SEARCHGW: 0x01,
  GWINFO: 0x02,
  CONNECT: 0x04,
  CONNACK: 0x05,
  WILLTOPICREQ: 0x06,
  WILLTOPIC: 0x07,
  WILLMSGREQ: 0x08,
  WILLMSG: 0x09,
  REGISTER: 0x0a,
  REGACK: 0x0b,
  PUBLISH: 0x0c,
  PUBACK: 0x0d,
  PUBCOMP: 0x0e,
  PUBREC: 0x0f,
  PUBREL: 0x10,
  SUBSCRIBE: 0x12,
  SUBACK: 0x13,
  UNSUBSCRIBE: 0x14,
  UNSUBACK: 0x15,
  PINGREQ: 0x16,
  PINGRESP: 0x17,
  DISCONNECT: 0x18,
  WILLTOPICUPD: 0x1a,
  WILLTOPICRESP: 0x1b,
  WILLMSGUPD: 0x1c,
  WILLMSGRESP: 0x1d,
} as const;

export type MsgTypeName = keyof typeof MSG;

/** Return codes (§5.3.10), and the gateway-specific ones EMQX adds from 0x80. */
export const RC = {
  ACCEPTED: 0x00,
  CONGESTION: 0x01,
  INVALID_TOPIC_ID: 0x02,
  NOT_SUPPORTED: 0x03,
  NOT_AUTHORIZED: 0x80,
  FAILED_SESSION: 0x81,
  KEEPALIVE_TIMEOUT: 0x82,
  EXCEED_LIMITATION: 0x83,
  REACHED_MAX_RETRY: 0x84,
} as const;

/** TopicIdType (flags bits 1-0, §5.3.4). */
export const TOPIC_ID_TYPE = { NORMAL: 0, PREDEFINED: 1, SHORT: 2, RESERVED: 3 } as const;
export type TopicIdType = 0 | 1 | 2 | 3;

/** QoS as MQTT-SN carries it: -1 is encoded as 0b11. */
export type SnQos = -1 | 0 | 1 | 2;

export interface Flags {
  dup: boolean;
  qos: SnQos;
  retain: boolean;
  will: boolean;
  cleanSession: boolean;
  topicIdType: TopicIdType;
}

export function flags(partial: Partial<Flags> = {}): Flags {
  return { dup: false, qos: 0, retain: false, will: false, cleanSession: false, topicIdType: 0, ...partial };
}

/** Topic of PUBLISH, SUBSCRIBE and UNSUBSCRIBE: an id (normal or predefined), a two-character short name, or a full name. */
export type SnMessage =
  | { type: 'ADVERTISE'; gwId: number; duration: number }
  | { type: 'SEARCHGW'; radius: number }
  | { type: 'GWINFO'; gwId: number; gwAdd: Buffer }
  | { type: 'CONNECT'; flags: Flags; protocolId: number; duration: number; clientId: string }
  | { type: 'CONNACK'; returnCode: number }
  | { type: 'WILLTOPICREQ' }
  /** An empty WILLTOPIC (no flags, no topic) tells the gateway there is no will. */
  | { type: 'WILLTOPIC'; flags?: Flags; topic?: string }
  | { type: 'WILLMSGREQ' }
  | { type: 'WILLMSG'; payload: Buffer }
  | { type: 'REGISTER'; topicId: number; msgId: number; topicName: string }
  | { type: 'REGACK'; topicId: number; msgId: number; returnCode: number }
  /** topic: a number for normal/predefined/reserved ids, a 2-octet string for short topic names. */
  | { type: 'PUBLISH'; flags: Flags; topic: number | string; msgId: number; payload: Buffer }
  | { type: 'PUBACK'; topicId: number; msgId: number; returnCode: number }
  | { type: 'PUBREC' | 'PUBREL' | 'PUBCOMP'; msgId: number }
  /** topic: a name for normal, a number for predefined, a 2-octet string for short. */
  | { type: 'SUBSCRIBE' | 'UNSUBSCRIBE'; flags: Flags; msgId: number; topic: number | string }
  | { type: 'SUBACK'; flags: Flags; topicId: number; msgId: number; returnCode: number }
  | { type: 'UNSUBACK'; msgId: number }
  | { type: 'PINGREQ'; clientId?: string }
  | { type: 'PINGRESP' }
  | { type: 'DISCONNECT'; duration?: number }
  /** An empty WILLTOPICUPD deletes the will. */
  | { type: 'WILLTOPICUPD'; flags?: Flags; topic?: string }
  | { type: 'WILLTOPICRESP'; returnCode: number }
  | { type: 'WILLMSGUPD'; payload: Buffer }
  | { type: 'WILLMSGRESP'; returnCode: number };

export class SnDecodeError extends Error {}

const TYPE_BY_CODE = new Map<number, MsgTypeName>(Object.entries(MSG).map(([k, v]) => [v, k as MsgTypeName]));

export function typeName(code: number): MsgTypeName | undefined {
  return TYPE_BY_CODE.get(code);
}

// ---- flags ----------------------------------------------------------------------------------------------------------

export function encodeFlags(f: Flags): number {
  const qos = f.qos === -1 ? 3 : f.qos;
  return (f.dup ? 0x80 : 0) | (qos << 5) | (f.retain ? 0x10 : 0) | (f.will ? 0x08 : 0) | (f.cleanSession ? 0x04 : 0) | (f.topicIdType & 0x03);
}

export function decodeFlags(b: number): Flags {
  const q = (b >> 5) & 0x03;
  return {
    dup: (b & 0x80) !== 0,
    qos: q === 3 ? -1 : (q as SnQos),
    retain: (b & 0x10) !== 0,
    will: (b & 0x08) !== 0,
    cleanSession: (b & 0x04) !== 0,
    topicIdType: (b & 0x03) as TopicIdType,
  };
}

// ---- decode ---------------------------------------------------------------------------------------------------------

function need(body: Buffer, n: number, what: string): void {
  if (body.length < n) throw new SnDecodeError(`${what}: ${body.length} octets, at least ${n} needed`);
}

function exactly(body: Buffer, n: number, what: string): void {
  if (body.length !== n) throw new SnDecodeError(`${what}: ${body.length} octets, ${n} expected`);
}

function shortName(buf: Buffer): string {
  return buf.toString('latin1');
}

/** Decode one datagram. Throws SnDecodeError when the length field disagrees with the datagram or the body is malformed. */
export function decode(datagram: Buffer): SnMessage {
  let len: number;
  let header: number;
  if (datagram.length < 2) throw new SnDecodeError('datagram shorter than a message header');
  if (datagram[0] === 0x01) {
    if (datagram.length < 4) throw new SnDecodeError('3-octet length truncated');
    len = datagram.readUInt16BE(1);
    header = 3;
  } else {
    len = datagram[0]!;
    header = 1;
  }
  if (len !== datagram.length) throw new SnDecodeError(`length field says ${len} octets, the datagram has ${datagram.length}`);
  const code = datagram[header];
  const name = TYPE_BY_CODE.get(code);
  if (!name) throw new SnDecodeError(`unknown message type 0x${code.toString(16).padStart(2, '0')}`);
  const b = datagram.subarray(header + 1);
  switch (name) {
    case 'ADVERTISE':
      exactly(b, 3, name);
      return { type: name, gwId: b[0], duration: b.readUInt16BE(1) };
    case 'SEARCHGW':
      exactly(b, 1, name);
      return { type: name, radius: b[0] };
    case 'GWINFO':
      need(b, 1, name);
      return { type: name, gwId: b[0], gwAdd: Buffer.from(b.subarray(1)) };
    case 'CONNECT':
      need(b, 4, name);
      return { type: name, flags: decodeFlags(b[0]), protocolId: b[1], duration: b.readUInt16BE(2), clientId: b.subarray(4).toString('utf8') };
    case 'CONNACK':
    case 'WILLTOPICRESP':
    case 'WILLMSGRESP':
      exactly(b, 1, name);
      return { type: name, returnCode: b[0] };
    case 'WILLTOPICREQ':
    case 'WILLMSGREQ':
    case 'PINGRESP':
      exactly(b, 0, name);
      return { type: name };
    case 'WILLTOPIC':
    case 'WILLTOPICUPD':
      if (b.length === 0) return { type: name };
      return { type: name, flags: decodeFlags(b[0]), topic: b.subarray(1).toString('utf8') };
    case 'WILLMSG':
    case 'WILLMSGUPD':
      return { type: name, payload: Buffer.from(b) };
    case 'REGISTER':
      need(b, 4, name);
      return { type: name, topicId: b.readUInt16BE(0), msgId: b.readUInt16BE(2), topicName: b.subarray(4).toString('utf8') };
    case 'REGACK':
    case 'PUBACK':
      exactly(b, 5, name);
      return { type: name, topicId: b.readUInt16BE(0), msgId: b.readUInt16BE(2), returnCode: b[4] };
    case 'PUBLISH': {
      need(b, 5, name);
      const f = decodeFlags(b[0]);
      const topic = f.topicIdType === TOPIC_ID_TYPE.SHORT ? shortName(b.subarray(1, 3)) : b.readUInt16BE(1);
      return { type: name, flags: f, topic, msgId: b.readUInt16BE(3), payload: Buffer.from(b.subarray(5)) };
    }
    case 'PUBREC':
    case 'PUBREL':
    case 'PUBCOMP':
    case 'UNSUBACK':
      exactly(b, 2, name);
      return { type: name, msgId: b.readUInt16BE(0) };
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE': {
      need(b, 3, name);
      const f = decodeFlags(b[0]);
      const rest = b.subarray(3);
      let topic: number | string;
      if (f.topicIdType === TOPIC_ID_TYPE.PREDEFINED) {
        exactly(rest, 2, `${name} predefined topic id`);
        topic = rest.readUInt16BE(0);
      } else if (f.topicIdType === TOPIC_ID_TYPE.SHORT) {
        exactly(rest, 2, `${name} short topic name`);
        topic = shortName(rest);
      } else topic = rest.toString('utf8');
      return { type: name, flags: f, msgId: b.readUInt16BE(1), topic };
    }
    case 'SUBACK':
      exactly(b, 6, name);
      return { type: name, flags: decodeFlags(b[0]), topicId: b.readUInt16BE(1), msgId: b.readUInt16BE(3), returnCode: b[5] };
    case 'PINGREQ':
      return b.length === 0 ? { type: name } : { type: name, clientId: b.toString('utf8') };
    case 'DISCONNECT':
      if (b.length === 0) return { type: name };
      exactly(b, 2, name);
      return { type: name, duration: b.readUInt16BE(0) };
  }
}

// ---- encode ---------------------------------------------------------------------------------------------------------

function u16(n: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(n & 0xffff, 0);
  return out;
}

function shortTopic(name: string): Buffer {
  const buf = Buffer.from(name, 'latin1');
  if (buf.length !== 2) throw new RangeError(`a short topic name has exactly two octets, got ${JSON.stringify(name)}`);
  return buf;
}

function topicField(f: Flags, topic: number | string, fullNameAllowed: boolean): Buffer {
  if (typeof topic === 'number') return u16(topic);
  if (f.topicIdType === TOPIC_ID_TYPE.SHORT || !fullNameAllowed) return shortTopic(topic);
  return Buffer.from(topic, 'utf8');
}

function body(m: SnMessage): Buffer {
  switch (m.type) {
    case 'ADVERTISE':
      return Buffer.concat([Buffer.from([m.gwId]), u16(m.duration)]);
    case 'SEARCHGW':
      return Buffer.from([m.radius]);
    case 'GWINFO':
      return Buffer.concat([Buffer.from([m.gwId]), m.gwAdd]);
    case 'CONNECT':
      return Buffer.concat([Buffer.from([encodeFlags(m.flags), m.protocolId]), u16(m.duration), Buffer.from(m.clientId, 'utf8')]);
    case 'CONNACK':
    case 'WILLTOPICRESP':
    case 'WILLMSGRESP':
      return Buffer.from([m.returnCode]);
    case 'WILLTOPICREQ':
    case 'WILLMSGREQ':
    case 'PINGRESP':
      return Buffer.alloc(0);
    case 'WILLTOPIC':
    case 'WILLTOPICUPD':
      if (m.topic === undefined) return Buffer.alloc(0);
      return Buffer.concat([Buffer.from([encodeFlags(m.flags ?? flags())]), Buffer.from(m.topic, 'utf8')]);
    case 'WILLMSG':
    case 'WILLMSGUPD':
      return m.payload;
    case 'REGISTER':
      return Buffer.concat([u16(m.topicId), u16(m.msgId), Buffer.from(m.topicName, 'utf8')]);
    case 'REGACK':
    case 'PUBACK':
      return Buffer.concat([u16(m.topicId), u16(m.msgId), Buffer.from([m.returnCode])]);
    case 'PUBLISH':
      return Buffer.concat([Buffer.from([encodeFlags(m.flags)]), topicField(m.flags, m.topic, false), u16(m.msgId), m.payload]);
    case 'PUBREC':
    case 'PUBREL':
    case 'PUBCOMP':
    case 'UNSUBACK':
      return u16(m.msgId);
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE':
      return Buffer.concat([Buffer.from([encodeFlags(m.flags)]), u16(m.msgId), topicField(m.flags, m.topic, true)]);
    case 'SUBACK':
      return Buffer.concat([Buffer.from([encodeFlags(m.flags)]), u16(m.topicId), u16(m.msgId), Buffer.from([m.returnCode])]);
    case 'PINGREQ':
      return m.clientId ? Buffer.from(m.clientId, 'utf8') : Buffer.alloc(0);
    case 'DISCONNECT':
      return m.duration === undefined ? Buffer.alloc(0) : u16(m.duration);
  }
}

/** Encode one message: a 1-octet length up to 255 octets in all, else 0x01 and a 2-octet length. */
export function encode(m: SnMessage): Buffer {
  const b = body(m);
  const type = MSG[m.type];
  if (b.length + 2 <= 255) return Buffer.concat([Buffer.from([b.length + 2, type]), b]);
  const total = b.length + 4;
  if (total > 0xffff) throw new RangeError(`an MQTT-SN message is at most 65535 octets, this one would be ${total}`);
  const head = Buffer.from([0x01, 0, 0, type]);
  head.writeUInt16BE(total, 1);
  return Buffer.concat([head, b]);
}
