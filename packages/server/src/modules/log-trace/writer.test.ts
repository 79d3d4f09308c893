// The trace file stops growing at its size limit (EMQX's halt handler), and the text/json lines as EMQX's
// formatters write them, with the payload in the trace's encoding.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TraceWriter } from './writer';
import { encodePayload, formatEntry } from './line-format';

describe('TraceWriter', () => {
  test('takes no line that would pass the limit, and keeps what fits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mqdeck-trace-'));
    try {
      const w = new TraceWriter(join(dir, 'sub', 't.log'), 25);
      w.write('0123456789\n');
      w.write('0123456789\n');
      w.write('0123456789\n'); // 33 bytes would pass 25
      w.write('ab\n'); // 25 exactly
      await w.flush();
      w.close();
      expect(readFileSync(join(dir, 'sub', 't.log'), 'utf8')).toBe('0123456789\n0123456789\nab\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('lines', () => {
  const entry = { tag: 'PUBLISH', msg: 'publish_to', clientid: 'c1', peername: '127.0.0.1:5000', meta: { topic: 't/1', qos: 1, payload: Buffer.from('hi') } };
  const at = Date.UTC(2030, 0, 2, 3, 4, 5) * 1000 + 123456;

  test('text: time with microseconds, tag, client@peer, msg, sorted keys, payload last', () => {
    const line = formatEntry(entry, 'text', 'text', at);
    expect(line).toMatch(
      /^2030-01-0\dT\d\d:04:05\.123456[+-]\d\d:\d\d \[PUBLISH\] c1@127\.0\.0\.1:5000 msg: publish_to, payload_encode: text, qos: 1, topic: t\/1, payload: hi\n$/,
    );
  });

  test('json: time, level, msg and meta with the encoded payload', () => {
    const parsed = JSON.parse(formatEntry(entry, 'hex', 'json', at));
    expect(parsed).toMatchObject({
      level: 'debug',
      msg: 'publish_to',
      meta: { clientid: 'c1', peername: '127.0.0.1:5000', trace_tag: 'PUBLISH', topic: 't/1', qos: 1, payload: '6869', payload_encode: 'hex' },
    });
  });

  test('payload encodings: text, hex, hidden; bytes that are not UTF-8 fall back to hex', () => {
    expect(encodePayload(Buffer.from('héllo'), 'text')).toEqual({ payload: 'héllo', encode: 'text' });
    expect(encodePayload(Buffer.from([0xff, 0x00]), 'text')).toEqual({ payload: 'FF00', encode: 'hex' });
    expect(encodePayload(Buffer.from('a'), 'hex')).toEqual({ payload: '61', encode: 'hex' });
    expect(encodePayload(Buffer.from('secret'), 'hidden')).toEqual({ payload: '******', encode: 'hidden' });
  });
});
