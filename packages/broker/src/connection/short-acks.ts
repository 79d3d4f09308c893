import type { Packet } from 'mqtt-packet';
import type { Connection } from './connection';
import { writeRaw } from './write-batch';

/** a 2-byte ack as the parser reports it; in v5 with reason code 0 */
interface ShortAck {
  cmd: 'puback' | 'pubrec' | 'pubcomp';
  messageId: number;
  length: number;
  retain: boolean;
  qos: 0;
  dup: boolean;
  reasonCode?: number;
}

const newAck = (v5: boolean): ShortAck =>
  v5 ? { cmd: 'puback', messageId: 0, length: 2, retain: false, qos: 0, dup: false, reasonCode: 0 } : { cmd: 'puback', messageId: 0, length: 2, retain: false, qos: 0, dup: false };

/** one ack per protocol family, written over for each ack a connection handles as it is read (no garbage per ack) */
const REUSED = [newAck(false), newAck(true)] as const;

/**
 * The 4-byte PUBACK / PUBREC / PUBCOMP (no reason code, no properties) at `at`, as the parser would report it: these
 * are most of what QoS 1/2 subscribers send. Undefined for anything else (other flags, longer forms, packet id 0):
 * the parser reads those, with its checks. `reuse`: the caller hands it to a connection that handles it before
 * returning (nothing queued ahead, no handler pending), so the shared object is filled in instead of a new one.
 */
export function decodeShortAck(chunk: Buffer, at: number, v5: boolean, reuse = false): Packet | undefined {
  if (at + 4 > chunk.length || chunk[at + 1] !== 2) return undefined;
  const b0 = chunk[at];
  const cmd = b0 === 0x40 ? 'puback' : b0 === 0x50 ? 'pubrec' : b0 === 0x70 ? 'pubcomp' : undefined;
  const messageId = (chunk[at + 2] << 8) | chunk[at + 3];
  if (cmd === undefined || messageId === 0) return undefined;
  const packet = reuse ? REUSED[v5 ? 1 : 0] : newAck(v5);
  packet.cmd = cmd;
  packet.messageId = messageId;
  return packet;
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
