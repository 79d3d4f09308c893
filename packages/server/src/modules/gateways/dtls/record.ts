/**
 * The DTLS 1.2 record layer (RFC 6347 §4.1): 13-byte record headers, several records per datagram, the anti-replay
 * window of §4.1.2.6, and the AES-128-GCM record protection of RFC 5288 with the explicit nonce = epoch + sequence.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

export const CONTENT = { change_cipher_spec: 20, alert: 21, handshake: 22, application_data: 23 } as const;
export const DTLS12 = 0xfefd;
export const DTLS10 = 0xfeff;
export const RECORD_HEADER = 13;

export interface DtlsRecord {
  type: number;
  version: number;
  epoch: number;
  /** 48-bit sequence number (exact in a JS number) */
  seq: number;
  fragment: Buffer;
}

/** Splits a datagram into records; a truncated or unknown-typed trailing record ends the walk (RFC 6347 §4.1.2.7: drop). */
export function parseRecords(datagram: Buffer): DtlsRecord[] {
  const out: DtlsRecord[] = [];
  let off = 0;
  while (off + RECORD_HEADER <= datagram.length) {
    const type = datagram[off];
    const version = datagram.readUInt16BE(off + 1);
    const epoch = datagram.readUInt16BE(off + 3);
    const seq = datagram.readUIntBE(off + 5, 6);
    const len = datagram.readUInt16BE(off + 11);
    if (off + RECORD_HEADER + len > datagram.length) break;
    if (type < 20 || type > 23 || version >> 8 !== 0xfe) break;
    out.push({ type, version, epoch, seq, fragment: datagram.subarray(off + RECORD_HEADER, off + RECORD_HEADER + len) });
    off += RECORD_HEADER + len;
  }
  return out;
}

export function recordHeader(type: number, version: number, epoch: number, seq: number, length: number): Buffer {
  const h = Buffer.alloc(RECORD_HEADER);
  h[0] = type;
  h.writeUInt16BE(version, 1);
  h.writeUInt16BE(epoch, 3);
  h.writeUIntBE(seq, 5, 6);
  h.writeUInt16BE(length, 11);
  return h;
}

/** RFC 6347 §4.1.2.6 sliding window of 64 sequence numbers; mark a number only after the record authenticated. */
export class ReplayWindow {
  private top = -1;
  private bits = 0n; // bit i set: top - i was received

  /** false for a duplicate or a number too old for the window */
  check(seq: number): boolean {
    if (seq > this.top) return true;
    const diff = this.top - seq;
    if (diff >= 64) return false;
    return ((this.bits >> BigInt(diff)) & 1n) === 0n;
  }

  mark(seq: number): void {
    if (seq > this.top) {
      const shift = this.top < 0 ? 64 : seq - this.top;
      this.bits = shift >= 64 ? 1n : ((this.bits << BigInt(shift)) | 1n) & 0xffffffffffffffffn;
      this.top = seq;
    } else {
      this.bits |= 1n << BigInt(this.top - seq);
    }
  }
}

function aad(epoch: number, seq: number, type: number, version: number, length: number): Buffer {
  const a = Buffer.alloc(13);
  a.writeUInt16BE(epoch, 0);
  a.writeUIntBE(seq, 2, 6);
  a[8] = type;
  a.writeUInt16BE(version, 9);
  a.writeUInt16BE(length, 11);
  return a;
}

/** AES-128-GCM for one direction of one epoch (RFC 5288 §3, RFC 6347 §4.1.2.1: the AAD's seq_num is epoch + sequence). */
export class GcmProtection {
  constructor(
    private readonly key: Buffer,
    private readonly salt: Buffer,
  ) {}

  seal(type: number, version: number, epoch: number, seq: number, plaintext: Buffer): Buffer {
    const explicit = Buffer.alloc(8);
    explicit.writeUInt16BE(epoch, 0);
    explicit.writeUIntBE(seq, 2, 6);
    const c = createCipheriv('aes-128-gcm', this.key, Buffer.concat([this.salt, explicit]));
    c.setAAD(aad(epoch, seq, type, version, plaintext.length));
    const body = Buffer.concat([c.update(plaintext), c.final()]);
    return Buffer.concat([explicit, body, c.getAuthTag()]);
  }

  /** the plaintext, or undefined when the record does not authenticate */
  open(rec: DtlsRecord): Buffer | undefined {
    const f = rec.fragment;
    if (f.length < 8 + 16) return undefined;
    const plainLen = f.length - 24;
    try {
      const d = createDecipheriv('aes-128-gcm', this.key, Buffer.concat([this.salt, f.subarray(0, 8)]));
      d.setAAD(aad(rec.epoch, rec.seq, rec.type, rec.version, plainLen));
      d.setAuthTag(f.subarray(f.length - 16));
      return Buffer.concat([d.update(f.subarray(8, f.length - 16)), d.final()]);
    } catch {
      return undefined;
    }
  }
}
