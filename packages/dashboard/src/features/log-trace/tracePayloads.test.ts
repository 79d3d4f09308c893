// Payloads read back from trace lines in both formats and all encodings, so the trace view can decode them.
import { describe, expect, it } from 'vitest';
import { tracePayloads } from './tracePayloads';

const b64 = (s: string) => btoa(s);

describe('tracePayloads', () => {
  it('reads text-format lines: hex exactly, text as UTF-8 (over several lines), hidden not at all', () => {
    const log = [
      '2026-11-26T22:00:00.000001+00:00 [PUBLISH] c1@127.0.0.1:5000 msg: publish_to, payload_encode: hex, qos: 1, retain: false, topic: sensors/a, payload: 0A06626F696C6572',
      '2026-11-26T22:00:01.000001+00:00 [PUBLISH] c1@127.0.0.1:5000 msg: publish_to, payload_encode: text, qos: 0, topic: t/1, payload: line one',
      'line two',
      '2026-11-26T22:00:02.000001+00:00 [PUBLISH] c1@127.0.0.1:5000 msg: publish_to, payload_encode: hidden, topic: t/2, payload: ******',
      '2026-11-26T22:00:03.000001+00:00 [SUBSCRIBE] c1@127.0.0.1:5000 msg: subscribe, topic: t/#',
      '',
    ].join('\n');
    expect(tracePayloads(log)).toEqual([
      { line: 2, time: '2026-11-26T22:00:01.000001+00:00', msg: 'publish_to', topic: 't/1', base64: b64('line one\nline two') },
      { line: 1, time: '2026-11-26T22:00:00.000001+00:00', msg: 'publish_to', topic: 'sensors/a', base64: b64('\n\u0006boiler') },
    ]);
  });

  it('reads json-format lines and keeps the newest first, at most max', () => {
    const line = (n: number) => JSON.stringify({ time: `t${n}`, level: 'debug', msg: 'publish', meta: { topic: `x/${n}`, payload: 'FF00', payload_encode: 'hex' } });
    const log = [1, 2, 3].map(line).join('\n');
    expect(tracePayloads(log, 2)).toEqual([
      { line: 3, time: 't3', msg: 'publish', topic: 'x/3', base64: btoa('\xff\x00') },
      { line: 2, time: 't2', msg: 'publish', topic: 'x/2', base64: btoa('\xff\x00') },
    ]);
    expect(tracePayloads('{"meta": {"payload": "zz", "payload_encode": "hex"}}\nnot json {')).toEqual([]);
  });
});
