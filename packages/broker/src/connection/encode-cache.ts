import type { PublishMessage } from '../types';
import { bodyStart } from './fixed-header';

// One routed message usually goes to many subscribers with the same wire form (same protocol version, QoS, retain flag
// and topic). The encoded PUBLISH is kept per message and reused; for QoS 1/2 only the packet id differs, and it is
// patched into the connection's outgoing batch (see Connection.flush), so the shared bytes are never re-encoded.
// Forms for the message's own topic sit in a small array by number; a client behind a mountpoint sees another
// topic and uses the keyed map.

interface Forms {
  byForm: (Buffer | undefined)[];
  byKey?: Map<string, Buffer>;
}

const cache = new WeakMap<PublishMessage, Forms>();
// a fan-out asks for the same message many times in a row: remember the last one and skip the WeakMap lookup
let lastMsg: PublishMessage | undefined;
let lastForms: Forms | undefined;

function formsOf(msg: PublishMessage, create: boolean): Forms | undefined {
  if (msg === lastMsg) return lastForms;
  let f = cache.get(msg);
  if (!f) {
    if (!create) return undefined;
    f = { byForm: [] };
    cache.set(msg, f);
  }
  lastMsg = msg;
  lastForms = f;
  return f;
}

/** protocol version 3..5 × QoS 0..2 × retain */
function formNumber(protoVer: number, qos: number, retain: boolean): number {
  return (protoVer - 3) * 6 + qos * 2 + (retain ? 1 : 0);
}

export function cachedPublish(msg: PublishMessage, protoVer: number, qos: number, retain: boolean, topic: string): Buffer | undefined {
  const f = formsOf(msg, false);
  if (!f) return undefined;
  return topic === msg.topic ? f.byForm[formNumber(protoVer, qos, retain)] : f.byKey?.get(`${formNumber(protoVer, qos, retain)}${topic}`);
}

export function storePublish(msg: PublishMessage, protoVer: number, qos: number, retain: boolean, topic: string, buf: Buffer): void {
  const f = formsOf(msg, true)!;
  if (topic === msg.topic) f.byForm[formNumber(protoVer, qos, retain)] = buf;
  else (f.byKey ??= new Map()).set(`${formNumber(protoVer, qos, retain)}${topic}`, buf);
}

/** where the packet id of an encoded QoS > 0 PUBLISH sits: after the fixed header and the topic */
export function packetIdOffset(buf: Buffer): number {
  const body = bodyStart(buf);
  return body + 2 + buf.readUInt16BE(body);
}
