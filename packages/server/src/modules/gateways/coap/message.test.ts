/**
 * Byte tables from RFC 7252 (Appendix A examples, §3 header, §3.1 option encoding) and RFC 7641 (Observe): decoding
 * the octets gives the message and encoding the message gives the octets.
 */
import { describe, expect, it } from 'vitest';
import { decode, encode, encodeUint, decodeUint, uriPath, uriQuery, reply, OPT, type CoapMessage } from './message';

const B = (...xs: number[]) => Buffer.from(xs);
const S = (s: string) => [...Buffer.from(s, 'utf8')];
const E = Buffer.alloc(0);

const table: Array<[string, Buffer, CoapMessage]> = [
  // A.1: CON GET, MID 0x7d34, no token, Uri-Path "temperature" (delta 11, length 11 → 0xbb)
  [
    'CON GET /temperature',
    B(0x40, 0x01, 0x7d, 0x34, 0xbb, ...S('temperature')),
    { type: 'CON', code: '0.01', messageId: 0x7d34, token: E, options: [{ number: 11, value: Buffer.from('temperature') }], payload: E },
  ],
  // A.1: ACK 2.05 piggybacked, payload "22.3 C" after the 0xff marker
  ['ACK 2.05 "22.3 C"', B(0x60, 0x45, 0x7d, 0x34, 0xff, ...S('22.3 C')), { type: 'ACK', code: '2.05', messageId: 0x7d34, token: E, options: [], payload: Buffer.from('22.3 C') }],
  // A.2: token 0x20 (TKL 1), 2.05 with payload
  [
    'ACK 2.05 with a 1-byte token',
    B(0x61, 0x45, 0xbc, 0x90, 0x71, 0xff, ...S('22.3 C')),
    { type: 'ACK', code: '2.05', messageId: 0xbc90, token: B(0x71), options: [], payload: Buffer.from('22.3 C') },
  ],
  // §4.3: an empty ACK (code 0.00) is 4 bytes
  ['empty ACK', B(0x60, 0x00, 0x12, 0x34), { type: 'ACK', code: '0.00', messageId: 0x1234, token: E, options: [], payload: E }],
  ['RST', B(0x70, 0x00, 0x12, 0x34), { type: 'RST', code: '0.00', messageId: 0x1234, token: E, options: [], payload: E }],
  // RFC 7641: NON GET with Observe=0 (option 6, empty value → 0x60), then Uri-Path "ps" (delta 5 → 0x52)
  [
    'NON GET observe=0 /ps/t',
    B(0x52, 0x01, 0x00, 0x07, 0xaa, 0xbb, 0x60, 0x52, ...S('ps'), 0x01, ...S('t')),
    {
      type: 'NON',
      code: '0.01',
      messageId: 7,
      token: B(0xaa, 0xbb),
      options: [
        { number: 6, value: E },
        { number: 11, value: Buffer.from('ps') },
        { number: 11, value: Buffer.from('t') },
      ],
      payload: E,
    },
  ],
  // §3.1: Uri-Query (15) after Uri-Path (11): delta 4; a 13-byte value uses the extended length nibble 13 (+0)
  [
    'POST with Uri-Query of 13 bytes',
    B(0x40, 0x02, 0x00, 0x01, 0xb2, ...S('ps'), 0x4d, 0x00, ...S('clientid=dev1')),
    {
      type: 'CON',
      code: '0.02',
      messageId: 1,
      token: E,
      options: [
        { number: 11, value: Buffer.from('ps') },
        { number: 15, value: Buffer.from('clientid=dev1') },
      ],
      payload: E,
    },
  ],
  // §3.1: option 60 (Size1) from 0 needs the extended delta 13 (+47)
  [
    'Size1 option, extended delta',
    B(0x40, 0x02, 0x00, 0x02, 0xd1, 47, 0x10),
    { type: 'CON', code: '0.02', messageId: 2, token: E, options: [{ number: 60, value: B(0x10) }], payload: E },
  ],
];

describe('CoAP message codec', () => {
  it.each(table)('%s decodes', (_n, bytes, msg) => {
    expect(decode(bytes)).toEqual(msg);
  });
  it.each(table)('%s encodes', (_n, bytes, msg) => {
    expect(encode(msg).toString('hex')).toBe(bytes.toString('hex'));
  });
  it('refuses a datagram that is not CoAP version 1', () => {
    expect(() => decode(B(0x80, 0x01, 0x00, 0x01))).toThrow(/version/);
    expect(() => decode(B(0x40, 0x01))).toThrow(/shorter/);
  });
  it('encodes unsigned option values in the fewest bytes (RFC 7252 §3.2)', () => {
    expect(encodeUint(0)).toEqual(E);
    expect(encodeUint(1)).toEqual(B(1));
    expect(encodeUint(256)).toEqual(B(1, 0));
    expect(encodeUint(0xffffff)).toEqual(B(0xff, 0xff, 0xff));
    expect(decodeUint(B(1, 0))).toBe(256);
    expect(decodeUint(E)).toBe(0);
  });
  it("reads paths and queries with EMQX's short names expanded", () => {
    const m = decode(
      encode({
        type: 'CON',
        code: '0.02',
        messageId: 3,
        token: E,
        options: [
          { number: OPT.URI_PATH, value: Buffer.from('ps') },
          { number: OPT.URI_PATH, value: Buffer.from('a b') },
          { number: OPT.URI_QUERY, value: Buffer.from('c=dev1') },
          { number: OPT.URI_QUERY, value: Buffer.from('u=user') },
          { number: OPT.URI_QUERY, value: Buffer.from('p=a=b') },
          { number: OPT.URI_QUERY, value: Buffer.from('retain') },
        ],
        payload: E,
      }),
    );
    expect(uriPath(m)).toEqual(['ps', 'a b']);
    expect(uriQuery(m)).toEqual({ clientid: 'dev1', username: 'user', password: 'a=b', retain: '' });
  });
  it('answers a CON request in its ACK and a NON request with NON, same id and token', () => {
    const con = decode(B(0x41, 0x01, 0x00, 0x09, 0x33));
    expect(reply(con, '2.05', 'x')).toMatchObject({ type: 'ACK', messageId: 9, token: B(0x33), code: '2.05' });
    const non = decode(B(0x51, 0x01, 0x00, 0x0a, 0x34));
    expect(reply(non, '4.00')).toMatchObject({ type: 'NON', messageId: 10, token: B(0x34), code: '4.00' });
  });
});
