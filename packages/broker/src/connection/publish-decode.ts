// The PUBLISH a client sends most (whole in the chunk, no properties), decoded straight from the bytes. Through
// mqtt-packet's parser one costs a BufferList append and consume, a Packet object, bl's payload slice and a dozen
// debug() calls, each with its own arguments array: about 1.5 KB of garbage per message. Anything unusual is left to
// the parser, which reads it with its strict checks (parser-pool.ts) and reports the same errors as before.
import type { IPublishPacket } from 'mqtt-packet';
import { bodyStart, remainingLength } from './fixed-header';

/**
 * The PUBLISH at `at`, as mqtt-packet's parser would report it, when it is whole in `chunk` and plain: QoS 0-2, a
 * topic of at least one byte inside the packet, a non-zero packet id at QoS 1/2 and, in v5, an empty property
 * section. Undefined for anything else (the parser then reads it). Its bytes end at bodyStart(chunk, at) + length.
 */
export function decodePlainPublish(chunk: Buffer, at: number, v5: boolean): IPublishPacket | undefined {
  const b0 = chunk[at];
  const qos = (b0 >> 1) & 3;
  if (b0 >> 4 !== 3 || qos === 3) return undefined;
  const body = bodyStart(chunk, at);
  if (body <= 0) return undefined;
  const length = remainingLength(chunk, at);
  const end = body + length;
  if (end > chunk.length || length < 2) return undefined;
  const topicEnd = body + 2 + ((chunk[body] << 8) | chunk[body + 1]);
  if (topicEnd === body + 2 || topicEnd > end) return undefined;
  let pos = topicEnd;
  let messageId = 0;
  if (qos > 0) {
    if (pos + 2 > end) return undefined;
    messageId = (chunk[pos] << 8) | chunk[pos + 1];
    if (messageId === 0) return undefined;
    pos += 2;
  }
  if (v5) {
    if (pos >= end || chunk[pos] !== 0) return undefined;
    pos++;
  }
  const topic = chunk.toString('utf8', body + 2, topicEnd);
  const payload = chunk.subarray(pos, end); // a view, as bl's slice of a single buffer is
  const retain = (b0 & 1) !== 0;
  const dup = (b0 & 8) !== 0;
  // the fields in mqtt-packet's order (its Packet class), messageId only at QoS 1/2
  if (qos === 0) return { cmd: 'publish', retain, qos, dup, length, topic, payload };
  return { cmd: 'publish', retain, qos: qos as 1 | 2, dup, length, topic, payload, messageId };
}
