// One connection's write batch: each packet written is counted and queued, and the batch leaves in one stream.write
// when the event-loop turn ends (flush.ts schedules that). Plain functions over the connection's own fields rather
// than a batch object: writeRaw runs once per outgoing packet (the 2k in / 20k out fan-out measured in flush.ts), and with
// the state on the Connection that costs no extra object per connection nor an extra property hop per packet.
import mqttPacket, { type Packet } from 'mqtt-packet';
import type { Connection } from './connection';
import { packetIdOffset } from './encode-cache';
import { scheduleFlush } from './flush';
import { C } from '../metrics';

/** counter slot of each packet type the broker sends (no string built per packet) */
const SENT_SLOT = new Map(
  (['connack', 'publish', 'puback', 'pubrec', 'pubrel', 'pubcomp', 'suback', 'unsuback', 'pingresp', 'disconnect', 'auth'] as const).map((cmd) => [
    cmd as string,
    C[`packets.${cmd}.sent`],
  ]),
);

/** encode one packet (not PUBLISH to subscribers: publish-out.ts) and queue it; false when it could not be */
export function sendPacket(conn: Connection, packet: Packet): boolean {
  if (conn.state === 'closed') return false;
  let buf: Buffer;
  try {
    buf = mqttPacket.generate(packet, { protocolVersion: conn.protoVer });
  } catch (err) {
    conn.core.emitError(err);
    return false;
  }
  writeRaw(conn, buf, packet.cmd);
  return true;
}

/**
 * Queue one encoded packet; the batch is written when this event-loop turn ends (see flush.ts).
 * `packetId` (> 0) is stamped into a shared PUBLISH encoding in the batch's copy, never into `buf` itself.
 */
export function writeRaw(conn: Connection, buf: Buffer, cmd: string, packetId = 0): void {
  if (conn.stream.destroyed || conn.stream.writableEnded) return;
  const c = conn.core.counters;
  c.add(C['bytes.sent'], buf.length);
  c.add(C['packets.sent']);
  c.add(SENT_SLOT.get(cmd) ?? c.slot(`packets.${cmd}.sent`));
  conn.sendOct += buf.length;
  conn.sendCnt++;
  conn.sendPkt++;
  if (conn.outBuf.length === 0) scheduleFlush(conn);
  if (packetId > 0) {
    // written over the last batch's pairs: truncating the array would give its store back, and the next push would
    // allocate another one, at every batch
    const ids = (conn.outIds ??= []);
    ids[conn.outStamps++] = conn.outBytes + packetIdOffset(buf);
    ids[conn.outStamps++] = packetId;
  }
  conn.outBuf.push(buf);
  const before = conn.outBytes;
  conn.outBytes = before + buf.length;
  // a turn's batch can grow large before it is flushed (a publisher's 64 KB chunk fanned out): node pressure counts
  // it at every 16 KB crossed, not only at the flush, so that publishers pause within the turn
  if (conn.outBytes >>> 14 !== before >>> 14) conn.pressure.grew(conn);
  const x = conn.extras;
  if (x !== null && x.busyWrites > 0) {
    // the socket is above its high-water mark until 'drain': every packet queued meanwhile counts (force_shutdown)
    x.busyWrites++;
    conn.core.checkMailbox(conn);
  }
}

/** write the packets queued this turn in one call */
export function flushBatch(conn: Connection): void {
  const n = conn.outBuf.length;
  if (n === 0) return;
  const ids = conn.outIds;
  const stamps = conn.outStamps;
  // concat copies, so packet ids can be stamped into the copy; a lone packet without one goes out as it is
  const out = n === 1 && stamps === 0 ? conn.outBuf[0] : Buffer.concat(conn.outBuf, conn.outBytes);
  if (ids !== null && stamps > 0) {
    for (let i = 0; i < stamps; i += 2) out.writeUInt16BE(ids[i + 1], ids[i]);
    conn.outStamps = 0;
  }
  conn.outBuf.length = 0;
  conn.outBytes = 0;
  if (conn.stream.destroyed || conn.stream.writableEnded) return;
  if (!conn.stream.write(out, afterWrite(conn))) {
    conn.pressure.grew(conn);
    const x = conn.more();
    if (x.busyWrites === 0) {
      x.busyWrites = n;
      conn.core.checkMailbox(conn);
    }
  } else if (conn.session && conn.session.mqueue.size > 0) {
    // QoS 0 held back while this batch was over the high-water mark, and the socket took it all: 'drain' only
    // follows a refused write, so the queue moves on from here
    conn.session.drain();
  }
}

/** the peer is gone: nothing queued can reach it */
export function dropBatch(conn: Connection): void {
  conn.outBuf.length = 0;
  conn.outStamps = 0;
  conn.outBytes = 0;
}

/**
 * 'drain' only follows a write the stream refused, i.e. one that took it past its own high-water mark. With a
 * listener high_watermark below that mark, QoS 0 messages can be held back while every write was accepted, and no
 * 'drain' would move them: then each write's completion does (built once, only for such connections).
 */
function afterWrite(conn: Connection): (() => void) | undefined {
  const x = conn.extras;
  if (x !== null && x.wakeQueue !== null) return x.wakeQueue;
  const mark = conn.info.highWatermark;
  if (mark === undefined || mark >= conn.stream.writableHighWaterMark) return undefined;
  return (conn.more().wakeQueue = () => {
    const s = conn.session;
    if (s !== null && s.mqueue.size > 0) s.drain();
  });
}
