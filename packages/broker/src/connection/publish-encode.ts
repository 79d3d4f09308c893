// The PUBLISH without properties (every v3.1/v3.1.1 one, and a v5 one with nothing per client or per message in
// it), encoded straight into one buffer. mqtt-packet's generate() costs about 4 µs here (a stream object, a dozen
// debug() calls, its validation of every field); this is the packet each routed message is encoded as once, for all
// its subscribers (encode-cache.ts). Anything with properties goes to mqtt-packet.
import { MAX_REMAINING_LENGTH, remainingLengthSize, writeRemainingLength } from './fixed-header';

/**
 * The wire bytes of a PUBLISH with no properties, or undefined when this does not encode it (an empty topic, a topic
 * over 65,535 bytes, a packet over the Remaining Length limit): the caller then lets mqtt-packet decide.
 */
export function encodePlainPublish(protoVer: number, topic: string, payload: Buffer, qos: number, retain: boolean, dup: boolean, packetId: number): Buffer | undefined {
  const topicLength = Buffer.byteLength(topic);
  if (topicLength === 0 || topicLength > 0xffff) return undefined;
  const remaining = 2 + topicLength + (qos > 0 ? 2 : 0) + (protoVer === 5 ? 1 : 0) + payload.length;
  if (remaining > MAX_REMAINING_LENGTH) return undefined;
  const buf = Buffer.allocUnsafe(1 + remainingLengthSize(remaining) + remaining);
  buf[0] = 0x30 | (dup ? 0x08 : 0) | (qos << 1) | (retain ? 0x01 : 0);
  let at = writeRemainingLength(buf, 1, remaining);
  buf[at++] = topicLength >> 8;
  buf[at++] = topicLength & 0xff;
  at += buf.write(topic, at, 'utf8');
  if (qos > 0) {
    buf[at++] = packetId >> 8;
    buf[at++] = packetId & 0xff;
  }
  if (protoVer === 5) buf[at++] = 0; // property length 0
  payload.copy(buf, at);
  return buf;
}
