// The one place a decoded packet is checked before it reaches its handler. Two steps:
//   1. while parsing (connection/parser-pool.ts installs these on mqtt-packet's parser): packet identifiers present
//      and non-zero, properties decoded strictly (validate-props.ts), and the body read exactly to its Remaining
//      Length: nothing missing, nothing left over, nothing read from the next packet;
//   2. before dispatch (handle-packet.ts): rules about the packet as a whole: empty SUBSCRIBE / UNSUBSCRIBE lists,
//      a client's PUBLISH carrying a Subscription Identifier, an empty topic without a Topic Alias, a Response Topic
//      that is not a topic name.
// A violation closes the connection: DISCONNECT 0x81 (Malformed Packet) or 0x82 (Protocol Error) first on v5, as
// MQTT 5.0 §4.13 asks; v3.1.1 has no way to tell the client, so the connection just closes.
import type { Packet } from 'mqtt-packet';
import { isValidTopicName } from '../topics/validate';
import { malformed, protocolError, type PacketError, type PropertyCursor } from './validate-props';

export { PacketError, decodeProperties, PROPS_OF, type PropertyCursor } from './validate-props';

/** A Packet Identifier is 1..65535 [MQTT-2.2.1-3] (EMQX strict mode: bad_packet_id). */
export function isPacketId(id: number): boolean {
  return id > 0 && id <= 0xffff;
}

/**
 * Reads the two-byte Packet Identifier at `_pos`. mqtt-packet reads it from whatever follows in its buffer, which may
 * be the next packet, and reports −1 when nothing follows; both are malformed here.
 */
export function decodePacketId(cur: PropertyCursor & { packet: { messageId?: number } }): void {
  const at = cur._pos;
  if (at + 2 > cur.packet.length) throw malformed('invalid_packet_id: the packet ends before its Packet Identifier');
  const id = cur._list.readUInt16BE(at);
  if (id === 0) throw malformed('bad_packet_id: a Packet Identifier must not be 0');
  cur.packet.messageId = id;
  cur._pos = at + 2;
}

/**
 * After a body is decoded: did the decoder read exactly `length` bytes? A PUBLISH's payload is the rest of the body,
 * so there the decoder may stop short; every other packet is read to its end, and trailing bytes (a v3.1.1 PUBACK of
 * three bytes, a PINGREQ with a body) are as malformed as a field running into the next packet.
 */
export function checkFraming(cmd: string, length: number, consumed: number): void {
  if (consumed > length || (consumed < length && cmd !== 'publish')) {
    throw malformed(`malformed_packet: ${cmd} of ${length} bytes, ${consumed} read`);
  }
}

/** Packet-wide rules, checked in arrival order just before the handler runs; undefined when the packet may go on. */
export function validatePacket(protoVer: number, packet: Packet): PacketError | undefined {
  switch (packet.cmd) {
    case 'publish': {
      if (protoVer !== 5) return undefined;
      const props = packet.properties;
      if (props === undefined) return packet.topic === '' ? protocolError('empty topic name without a Topic Alias') : undefined;
      // [MQTT-3.3.4-6] only a server sends Subscription Identifiers
      if (props.subscriptionIdentifier !== undefined) return protocolError('Subscription Identifier in a PUBLISH from a client');
      if (packet.topic === '' && props.topicAlias === undefined) return protocolError('empty topic name without a Topic Alias');
      // [MQTT-3.3.2-14] the Response Topic is a topic name (EMQX answers a bad one with a Protocol Error)
      if (props.responseTopic !== undefined && !isValidTopicName(props.responseTopic, Infinity)) return protocolError('Response Topic is not a valid topic name');
      return undefined;
    }
    case 'subscribe':
      // [MQTT-3.8.3-2] at least one Topic Filter (v3.1.1 [MQTT-3.8.3-3])
      return packet.subscriptions.length === 0 ? protocolError('SUBSCRIBE without any Topic Filter') : undefined;
    case 'unsubscribe':
      // [MQTT-3.10.3-2]
      return packet.unsubscriptions.length === 0 ? protocolError('UNSUBSCRIBE without any Topic Filter') : undefined;
    default:
      return undefined;
  }
}
