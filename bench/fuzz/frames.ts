// MQTT bytes for the fuzzer: a corpus of valid packets of every client-to-server type (v3.1.1 and v5), mutations of
// their lengths, identifiers and properties, and a strict reader of what the broker answers (framing errors).
import mqttPacket, { type Packet } from 'mqtt-packet';
import { int, pick } from './node';

export type Version = 4 | 5;

/** one packet split into its first byte and its body */
export interface Frame {
  b0: number;
  body: Buffer;
}

export function varint(n: number): Buffer {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0 && out.length < 4);
  return Buffer.from(out);
}

export const encode = (f: Frame): Buffer => Buffer.concat([Buffer.from([f.b0]), varint(f.body.length), f.body]);

function split(buf: Buffer): Frame {
  let i = 1;
  while (buf[i] & 0x80) i++;
  return { b0: buf[0], body: buf.subarray(i + 1) };
}

const props5 = { userProperties: { k: 'v', r: ['1', '2'] } };
const TEMPLATES: Array<[Packet, Version]> = [];
for (const v of [4, 5] as const) {
  const p = v === 5 ? props5 : undefined;
  TEMPLATES.push(
    [{ cmd: 'publish', topic: 'fz/a', payload: Buffer.from('x'), qos: 0, retain: false, dup: false, ...(v === 5 ? { properties: { contentType: 't', ...p } } : {}) }, v],
    [
      {
        cmd: 'publish',
        topic: 'fz/b',
        payload: Buffer.from('hello'),
        qos: 1,
        messageId: 7,
        retain: true,
        dup: false,
        ...(v === 5 ? { properties: { topicAlias: 1, messageExpiryInterval: 9 } } : {}),
      },
      v,
    ],
    [
      {
        cmd: 'publish',
        topic: 'fz/c',
        payload: Buffer.alloc(40, 1),
        qos: 2,
        messageId: 8,
        retain: false,
        dup: false,
        ...(v === 5 ? { properties: { responseTopic: 'r/t', correlationData: Buffer.from('c') } } : {}),
      },
      v,
    ],
    [{ cmd: 'puback', messageId: 7, ...(v === 5 ? { reasonCode: 0x10, properties: { reasonString: 'r' } } : {}) }, v],
    [{ cmd: 'pubrec', messageId: 8 }, v],
    [{ cmd: 'pubrel', messageId: 8, ...(v === 5 ? { reasonCode: 0x92 } : {}) }, v],
    [{ cmd: 'pubcomp', messageId: 9 }, v],
    [
      {
        cmd: 'subscribe',
        messageId: 3,
        subscriptions: [
          { topic: 'fz/#', qos: 1, ...(v === 5 ? { nl: true, rap: false, rh: 1 } : {}) },
          { topic: '$share/g/fz/s', qos: 0 },
        ],
        ...(v === 5 ? { properties: { subscriptionIdentifier: 5, ...p } } : {}),
      },
      v,
    ],
    [{ cmd: 'unsubscribe', messageId: 4, unsubscriptions: ['fz/#', 'nope'], ...(v === 5 ? { properties: p } : {}) }, v],
    [{ cmd: 'pingreq' }, v],
  );
  if (v === 5)
    TEMPLATES.push(
      [{ cmd: 'disconnect', reasonCode: 0x04, properties: { reasonString: 'bye', sessionExpiryInterval: 0 } }, 5],
      [{ cmd: 'auth', reasonCode: 0x18, properties: { authenticationMethod: 'm' } }, 5],
    );
  else TEMPLATES.push([{ cmd: 'disconnect' }, 4]);
}

export const CORPUS: Record<Version, Frame[]> = { 4: [], 5: [] };
for (const [p, v] of TEMPLATES) CORPUS[v].push(split(mqttPacket.generate(p, { protocolVersion: v })));

export function connectFrame(v: Version, clientId: string, r: () => number): Frame {
  const will =
    r() < 0.3
      ? { topic: 'fz/will', payload: Buffer.from('w'), qos: int(r, 3) as 0 | 1 | 2, retain: false, ...(v === 5 ? { properties: { willDelayInterval: 0 } } : {}) }
      : undefined;
  const props = v === 5 ? { sessionExpiryInterval: pick(r, [0, 30]), receiveMaximum: 50, topicAliasMaximum: 5, ...(r() < 0.5 ? props5 : {}) } : undefined;
  return split(
    mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: v, clientId, clean: r() < 0.7, keepalive: 30, will, properties: props }, { protocolVersion: v }),
  );
}

/** where the property section of a v5 packet starts in its body, if it has one */
function propsAt(f: Frame): number | undefined {
  const type = f.b0 >> 4;
  const b = f.body;
  if (type === 3) return 2 + b.readUInt16BE(0) + ((f.b0 >> 1) & 3 ? 2 : 0);
  if (type >= 4 && type <= 7) return b.length > 3 ? 3 : undefined;
  if (type === 8 || type === 10) return 2;
  if (type === 14 || type === 15) return b.length > 1 ? 1 : undefined;
  if (type === 1) return 10;
  return undefined;
}

/** property bytes to insert: valid ones (some a duplicate), wrong lengths, invalid identifiers, forbidden values */
const PROPERTIES = [
  '0b05',
  '0b00',
  '0b8080808001',
  '0100',
  '0102',
  '0200000010',
  '030001',
  '0300016b',
  '2300',
  '2300 01',
  '2600016b',
  '2600016bffff',
  '2600016b00016c',
  '1100000005',
  '1f0001',
  '2700000000',
  '2100',
  '7f',
  '00',
  '28 01',
  '1500016d',
].map((h) => Buffer.from(h.replace(/ /g, ''), 'hex'));

const ID_TYPES = new Set([3, 4, 5, 6, 7, 8, 10]);

/** one mutation of a valid frame; returns the bytes to send (not always a single packet) */
export function mutate(r: () => number, f: Frame, v: Version): Buffer {
  const type = f.b0 >> 4;
  const body = Buffer.from(f.body);
  switch (int(r, 12)) {
    case 0: // truncated body, remaining length kept (the next packet's bytes get read as this one's) or fixed
      return r() < 0.5 ? encode(f).subarray(0, 1 + int(r, encode(f).length)) : encode({ b0: f.b0, body: body.subarray(0, int(r, body.length + 1)) });
    case 1: // bit flips
      for (let i = 0; i < 1 + int(r, 4); i++) if (body.length) body[int(r, body.length)] ^= 1 << int(r, 8);
      return encode({ b0: f.b0, body });
    case 2: // remaining length that disagrees with the body
      return Buffer.concat([Buffer.from([f.b0]), varint(Math.max(0, body.length + int(r, 7) - 3)), body]);
    case 3: // fixed header flags
      return encode({ b0: (f.b0 & 0xf0) | int(r, 16), body });
    case 4: {
      // packet identifier 0, or missing
      if (!ID_TYPES.has(type)) return encode({ b0: f.b0, body: Buffer.alloc(0) });
      const at = type === 3 ? 2 + body.readUInt16BE(0) : 0;
      if ((type === 3 && !((f.b0 >> 1) & 3)) || at + 2 > body.length) return encode(f);
      if (r() < 0.5) body.writeUInt16BE(0, at);
      return encode({ b0: f.b0, body: r() < 0.5 ? body : Buffer.concat([body.subarray(0, at), body.subarray(at + 2 + int(r, 2) - 1)]) });
    }
    case 5:
    case 6: {
      // v5 property section: insert a property (fixing lengths) or break its length
      const at = v === 5 ? propsAt(f) : undefined;
      if (at === undefined || at >= body.length) return encode(f);
      const len = body[at] & 0x7f; // corpus property sections are under 128 bytes
      if (r() < 0.3) {
        body[at] = int(r, 256);
        return encode({ b0: f.b0, body });
      }
      const extra = pick(r, PROPERTIES);
      const fixed = Buffer.concat([body.subarray(0, at), varint(len + extra.length), body.subarray(at + 1, at + 1 + len), extra, body.subarray(at + 1 + len)]);
      return encode({ b0: f.b0, body: fixed });
    }
    case 7: // empty topic list / empty body
      if (type === 8 || type === 10) return encode({ b0: f.b0, body: body.subarray(0, v === 5 ? 3 : 2) });
      return encode({ b0: f.b0, body: Buffer.alloc(int(r, 2)) });
    case 8: // noise
      return Buffer.from(Array.from({ length: 1 + int(r, 24) }, () => int(r, 256)));
    case 9: {
      // two packets spliced
      const other = encode(pick(r, CORPUS[v]));
      const a = encode(f);
      return Buffer.concat([a.subarray(0, int(r, a.length)), other.subarray(int(r, other.length))]);
    }
    case 10: // a remaining length far beyond the maximum packet size
      return Buffer.concat([Buffer.from([f.b0]), varint(int(r, 268_435_455)), body]);
    default:
      return encode(f);
  }
}

/**
 * Reads the broker's answers strictly: each frame's remaining length must match what its type carries, identifiers
 * must be non-zero, v5 property lengths must fit. Returns the problems found (framing errors); `v` undefined
 * checks the fixed header and lengths only (the CONNECT sent was itself mutated).
 */
export class ReplyReader {
  private buf: Buffer = Buffer.alloc(0);
  frames = 0;
  readonly errors: string[] = [];

  constructor(private readonly v: Version | undefined) {}

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (this.buf.length < 2) return;
      let len = 0;
      let mul = 1;
      let i = 1;
      for (;;) {
        if (i >= this.buf.length) return;
        const b = this.buf[i++];
        len += (b & 0x7f) * mul;
        mul *= 128;
        if (!(b & 0x80)) break;
        if (i > 4) {
          this.errors.push(`bad remaining length ${this.buf.subarray(0, 6).toString('hex')}`);
          this.buf = Buffer.alloc(0);
          return;
        }
      }
      if (this.buf.length < i + len) return;
      const b0 = this.buf[0];
      const body = this.buf.subarray(i, i + len);
      this.buf = this.buf.subarray(i + len);
      this.frames++;
      const problem = this.check(b0, body);
      if (problem) this.errors.push(`${problem}: ${Buffer.from([b0]).toString('hex')} ${body.subarray(0, 32).toString('hex')}`);
    }
  }

  /** the connection closed: bytes of an unfinished frame mean a header promised more than was sent */
  close(): void {
    if (this.buf.length > 0) this.errors.push(`frame cut short at close: ${this.buf.subarray(0, 16).toString('hex')}`);
    this.buf = Buffer.alloc(0);
  }

  private props(body: Buffer, at: number): boolean {
    if (at === body.length) return true;
    let len = 0;
    let mul = 1;
    let i = at;
    for (;;) {
      if (i >= body.length) return false;
      const b = body[i++];
      len += (b & 0x7f) * mul;
      mul *= 128;
      if (!(b & 0x80)) break;
    }
    return i + len <= body.length;
  }

  private check(b0: number, body: Buffer): string | undefined {
    const type = b0 >> 4;
    const flags = b0 & 0x0f;
    const v = this.v;
    const id = body.length >= 2 ? body.readUInt16BE(0) : -1;
    if (![2, 3, 4, 5, 6, 7, 9, 11, 13, 14, 15].includes(type)) return `type ${type} from a server`;
    if (type !== 3 && flags !== (type === 6 ? 2 : 0)) return 'reserved flags';
    if (v === undefined) return undefined;
    switch (type) {
      case 2:
        return v === 4 ? (body.length === 2 ? undefined : 'CONNACK length') : body.length >= 3 && this.props(body, 2) ? undefined : 'CONNACK v5 properties';
      case 3: {
        const qos = (flags >> 1) & 3;
        if (qos === 3 || body.length < 2) return 'PUBLISH header';
        const at = 2 + body.readUInt16BE(0);
        if (at > body.length) return 'PUBLISH topic length';
        if (qos > 0 && (at + 2 > body.length || body.readUInt16BE(at) === 0)) return 'PUBLISH packet identifier';
        return v === 5 && !this.props(body, at + (qos > 0 ? 2 : 0)) ? 'PUBLISH properties' : undefined;
      }
      case 4:
      case 5:
      case 6:
      case 7:
        if (id <= 0) return 'ack without identifier';
        if (v === 4) return body.length === 2 ? undefined : 'v3 ack length';
        return body.length <= 3 || this.props(body, 3) ? undefined : 'ack properties';
      case 9:
      case 11:
        if (id <= 0) return 'ack without identifier';
        if (v === 4) return type === 11 ? (body.length === 2 ? undefined : 'UNSUBACK length') : body.length >= 3 ? undefined : 'SUBACK without codes';
        return body.length >= 4 && this.props(body, 2) ? undefined : 'v5 SUBACK/UNSUBACK';
      case 13:
        return body.length === 0 ? undefined : 'PINGRESP length';
      case 14:
        return v === 4 ? 'DISCONNECT to a v3.1.1 client' : body.length <= 1 || this.props(body, 1) ? undefined : 'DISCONNECT properties';
      default:
        return v === 4 ? 'AUTH to a v3.1.1 client' : undefined;
    }
  }
}
