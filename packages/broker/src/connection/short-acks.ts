import type { Packet } from 'mqtt-packet';
import type { Connection } from './connection';
import { malformed } from '../packets/validate-props';

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
