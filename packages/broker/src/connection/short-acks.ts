import type { Packet } from 'mqtt-packet';
import type { Connection } from './connection';
import { malformed } from '../packets/validate-props';
import { writeRaw } from './write-batch';

/**
 * Decodes the 4-byte PUBACK / PUBREC / PUBCOMP (no reason code, no properties) at the start of a chunk without the
 * generic parser, which costs a Packet object and a dozen debug() calls per packet. These are most of what QoS 1/2
 * subscribers send. Only used while the parser holds no partial packet, so order is kept; anything else (other
 * flags, longer forms) stops the loop and goes to the parser. Returns the bytes consumed.
 */
export function readShortAcks(conn: Connection, chunk: Buffer): number {
  const n = chunk.length;
  const v5 = conn.protoVer === 5;
  let i = 0;
  while (i + 4 <= n && chunk[i + 1] === 2) {
    const b0 = chunk[i];
    const cmd = b0 === 0x40 ? 'puback' : b0 === 0x50 ? 'pubrec' : b0 === 0x70 ? 'pubcomp' : undefined;
    if (cmd === undefined) break;
    const messageId = (chunk[i + 2] << 8) | chunk[i + 3];
    if (messageId === 0) {
      conn.onParsedError(malformed(`bad_packet_id: ${cmd} with Packet Identifier 0`)); // as the strict parser does
      return n;
    }
    const packet = { cmd, messageId, length: 2, retain: false, qos: 0, dup: false } as Packet;
    if (v5) (packet as { reasonCode?: number }).reasonCode = 0; // as the parser reports a 2-byte v5 ack
    i += 4;
    conn.onParsedPacket(packet);
    if (conn.state === 'closed') return n;
  }
  return i;
}

/**
 * The PUBACK (QoS 1) or PUBREC (QoS 2) of an accepted PUBLISH, as mqtt-packet writes it: 4 bytes in v3; in v5 with
 * reason code 0 and an empty property length (6 bytes, as EMQX sends it, though MQTT 5 allows leaving both out).
 */
export function successAckBytes(qos: 1 | 2, packetId: number, v5: boolean): Buffer {
  const buf = Buffer.alloc(v5 ? 6 : 4); // zero-filled: the v5 reason code and property length
  buf[0] = qos === 1 ? 0x40 : 0x50;
  buf[1] = v5 ? 4 : 2;
  buf[2] = packetId >> 8;
  buf[3] = packetId & 0xff;
  return buf;
}

/** Queues the ack of an accepted PUBLISH without a Packet object and generate() per message. */
export function writeSuccessAck(conn: Connection, qos: 1 | 2, packetId: number): void {
  if (conn.state !== 'closed') writeRaw(conn, successAckBytes(qos, packetId, conn.protoVer === 5), qos === 1 ? 'puback' : 'pubrec');
}
