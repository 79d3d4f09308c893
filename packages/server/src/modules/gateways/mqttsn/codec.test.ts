/**
 * Byte tables written from the MQTT-SN 1.2 specification's message formats (§5.2 header, §5.3.4 flags, §5.4 messages).
 * Each row: the literal octets on the wire and the message they stand for; decoding the octets gives the message and
 * encoding the message gives the octets.
 */
import { describe, expect, it } from 'vitest';
import { decode, decodeFlags, encode, encodeFlags, flags, SnDecodeError, type SnMessage } from './codec';

const B = (...xs: number[]) => Buffer.from(xs);
const S = (s: string) => [...Buffer.from(s, 'utf8')];

const table: Array<[string, Buffer, SnMessage]> = [
  // §5.4.1 ADVERTISE: Length 5, MsgType 0x00, GwId, Duration (2 octets, seconds)
  ['ADVERTISE', B(0x05, 0x00, 0x01, 0x03, 0x84), { type: 'ADVERTISE', gwId: 1, duration: 900 }],
  // §5.4.2 SEARCHGW: Length 3, MsgType 0x01, Radius
  ['SEARCHGW', B(0x03, 0x01, 0x00), { type: 'SEARCHGW', radius: 0 }],
  // §5.4.3 GWINFO: Length, 0x02, GwId, GwAdd (only when sent by a client)
  ['GWINFO (gateway)', B(0x03, 0x02, 0x07), { type: 'GWINFO', gwId: 7, gwAdd: B() }],
  ['GWINFO (client, with address)', B(0x07, 0x02, 0x07, 127, 0, 0, 1), { type: 'GWINFO', gwId: 7, gwAdd: B(127, 0, 0, 1) }],
  // §5.4.4 CONNECT: Length, 0x04, Flags (Will, CleanSession), ProtocolId 0x01, Duration, ClientId
  [
    'CONNECT clean session, will',
    B(0x0a, 0x04, 0x0c, 0x01, 0x00, 0x3c, ...S('dev1')),
    { type: 'CONNECT', flags: flags({ will: true, cleanSession: true }), protocolId: 1, duration: 60, clientId: 'dev1' },
  ],
  ['CONNECT plain', B(0x07, 0x04, 0x00, 0x01, 0x00, 0x0a, ...S('c')), { type: 'CONNECT', flags: flags(), protocolId: 1, duration: 10, clientId: 'c' }],
  // §5.4.5 CONNACK: Length 3, 0x05, ReturnCode
  ['CONNACK accepted', B(0x03, 0x05, 0x00), { type: 'CONNACK', returnCode: 0 }],
  ['CONNACK congestion', B(0x03, 0x05, 0x01), { type: 'CONNACK', returnCode: 1 }],
  // §5.4.6 WILLTOPICREQ, §5.4.8 WILLMSGREQ: header only
  ['WILLTOPICREQ', B(0x02, 0x06), { type: 'WILLTOPICREQ' }],
  ['WILLMSGREQ', B(0x02, 0x08), { type: 'WILLMSGREQ' }],
  // §5.4.7 WILLTOPIC: Length, 0x07, Flags (QoS, Retain), WillTopic; an empty WILLTOPIC deletes the will
  ['WILLTOPIC QoS 1 retain', B(0x07, 0x07, 0x30, ...S('dead')), { type: 'WILLTOPIC', flags: flags({ qos: 1, retain: true }), topic: 'dead' }],
  ['WILLTOPIC empty', B(0x02, 0x07), { type: 'WILLTOPIC' }],
  // §5.4.9 WILLMSG: Length, 0x09, WillMsg
  ['WILLMSG', B(0x05, 0x09, 0x0a, 0x0b, 0x0c), { type: 'WILLMSG', payload: B(0x0a, 0x0b, 0x0c) }],
  // §5.4.10 REGISTER: Length, 0x0A, TopicId, MsgId, TopicName
  ['REGISTER from client', B(0x09, 0x0a, 0x00, 0x00, 0x00, 0x01, ...S('a/b')), { type: 'REGISTER', topicId: 0, msgId: 1, topicName: 'a/b' }],
  ['REGISTER from gateway', B(0x09, 0x0a, 0x04, 0x01, 0x12, 0x34, ...S('x/y')), { type: 'REGISTER', topicId: 1025, msgId: 0x1234, topicName: 'x/y' }],
  // §5.4.11 REGACK: Length 7, 0x0B, TopicId, MsgId, ReturnCode
  ['REGACK', B(0x07, 0x0b, 0x04, 0x01, 0x00, 0x01, 0x00), { type: 'REGACK', topicId: 1025, msgId: 1, returnCode: 0 }],
  ['REGACK invalid topic id', B(0x07, 0x0b, 0x00, 0x00, 0x00, 0x02, 0x02), { type: 'REGACK', topicId: 0, msgId: 2, returnCode: 2 }],
  // §5.4.12 PUBLISH: Length, 0x0C, Flags (DUP, QoS, Retain, TopicIdType), TopicId (2), MsgId (2), Data
  ['PUBLISH QoS 0 normal id', B(0x09, 0x0c, 0x00, 0x04, 0x01, 0x00, 0x00, ...S('hi')), { type: 'PUBLISH', flags: flags(), topic: 1025, msgId: 0, payload: B(...S('hi')) }],
  [
    'PUBLISH QoS 1 predefined, retain',
    B(0x08, 0x0c, 0x31, 0x00, 0x01, 0x00, 0x07, 0xff),
    { type: 'PUBLISH', flags: flags({ qos: 1, retain: true, topicIdType: 1 }), topic: 1, msgId: 7, payload: B(0xff) },
  ],
  [
    'PUBLISH QoS 2 short name, DUP',
    B(0x08, 0x0c, 0xc2, 0x61, 0x62, 0x00, 0x09, 0x01),
    { type: 'PUBLISH', flags: flags({ dup: true, qos: 2, topicIdType: 2 }), topic: 'ab', msgId: 9, payload: B(0x01) },
  ],
  // QoS -1 is the value 0b11 in the QoS field
  ['PUBLISH QoS -1 short', B(0x07, 0x0c, 0x62, 0x74, 0x31, 0x00, 0x00), { type: 'PUBLISH', flags: flags({ qos: -1, topicIdType: 2 }), topic: 't1', msgId: 0, payload: B() }],
  // §5.4.13 PUBACK: Length 7, 0x0D, TopicId, MsgId, ReturnCode
  ['PUBACK', B(0x07, 0x0d, 0x04, 0x01, 0x00, 0x07, 0x00), { type: 'PUBACK', topicId: 1025, msgId: 7, returnCode: 0 }],
  ['PUBACK invalid topic id', B(0x07, 0x0d, 0x00, 0x05, 0x00, 0x08, 0x02), { type: 'PUBACK', topicId: 5, msgId: 8, returnCode: 2 }],
  // §5.4.14 PUBREC 0x0F, PUBREL 0x10, PUBCOMP 0x0E: Length 4, MsgId
  ['PUBREC', B(0x04, 0x0f, 0x00, 0x09), { type: 'PUBREC', msgId: 9 }],
  ['PUBREL', B(0x04, 0x10, 0x00, 0x09), { type: 'PUBREL', msgId: 9 }],
  ['PUBCOMP', B(0x04, 0x0e, 0x00, 0x09), { type: 'PUBCOMP', msgId: 9 }],
  // §5.4.15 SUBSCRIBE: Length, 0x12, Flags (DUP, QoS, TopicIdType), MsgId, TopicName or TopicId
  ['SUBSCRIBE normal name', B(0x08, 0x12, 0x20, 0x00, 0x03, ...S('a/#')), { type: 'SUBSCRIBE', flags: flags({ qos: 1 }), msgId: 3, topic: 'a/#' }],
  ['SUBSCRIBE predefined', B(0x07, 0x12, 0x41, 0x00, 0x04, 0x00, 0x02), { type: 'SUBSCRIBE', flags: flags({ qos: 2, topicIdType: 1 }), msgId: 4, topic: 2 }],
  ['SUBSCRIBE short', B(0x07, 0x12, 0x02, 0x00, 0x05, 0x74, 0x31), { type: 'SUBSCRIBE', flags: flags({ topicIdType: 2 }), msgId: 5, topic: 't1' }],
  // §5.4.16 SUBACK: Length 8, 0x13, Flags (QoS), TopicId, MsgId, ReturnCode
  ['SUBACK', B(0x08, 0x13, 0x20, 0x04, 0x01, 0x00, 0x03, 0x00), { type: 'SUBACK', flags: flags({ qos: 1 }), topicId: 1025, msgId: 3, returnCode: 0 }],
  // §5.4.17 UNSUBSCRIBE 0x14 (as SUBSCRIBE), §5.4.18 UNSUBACK: Length 4, MsgId
  ['UNSUBSCRIBE normal', B(0x08, 0x14, 0x00, 0x00, 0x06, ...S('a/#')), { type: 'UNSUBSCRIBE', flags: flags(), msgId: 6, topic: 'a/#' }],
  ['UNSUBSCRIBE predefined', B(0x07, 0x14, 0x01, 0x00, 0x06, 0x00, 0x01), { type: 'UNSUBSCRIBE', flags: flags({ topicIdType: 1 }), msgId: 6, topic: 1 }],
  ['UNSUBACK', B(0x04, 0x15, 0x00, 0x06), { type: 'UNSUBACK', msgId: 6 }],
  // §5.4.19 PINGREQ (optional ClientId), §5.4.20 PINGRESP
  ['PINGREQ', B(0x02, 0x16), { type: 'PINGREQ' }],
  ['PINGREQ with client id', B(0x06, 0x16, ...S('dev1')), { type: 'PINGREQ', clientId: 'dev1' }],
  ['PINGRESP', B(0x02, 0x17), { type: 'PINGRESP' }],
  // §5.4.21 DISCONNECT: Length 2, or 4 with Duration (sleep)
  ['DISCONNECT', B(0x02, 0x18), { type: 'DISCONNECT' }],
  ['DISCONNECT with duration', B(0x04, 0x18, 0x00, 0x1e), { type: 'DISCONNECT', duration: 30 }],
  // §5.4.22-25 WILLTOPICUPD 0x1A, WILLTOPICRESP 0x1B, WILLMSGUPD 0x1C, WILLMSGRESP 0x1D
  ['WILLTOPICUPD', B(0x06, 0x1a, 0x40, ...S('w/t')), { type: 'WILLTOPICUPD', flags: flags({ qos: 2 }), topic: 'w/t' }],
  ['WILLTOPICUPD empty', B(0x02, 0x1a), { type: 'WILLTOPICUPD' }],
  ['WILLTOPICRESP', B(0x03, 0x1b, 0x00), { type: 'WILLTOPICRESP', returnCode: 0 }],
  ['WILLMSGUPD', B(0x04, 0x1c, 0x6f, 0x6b), { type: 'WILLMSGUPD', payload: B(0x6f, 0x6b) }],
  ['WILLMSGRESP not supported', B(0x03, 0x1d, 0x03), { type: 'WILLMSGRESP', returnCode: 3 }],
];

describe('MQTT-SN codec: the specification byte tables', () => {
  for (const [name, bytes, msg] of table) {
    it(`${name}: decodes`, () => {
      expect(decode(bytes)).toEqual(msg);
    });
    it(`${name}: encodes`, () => {
      expect(encode(msg).toString('hex')).toBe(bytes.toString('hex'));
    });
  }
});

describe('MQTT-SN codec: flags octet (§5.3.4)', () => {
  it('places DUP in bit 7, QoS in 6-5, Retain 4, Will 3, CleanSession 2, TopicIdType 1-0', () => {
    expect(encodeFlags(flags({ dup: true }))).toBe(0x80);
    expect(encodeFlags(flags({ qos: 1 }))).toBe(0x20);
    expect(encodeFlags(flags({ qos: 2 }))).toBe(0x40);
    expect(encodeFlags(flags({ qos: -1 }))).toBe(0x60);
    expect(encodeFlags(flags({ retain: true }))).toBe(0x10);
    expect(encodeFlags(flags({ will: true }))).toBe(0x08);
    expect(encodeFlags(flags({ cleanSession: true }))).toBe(0x04);
    expect(encodeFlags(flags({ topicIdType: 1 }))).toBe(0x01);
    expect(encodeFlags(flags({ topicIdType: 2 }))).toBe(0x02);
    expect(encodeFlags(flags({ topicIdType: 3 }))).toBe(0x03);
    expect(decodeFlags(0xff)).toEqual({ dup: true, qos: -1, retain: true, will: true, cleanSession: true, topicIdType: 3 });
    expect(decodeFlags(0x00)).toEqual(flags());
  });
});

describe('MQTT-SN codec: the 3-octet length (§5.2.1)', () => {
  it('a message of 256 octets or more starts 0x01 and a 2-octet length counting the whole message', () => {
    const payload = Buffer.alloc(300, 0x61);
    const wire = encode({ type: 'PUBLISH', flags: flags({ qos: 1 }), topic: 1025, msgId: 2, payload });
    // header 4 octets (0x01, len16, type) + flags 1 + topic 2 + msgid 2 + 300
    expect(wire.length).toBe(309);
    expect([...wire.subarray(0, 9)]).toEqual([0x01, 0x01, 0x35, 0x0c, 0x20, 0x04, 0x01, 0x00, 0x02]);
    expect(decode(wire)).toEqual({ type: 'PUBLISH', flags: flags({ qos: 1 }), topic: 1025, msgId: 2, payload });
  });

  it('255 octets in all still use the 1-octet length; 256 switch to the 3-octet form', () => {
    const at255 = encode({ type: 'WILLMSG', payload: Buffer.alloc(253) });
    expect(at255.length).toBe(255);
    expect(at255[0]).toBe(255);
    const at256 = encode({ type: 'WILLMSG', payload: Buffer.alloc(254) });
    expect(at256.length).toBe(258);
    expect([...at256.subarray(0, 4)]).toEqual([0x01, 0x01, 0x02, 0x09]);
    expect(decode(at256)).toEqual({ type: 'WILLMSG', payload: Buffer.alloc(254) });
  });

  it('decodes a short message sent with the 3-octet length', () => {
    expect(decode(B(0x01, 0x00, 0x05, 0x05, 0x00))).toEqual({ type: 'CONNACK', returnCode: 0 });
  });
});

describe('MQTT-SN codec: malformed datagrams', () => {
  it('refuses a length field that disagrees with the datagram', () => {
    expect(() => decode(B(0x04, 0x05, 0x00))).toThrow(SnDecodeError);
    expect(() => decode(B(0x02, 0x05, 0x00))).toThrow(SnDecodeError);
  });
  it('refuses an unknown message type', () => {
    expect(() => decode(B(0x02, 0x03))).toThrow(/unknown message type 0x03/);
    expect(() => decode(B(0x02, 0xfe))).toThrow(SnDecodeError);
  });
  it('refuses truncated bodies', () => {
    expect(() => decode(B(0x06, 0x0b, 0, 1, 0, 1))).toThrow(SnDecodeError);
    expect(() => decode(B(0x01))).toThrow(SnDecodeError);
    expect(() => decode(B(0x03, 0x18, 0x00))).toThrow(SnDecodeError);
  });
  it('refuses to encode a short topic name that is not two octets', () => {
    expect(() => encode({ type: 'PUBLISH', flags: flags({ topicIdType: 2 }), topic: 'abc', msgId: 0, payload: B() })).toThrow(RangeError);
  });
});
