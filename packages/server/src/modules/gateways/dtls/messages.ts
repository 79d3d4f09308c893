/** Bodies of the DTLS 1.2 handshake messages this server reads and writes (RFC 5246 §7.4, RFC 6347 §4.2.1, RFC 8422). */

export const ALERT = {
  close_notify: 0,
  unexpected_message: 10,
  bad_record_mac: 20,
  handshake_failure: 40,
  bad_certificate: 42,
  unsupported_certificate: 43,
  certificate_expired: 45,
  certificate_unknown: 46,
  illegal_parameter: 47,
  unknown_ca: 48,
  decode_error: 50,
  decrypt_error: 51,
  protocol_version: 70,
  insufficient_security: 71,
  internal_error: 80,
  no_renegotiation: 100,
} as const;

export const EXT = {
  supported_groups: 10,
  ec_point_formats: 11,
  signature_algorithms: 13,
  extended_master_secret: 23,
  renegotiation_info: 0xff01,
} as const;

export const SUITE = {
  ECDHE_ECDSA_AES_128_GCM_SHA256: 0xc02b,
  ECDHE_RSA_AES_128_GCM_SHA256: 0xc02f,
  EMPTY_RENEGOTIATION_INFO_SCSV: 0x00ff,
} as const;

/** A refusal: the handshake ends with this fatal alert. */
export class Alert extends Error {
  constructor(
    readonly description: number,
    message: string,
  ) {
    super(message);
  }
}

/** A decoding failure: the handshake ends with a decode_error alert. */
export class DecodeError extends Error {}

class Reader {
  off = 0;
  constructor(private readonly b: Buffer) {}
  need(n: number): void {
    if (this.off + n > this.b.length) throw new DecodeError('handshake message truncated');
  }
  u8(): number {
    this.need(1);
    return this.b[this.off++];
  }
  u16(): number {
    this.need(2);
    const v = this.b.readUInt16BE(this.off);
    this.off += 2;
    return v;
  }
  u24(): number {
    this.need(3);
    const v = this.b.readUIntBE(this.off, 3);
    this.off += 3;
    return v;
  }
  bytes(n: number): Buffer {
    this.need(n);
    const v = this.b.subarray(this.off, this.off + n);
    this.off += n;
    return v;
  }
  vec8(): Buffer {
    return this.bytes(this.u8());
  }
  vec16(): Buffer {
    return this.bytes(this.u16());
  }
  vec24(): Buffer {
    return this.bytes(this.u24());
  }
  get done(): boolean {
    return this.off === this.b.length;
  }
}

function u16list(b: Buffer): number[] {
  if (b.length % 2) throw new DecodeError('odd-length list');
  const out: number[] = [];
  for (let i = 0; i < b.length; i += 2) out.push(b.readUInt16BE(i));
  return out;
}

export interface ClientHello {
  version: number;
  random: Buffer;
  sessionId: Buffer;
  cookie: Buffer;
  suites: number[];
  compressions: Buffer;
  extensions: Map<number, Buffer>;
}

export function parseClientHello(body: Buffer): ClientHello {
  const r = new Reader(body);
  const version = r.u16();
  const random = r.bytes(32);
  const sessionId = r.vec8();
  const cookie = r.vec8();
  const suites = u16list(r.vec16());
  const compressions = r.vec8();
  const extensions = new Map<number, Buffer>();
  if (!r.done) {
    const ext = new Reader(r.vec16());
    while (!ext.done) {
      const t = ext.u16();
      const data = ext.vec16();
      if (extensions.has(t)) throw new DecodeError('duplicate extension');
      extensions.set(t, data);
    }
  }
  if (!r.done) throw new DecodeError('trailing bytes after ClientHello');
  return { version, random, sessionId, cookie, suites, compressions, extensions };
}

/** The named groups of the supported_groups extension (RFC 8422 §5.1.1). */
export function clientGroups(ch: ClientHello): number[] {
  const e = ch.extensions.get(EXT.supported_groups);
  return e ? u16list(new Reader(e).vec16()) : [];
}

/** The SignatureAndHashAlgorithm codes of signature_algorithms (RFC 5246 §7.4.1.4.1). */
export function clientSigAlgs(ch: ClientHello): number[] {
  const e = ch.extensions.get(EXT.signature_algorithms);
  return e ? u16list(new Reader(e).vec16()) : [];
}

export function helloVerifyRequest(cookie: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0xfe, 0xff, cookie.length]), cookie]);
}

function u16(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v);
  return b;
}

function u24(v: number): Buffer {
  const b = Buffer.alloc(3);
  b.writeUIntBE(v, 0, 3);
  return b;
}

export function vec16(data: Buffer): Buffer {
  return Buffer.concat([u16(data.length), data]);
}

export function serverHello(random: Buffer, suite: number, extensions: Array<[number, Buffer]>): Buffer {
  const parts = [u16(0xfefd), random, Buffer.from([0]), u16(suite), Buffer.from([0])];
  if (extensions.length) parts.push(vec16(Buffer.concat(extensions.map(([t, d]) => Buffer.concat([u16(t), vec16(d)])))));
  return Buffer.concat(parts);
}

export function certificateMessage(chain: Buffer[]): Buffer {
  const list = Buffer.concat(chain.map((c) => Buffer.concat([u24(c.length), c])));
  return Buffer.concat([u24(list.length), list]);
}

export function parseCertificateMessage(body: Buffer): Buffer[] {
  const r = new Reader(body);
  const list = new Reader(r.vec24());
  if (!r.done) throw new DecodeError('trailing bytes after Certificate');
  const out: Buffer[] = [];
  while (!list.done) out.push(list.vec24());
  return out;
}

/** ServerECDHParams: named_curve, the group and the server's public point (RFC 8422 §5.4). */
export function ecdhParams(group: number, publicKey: Buffer): Buffer {
  return Buffer.concat([Buffer.from([3]), u16(group), Buffer.from([publicKey.length]), publicKey]);
}

export function digitallySigned(sigAlg: number, signature: Buffer): Buffer {
  return Buffer.concat([u16(sigAlg), vec16(signature)]);
}

export function parseDigitallySigned(body: Buffer): { sigAlg: number; signature: Buffer } {
  const r = new Reader(body);
  const sigAlg = r.u16();
  const signature = r.vec16();
  if (!r.done) throw new DecodeError('trailing bytes after CertificateVerify');
  return { sigAlg, signature };
}

/** CertificateRequest: rsa_sign and ecdsa_sign, the accepted algorithms, and the CAs' subject names (DER). */
export function certificateRequest(sigAlgs: number[], caNames: Buffer[]): Buffer {
  const names = Buffer.concat(caNames.map((n) => vec16(n)));
  return Buffer.concat([Buffer.from([2, 1, 64]), vec16(Buffer.concat(sigAlgs.map(u16))), vec16(names)]);
}

/** ClientKeyExchange of an ECDHE suite: the client's public point. */
export function parseEcdhClientKeyExchange(body: Buffer): Buffer {
  const r = new Reader(body);
  const point = r.vec8();
  if (!r.done || point.length === 0) throw new DecodeError('malformed ClientKeyExchange');
  return point;
}

export function alertBody(level: 1 | 2, description: number): Buffer {
  return Buffer.from([level, description]);
}

export const ALERT_NAME: Record<number, string> = Object.fromEntries(Object.entries(ALERT).map(([k, v]) => [v, k]));
