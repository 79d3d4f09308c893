/**
 * LwM2M TLV (OMA-TS-LightweightM2M-V1_0, §6.4.3; content format 11542). One entry per TLV: its kind (bits 7-6 of
 * the type byte), its identifier (8 or 16 bits, bit 5) and either raw bytes (resource values, resource instances)
 * or nested entries (object instances, multiple resources). The length uses 0, 1, 2 or 3 bytes (bits 4-3), or the
 * 3-bit inline length (bits 2-0) when it is below 8.
 */
export type Tlv =
  | { kind: 'object_instance'; id: number; value: Tlv[] }
  | { kind: 'multiple_resource'; id: number; value: Tlv[] }
  | { kind: 'resource_instance'; id: number; value: Buffer }
  | { kind: 'resource_with_value'; id: number; value: Buffer };

const KIND_BITS = { object_instance: 0, resource_instance: 1, multiple_resource: 2, resource_with_value: 3 } as const;
const KINDS = ['object_instance', 'resource_instance', 'multiple_resource', 'resource_with_value'] as const;

export class TlvError extends Error {}

export function parseTlv(buf: Buffer): Tlv[] {
  const out: Tlv[] = [];
  let i = 0;
  while (i < buf.length) {
    const type = buf[i];
    i += 1;
    const kind = KINDS[type >> 6];
    const idLen = type & 0x20 ? 2 : 1;
    const lenType = (type >> 3) & 0x03;
    if (i + idLen + lenType > buf.length) throw new TlvError('TLV header runs past the end');
    const id = idLen === 2 ? buf.readUInt16BE(i) : buf[i];
    i += idLen;
    let len = type & 0x07;
    if (lenType > 0) {
      len = buf.readUIntBE(i, lenType);
      i += lenType;
    }
    if (i + len > buf.length) throw new TlvError('TLV value runs past the end');
    const value = buf.subarray(i, i + len);
    i += len;
    if (kind === 'object_instance' || kind === 'multiple_resource') out.push({ kind, id, value: parseTlv(value) });
    else out.push({ kind, id, value: Buffer.from(value) });
  }
  return out;
}

export function encodeTlv(items: Tlv[]): Buffer {
  return Buffer.concat(
    items.map((t) => {
      const value = t.kind === 'object_instance' || t.kind === 'multiple_resource' ? encodeTlv(t.value) : t.value;
      if (t.id < 0 || t.id > 0xffff) throw new TlvError(`TLV identifier ${t.id} out of range`);
      const wideId = t.id > 0xff;
      const size = value.length;
      const lenBytes = size < 8 ? 0 : size < 0x100 ? 1 : size < 0x10000 ? 2 : 3;
      if (size > 0xffffff) throw new TlvError('TLV value longer than 16 MB');
      let type = (KIND_BITS[t.kind] << 6) | (wideId ? 0x20 : 0) | (lenBytes << 3);
      if (lenBytes === 0) type |= size;
      const head = Buffer.alloc(1 + (wideId ? 2 : 1) + lenBytes);
      head[0] = type;
      if (wideId) head.writeUInt16BE(t.id, 1);
      else head[1] = t.id;
      if (lenBytes > 0) head.writeUIntBE(size, wideId ? 3 : 2, lenBytes);
      return Buffer.concat([head, value]);
    }),
  );
}

/** Integer resource values: the shortest of 1, 2, 4 or 8 bytes, two's complement, big-endian (§C.1 "Integer"). */
export function encodeInteger(n: number | bigint): Buffer {
  const v = BigInt(n);
  for (const bytes of [1, 2, 4, 8]) {
    const min = -(1n << BigInt(bytes * 8 - 1));
    const max = (1n << BigInt(bytes * 8 - 1)) - 1n;
    if (v >= min && v <= max) {
      const b = Buffer.alloc(bytes);
      if (bytes === 8) b.writeBigInt64BE(v, 0);
      else b.writeIntBE(Number(v), 0, bytes);
      return b;
    }
  }
  throw new TlvError(`integer ${String(n)} does not fit 64 bits`);
}

export function decodeInteger(b: Buffer): number {
  switch (b.length) {
    case 1:
      return b.readInt8(0);
    case 2:
      return b.readInt16BE(0);
    case 4:
      return b.readInt32BE(0);
    case 8:
      return Number(b.readBigInt64BE(0));
    default:
      throw new TlvError(`an integer is 1, 2, 4 or 8 bytes, not ${b.length}`);
  }
}

/** Float: 4 or 8 bytes IEEE 754; Boolean: one byte 0/1; Time: an integer of seconds. */
export function decodeFloat(b: Buffer): number {
  if (b.length === 4) return b.readFloatBE(0);
  if (b.length === 8) return b.readDoubleBE(0);
  throw new TlvError(`a float is 4 or 8 bytes, not ${b.length}`);
}
