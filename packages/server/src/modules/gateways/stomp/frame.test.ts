// STOMP frames byte by byte, from the STOMP 1.2 specification's grammar and EMQX's frame limits.
import { describe, expect, test } from 'vitest';
import { StompFrameError, StompParser, encodeFrame, header, type StompFrame } from './frame';

const bytes = (s: string) => Buffer.from(s, 'binary');
const parse = (s: string | Buffer, limits?: ConstructorParameters<typeof StompParser>[0]) => new StompParser(limits).push(typeof s === 'string' ? bytes(s) : s);
const view = (f: StompFrame) => ({ command: f.command, headers: f.headers, body: f.body.toString('binary') });

describe('parser', () => {
  test('CONNECT with LF and CRLF line ends', () => {
    expect(parse('CONNECT\naccept-version:1.2\nhost:h\n\n\0').map(view)).toEqual([
      {
        command: 'CONNECT',
        headers: [
          ['accept-version', '1.2'],
          ['host', 'h'],
        ],
        body: '',
      },
    ]);
    expect(parse('SEND\r\ndestination:/a\r\n\r\nhi\0').map(view)).toEqual([{ command: 'SEND', headers: [['destination', '/a']], body: 'hi' }]);
  });

  test('content-length bodies may hold NUL octets; the byte after them must be NUL', () => {
    const [f] = parse(Buffer.concat([bytes('SEND\ndestination:t\ncontent-length:3\n\n'), Buffer.from([1, 0, 2, 0])]));
    expect([...f.body]).toEqual([1, 0, 2]);
    expect(() => parse('SEND\ncontent-length:2\n\nabc\0')).toThrow(StompFrameError);
  });

  test('frames split at every byte boundary come out whole, heart-beats between frames are frames of their own', () => {
    const wire = bytes('\nSEND\ndestination:a\n\nx\0\r\nSEND\ndestination:b\ncontent-length:1\n\ny\0');
    const p = new StompParser();
    const out: StompFrame[] = [];
    for (const b of wire) out.push(...p.push(Buffer.from([b])));
    expect(out.map((f) => [f.command, header(f, 'destination'), f.body.toString()])).toEqual([
      ['HEARTBEAT', undefined, ''],
      ['SEND', 'a', 'x'],
      ['HEARTBEAT', undefined, ''],
      ['SEND', 'b', 'y'],
    ]);
  });

  test('1.2 escapes are decoded except in CONNECT; a repeated header keeps its first value', () => {
    const [f] = parse('SEND\nde\\cst:a\\nb\\\\c\\rd\nx:1\nx:2\n\n\0');
    expect(f.headers).toEqual([
      ['de:st', 'a\nb\\c\rd'],
      ['x', '1'],
    ]);
    const [c] = parse('CONNECT\npasscode:a\\cb\n\n\0');
    expect(header(c, 'passcode')).toBe('a\\cb');
    expect(() => parse('SEND\nd:a\\tb\n\n\0')).toThrow(/undefined escape sequence/);
  });

  test("EMQX's frame limits: headers, header length, body length", () => {
    const limits = { max_headers: 2, max_headers_length: 10, max_body_length: 4 };
    expect(() => parse('SEND\na:1\nb:2\nc:3\n\n\0', limits)).toThrow(expect.objectContaining({ reason: 'too_many_headers' }));
    expect(() => parse('SEND\nabcde:123456\n\n\0', limits)).toThrow(expect.objectContaining({ reason: 'too_long_header' }));
    expect(() => parse('SEND\na:1\n\n12345\0', limits)).toThrow(expect.objectContaining({ reason: 'too_long_body' }));
    expect(() => parse('SEND\ncontent-length:5\n\n', { ...limits, max_headers_length: 20 })).toThrow(expect.objectContaining({ reason: 'too_long_body' }));
    // a body without NUL that is already longer than the limit is refused before its end arrives
    expect(() => parse('SEND\na:1\n\n123456', limits)).toThrow(expect.objectContaining({ reason: 'too_long_body' }));
    expect(parse('SEND\na:1\nb:2\n\n1234\0', limits)).toHaveLength(1);
  });

  test('malformed frames', () => {
    expect(() => parse('\rX')).toThrow(expect.objectContaining({ reason: 'linefeed_expected' }));
    expect(() => parse('SEND\nno-colon\n\n\0')).toThrow(expect.objectContaining({ reason: 'unexpected_linefeed' }));
    expect(() => parse('SEND\ncontent-length:x\n\n\0')).toThrow(expect.objectContaining({ reason: 'bad_content_length' }));
  });
});

describe('serializer', () => {
  test('MESSAGE with escaped headers and content-length', () => {
    const out = encodeFrame({
      command: 'MESSAGE',
      headers: [
        ['subscription', '0'],
        ['destination', 'a:b\nc'],
      ],
      body: 'hi',
    });
    expect(out.toString('binary')).toBe('MESSAGE\nsubscription:0\ndestination:a\\cb\\nc\ncontent-length:2\n\nhi\0');
  });

  test('CONNECTED is not escaped, an empty body has no content-length, a heart-beat is one LF', () => {
    expect(encodeFrame({ command: 'CONNECTED', headers: [['heart-beat', '0,0']] }).toString('binary')).toBe('CONNECTED\nheart-beat:0,0\n\n\0');
    expect(encodeFrame({ command: 'HEARTBEAT' })).toEqual(Buffer.from([0x0a]));
  });

  test('round trip', () => {
    const f = { command: 'SEND', headers: [['destination', 'x:y\\z'] as [string, string]], body: Buffer.from([0, 1, 2]) };
    const [back] = parse(encodeFrame(f));
    expect(view(back)).toEqual({ command: 'SEND', headers: [...f.headers, ['content-length', '3']], body: '\0\x01\x02' });
  });
});
