// The packets a connected client sends most, read at the start of a chunk without the generic parser: PUBLISH without
// properties (publish-decode.ts) and the short acks (short-acks.ts). Only used while the parser holds no partial
// packet, so order is kept; the first packet these do not read, and everything after it, goes to the parser.
import type { Packet } from 'mqtt-packet';
import type { Connection } from './connection';
import { bodyStart } from './fixed-header';
import { decodePlainPublish } from './publish-decode';
import { decodeShortAck } from './short-acks';

/** reads and hands on the plain packets at the start of `chunk`; returns the bytes consumed */
export function readPlainPackets(conn: Connection, chunk: Buffer): number {
  const n = chunk.length;
  const v5 = conn.protoVer === 5;
  let i = 0;
  while (i < n) {
    let packet: Packet | undefined;
    let next: number;
    if (chunk[i] >> 4 === 3) {
      packet = decodePlainPublish(chunk, i, v5);
      next = packet === undefined ? i : bodyStart(chunk, i) + packet.length!;
    } else {
      // handled within onParsedPacket when nothing waits ahead of it: the ack object can be a reused one
      packet = decodeShortAck(chunk, i, v5, !conn.busy && conn.inboxLength === 0);
      next = i + 4;
    }
    if (packet === undefined) break;
    i = next;
    conn.onParsedPacket(packet);
    if (conn.state === 'closed') return n;
  }
  return i;
}
