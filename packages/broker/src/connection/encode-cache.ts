import type { PublishMessage } from '../types';

// One routed message usually goes to many subscribers with the same wire form (same protocol version, QoS, retain flag
// and topic). The encoded PUBLISH is kept per message and reused; for QoS 1/2 only the packet id differs, so the
// cached bytes are copied and the id patched in place of a full re-encode.
const cache = new WeakMap<PublishMessage, Map<string, Buffer>>();

export function cachedPublish(msg: PublishMessage, key: string): Buffer | undefined {
  return cache.get(msg)?.get(key);
}

export function storePublish(msg: PublishMessage, key: string, buf: Buffer): void {
  let m = cache.get(msg);
  if (!m) {
    m = new Map();
    cache.set(msg, m);
  }
  m.set(key, buf);
}

/** a copy of an encoded QoS > 0 PUBLISH with another packet id */
export function withPacketId(buf: Buffer, packetId: number): Buffer {
  const out = Buffer.from(buf);
  let i = 1;
  while (out[i] & 0x80) i++; // variable-length remaining length
  const topicLen = out.readUInt16BE(i + 1);
  out.writeUInt16BE(packetId, i + 3 + topicLen);
  return out;
}
