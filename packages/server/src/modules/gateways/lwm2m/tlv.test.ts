/**
 * Byte tables of OMA-TS-LightweightM2M-V1_0 §6.4.3 (TLV examples: the Device object, multiple resources, 16-bit
 * identifiers and lengths): parsing the octets gives the entries and encoding the entries gives the octets.
 */
import { describe, expect, it } from 'vitest';
import { decodeFloat, decodeInteger, encodeInteger, encodeTlv, parseTlv, TlvError, type Tlv } from './tlv';

const B = (...xs: number[]) => Buffer.from(xs);
const S = (s: string) => [...Buffer.from(s, 'utf8')];
const rv = (id: number, value: Buffer | string): Tlv => ({
  kind: 'resource_with_value',
  id,
  value: typeof value === 'string' ? Buffer.from(value) : value,
});
const ri = (id: number, value: Buffer): Tlv => ({ kind: 'resource_instance', id, value });

const table: Array<[string, Buffer, Tlv[]]> = [
  // Manufacturer (/3/0/0) = "Open Mobile Alliance": 0xC8 = resource with value, 8-bit id, 8-bit length
  ['one resource, 8-bit length', B(0xc8, 0x00, 0x14, ...S('Open Mobile Alliance')), [rv(0, 'Open Mobile Alliance')]],
  // Available Power Sources (/3/0/6) = [1, 5]: 0x86 = multiple resource, inline length 6; 0x41 = instance, length 1
  ['multiple resource with two instances', B(0x86, 0x06, 0x41, 0x00, 0x01, 0x41, 0x01, 0x05), [{ kind: 'multiple_resource', id: 6, value: [ri(0, B(1)), ri(1, B(5))] }]],
  // a 16-bit resource instance id (0x61 = instance, 16-bit id, inline length 1)
  ['16-bit resource instance id', B(0x87, 0x02, 0x41, 0x7f, 0x07, 0x61, 0x01, 0x36, 0x01), [{ kind: 'multiple_resource', id: 2, value: [ri(0x7f, B(7)), ri(0x136, B(1))] }]],
  // §6.4.3.1 Device object instance (head): Manufacturer, Model Number, Serial Number, Firmware Version, Power Sources
  [
    'Device object, single instance request',
    B(
      ...[0xc8, 0x00, 0x14, ...S('Open Mobile Alliance')],
      ...[0xc8, 0x01, 0x16, ...S('Lightweight M2M Client')],
      ...[0xc8, 0x02, 0x09, ...S('345000123')],
      ...[0xc3, 0x03, ...S('1.0')],
      ...[0x86, 0x06, 0x41, 0x00, 0x01, 0x41, 0x01, 0x05],
      ...[0x88, 0x07, 0x08, 0x42, 0x00, 0x0e, 0xd8, 0x42, 0x01, 0x13, 0x88],
      ...[0xc1, 0x09, 0x64],
      ...[0xc4, 0x0d, 0x51, 0x82, 0x42, 0x8f],
      ...[0xc6, 0x0e, ...S('+02:00')],
      ...[0xc1, 0x10, ...S('U')],
    ),
    [
      rv(0, 'Open Mobile Alliance'),
      rv(1, 'Lightweight M2M Client'),
      rv(2, '345000123'),
      rv(3, '1.0'),
      { kind: 'multiple_resource', id: 6, value: [ri(0, B(1)), ri(1, B(5))] },
      { kind: 'multiple_resource', id: 7, value: [ri(0, B(0x0e, 0xd8)), ri(1, B(0x13, 0x88))] },
      rv(9, B(0x64)),
      rv(13, B(0x51, 0x82, 0x42, 0x8f)),
      rv(14, '+02:00'),
      rv(16, 'U'),
    ],
  ],
  // object instances wrapping resources (0x08 = object instance, 8-bit length), as in §6.4.3.2
  [
    'two object instances',
    B(0x08, 0x00, 0x08, 0xc1, 0x00, 0x01, 0xc3, 0x01, ...S('abc'), 0x03, 0x01, 0xc1, 0x00, 0x02),
    [
      { kind: 'object_instance', id: 0, value: [rv(0, B(1)), rv(1, 'abc')] },
      { kind: 'object_instance', id: 1, value: [rv(0, B(2))] },
    ],
  ],
  // a 300-byte value needs a 16-bit length (0xD0 = resource with value, 8-bit id, 16-bit length)
  ['16-bit length', B(0xd0, 0x05, 0x01, 0x2c, ...new Array<number>(300).fill(0x61)), [rv(5, 'a'.repeat(300))]],
];

describe('LwM2M TLV', () => {
  it.each(table)('%s parses', (_n, bytes, tlv) => {
    expect(parseTlv(bytes)).toEqual(tlv);
  });
  it.each(table)('%s encodes', (_n, bytes, tlv) => {
    expect(encodeTlv(tlv).toString('hex')).toBe(bytes.toString('hex'));
  });
  it('refuses truncated input', () => {
    expect(() => parseTlv(B(0xc8, 0x00, 0x14, 0x41))).toThrow(TlvError);
    expect(() => parseTlv(B(0xd0, 0x05))).toThrow(TlvError);
  });
  it('encodes integers in 1, 2, 4 or 8 bytes and reads them back', () => {
    expect(encodeInteger(100)).toEqual(B(0x64));
    expect(encodeInteger(-1)).toEqual(B(0xff));
    expect(encodeInteger(3800)).toEqual(B(0x0e, 0xd8));
    expect(encodeInteger(1367491215)).toEqual(B(0x51, 0x82, 0x42, 0x8f));
    expect(encodeInteger(2 ** 40)).toEqual(B(0, 0, 0x01, 0, 0, 0, 0, 0));
    expect(decodeInteger(B(0x13, 0x88))).toBe(5000);
    expect(decodeInteger(B(0xff, 0xfe))).toBe(-2);
    expect(decodeFloat(B(0x3f, 0x80, 0, 0))).toBe(1);
  });
});
