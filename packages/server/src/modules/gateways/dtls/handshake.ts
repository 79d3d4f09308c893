/**
 * DTLS handshake message framing (RFC 6347 §4.2.2): the 12-byte header with message_seq and fragment offsets, splitting
 * an outgoing message into fragments that fit a datagram, and reassembling incoming fragments in any order.
 */
export const HS = {
  hello_request: 0,
  client_hello: 1,
  server_hello: 2,
  hello_verify_request: 3,
  certificate: 11,
  server_key_exchange: 12,
  certificate_request: 13,
  server_hello_done: 14,
  certificate_verify: 15,
  client_key_exchange: 16,
  finished: 20,
} as const;

export const HS_HEADER = 12;
/** a handshake message larger than this is refused (a client certificate chain fits well below it) */
export const MAX_HANDSHAKE_MESSAGE = 64 * 1024;

export interface HandshakeFragment {
  msgType: number;
  length: number;
  messageSeq: number;
  offset: number;
  body: Buffer;
}

/** The fragments in one handshake record; undefined when a header is malformed. */
export function parseFragments(fragment: Buffer): HandshakeFragment[] | undefined {
  const out: HandshakeFragment[] = [];
  let off = 0;
  while (off < fragment.length) {
    if (off + HS_HEADER > fragment.length) return undefined;
    const msgType = fragment[off];
    const length = fragment.readUIntBE(off + 1, 3);
    const messageSeq = fragment.readUInt16BE(off + 4);
    const offset = fragment.readUIntBE(off + 6, 3);
    const fragLen = fragment.readUIntBE(off + 9, 3);
    if (off + HS_HEADER + fragLen > fragment.length || offset + fragLen > length) return undefined;
    out.push({ msgType, length, messageSeq, offset, body: fragment.subarray(off + HS_HEADER, off + HS_HEADER + fragLen) });
    off += HS_HEADER + fragLen;
  }
  return out;
}

function header(msgType: number, length: number, messageSeq: number, offset: number, fragLen: number): Buffer {
  const h = Buffer.alloc(HS_HEADER);
  h[0] = msgType;
  h.writeUIntBE(length, 1, 3);
  h.writeUInt16BE(messageSeq, 4);
  h.writeUIntBE(offset, 6, 3);
  h.writeUIntBE(fragLen, 9, 3);
  return h;
}

/** The whole message as it enters the transcript (RFC 6347 §4.2.6: as if sent in one fragment). */
export function fullMessage(msgType: number, messageSeq: number, body: Buffer): Buffer {
  return Buffer.concat([header(msgType, body.length, messageSeq, 0, body.length), body]);
}

/** The message split into fragments of at most `maxBody` bytes of body, each with its own header. */
export function fragmentMessage(msgType: number, messageSeq: number, body: Buffer, maxBody: number): Buffer[] {
  if (body.length <= maxBody) return [fullMessage(msgType, messageSeq, body)];
  const out: Buffer[] = [];
  for (let off = 0; off < body.length; off += maxBody) {
    const part = body.subarray(off, Math.min(body.length, off + maxBody));
    out.push(Buffer.concat([header(msgType, body.length, messageSeq, off, part.length), part]));
  }
  return out;
}

interface Partial {
  msgType: number;
  body: Buffer;
  /** received [start, end) ranges, merged */
  ranges: Array<[number, number]>;
}

/** Collects fragments per message_seq; a message comes out once every byte arrived, in message_seq order. */
export class Reassembler {
  private readonly pending = new Map<number, Partial>();

  constructor(public nextSeq: number) {}

  /**
   * Adds a fragment. Returns 'old' for a message already processed (a retransmission of the peer's previous flight),
   * 'bad' for a fragment inconsistent with earlier ones, otherwise 'ok'.
   */
  add(f: HandshakeFragment): 'ok' | 'old' | 'bad' {
    if (f.messageSeq < this.nextSeq) return 'old';
    if (f.length > MAX_HANDSHAKE_MESSAGE || f.messageSeq > this.nextSeq + 8) return 'bad';
    let p = this.pending.get(f.messageSeq);
    if (!p) {
      p = { msgType: f.msgType, body: Buffer.alloc(f.length), ranges: [] };
      this.pending.set(f.messageSeq, p);
    } else if (p.msgType !== f.msgType || p.body.length !== f.length) {
      return 'bad';
    }
    f.body.copy(p.body, f.offset);
    p.ranges = merge([...p.ranges, [f.offset, f.offset + f.body.length]]);
    return 'ok';
  }

  /** the next complete message in order, if any */
  next(): { msgType: number; messageSeq: number; body: Buffer } | undefined {
    const p = this.pending.get(this.nextSeq);
    if (!p) return undefined;
    const complete = p.body.length === 0 || (p.ranges.length === 1 && p.ranges[0][0] === 0 && p.ranges[0][1] === p.body.length);
    if (!complete) return undefined;
    this.pending.delete(this.nextSeq);
    return { msgType: p.msgType, messageSeq: this.nextSeq++, body: p.body };
  }
}

function merge(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = ranges.filter(([a, b]) => b > a).sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}
