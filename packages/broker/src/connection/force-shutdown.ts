// force_shutdown (EMQX zone setting): a connection whose mailbox or heap outgrows its limit is closed with
// {shutdown, Reason}. The broker keeps the limits (setLimits) and calls these: the mailbox check at every packet
// received or written to a busy socket, the heap check once per sweep. Plain functions over the connection, so the
// per-packet call adds no object and the facade (broker.ts) keeps only the wiring.
import type { BrokerCore } from '../core';
import type { Connection } from './connection';
import { BrokerError } from '../types';

/** EMQX's default tcp high_watermark: above it the socket ("port") is busy */
const BUSY_SOCKET_BYTES = 1024 * 1024;
const PER_MESSAGE_OVERHEAD = 200; // a Pending entry, its message object and topic string, roughly

/** max_mailbox_size: called when a connection's inbox grows or it writes to a busy socket */
export function checkMailbox(core: BrokerCore, conn: Connection, max: number): void {
  if (conn.closeReason || conn.isClosed) return;
  // Erlang's mailbox fills once the port is busy (EMQX tcp high_watermark, 1MB): only the packets queued
  // beyond that mark count, estimated from the share of the buffered bytes above it
  const buffered = conn.stream.writableLength;
  const outbound = buffered > BUSY_SOCKET_BYTES ? Math.floor(((conn.extras?.busyWrites ?? 0) * (buffered - BUSY_SOCKET_BYTES)) / buffered) : 0;
  const len = outbound + conn.inboxLength;
  if (len > max) shutdownConn(core, conn, 'message_queue_too_long', len, max);
}

/** max_heap_size (of each connection's zone): checked once per sweep (as Erlang checks after a GC), not on every packet */
export function checkHeaps(core: BrokerCore, connections: Iterable<Connection>): void {
  for (const conn of connections) {
    const max = conn.core.forceShutdown?.maxHeapSize;
    if (max == null || conn.closeReason) continue;
    const bytes = heapEstimate(conn);
    if (bytes > max) shutdownConn(core, conn, 'proc_heap_too_large', bytes, max);
  }
}

/** what one connection holds in memory besides its code: the socket buffer, the session's queues (payloads dominate) */
export function heapEstimate(conn: Connection): number {
  let bytes = conn.stream.writableLength + conn.stream.readableLength;
  const session = conn.session;
  // the sweep runs this for every connection each second (force_shutdown is on by default): an empty queue costs nothing
  if (session) {
    if (session.mqueue.size > 0) for (const p of session.mqueue.toArray()) bytes += p.msg.payload.length + p.msg.topic.length + PER_MESSAGE_OVERHEAD;
    if (session.inflight.size > 0) for (const p of session.inflight.values()) bytes += p.msg.payload.length + p.msg.topic.length + PER_MESSAGE_OVERHEAD;
    bytes += session.awaitingRel.size * 16;
  }
  return bytes;
}

/** EMQX closes the process with {shutdown, #{reason => ...}}: DISCONNECT 0x97, "shutdown" in the events */
function shutdownConn(core: BrokerCore, conn: Connection, why: 'message_queue_too_long' | 'proc_heap_too_large', value: number, max: number): void {
  core.counters.incr(`force_shutdown.${why}`);
  core.emitError(new BrokerError('FORCE_SHUTDOWN', `client ${conn.clientid || conn.info.peerhost} closed: ${why} (${value} > ${max})`));
  conn.close('shutdown', 0x97);
}
