// EMQX's write_syntax parser and point rendering restated (emqx_bridge_influxdb_tests, the SUITE's typed values).
import { describe, expect, test } from 'vitest';
import { compileWriteSyntax, encodePoint, parseWriteSyntax, renderPoints } from './line-protocol';

const lines = (ws: string, data: unknown, precision: 'ns' | 'us' | 'ms' | 's' = 'ms') => renderPoints(compileWriteSyntax(ws), data, precision).map(encodePoint);

describe('parseWriteSyntax (EMQX to_influx_lines)', () => {
  test('measurement, tags, fields and timestamp, with placeholders and escapes', () => {
    expect(parseWriteSyntax('${topic},clientid=${clientid} payload=${payload},int=${payload.i}i ${timestamp}')).toEqual([
      {
        measurement: '${topic}',
        tags: [['clientid', '${clientid}']],
        fields: [
          ['payload', '${payload}'],
          ['int', '${payload.i}i'],
        ],
        timestamp: '${timestamp}',
      },
    ]);
    expect(parseWriteSyntax('m\\ 1\\,x,t\\=k=v\\ 1 f="a \\"q\\" \\\\ b"')).toEqual([
      { measurement: 'm 1,x', tags: [['t=k', 'v 1']], fields: [['f', { quoted: 'a "q" \\ b' }]], timestamp: undefined },
    ]);
  });

  test('several lines, leading spaces and newlines', () => {
    const parsed = parseWriteSyntax('\n  m1 a=1 1\n m2,t=x b=2\n');
    expect(parsed.map((l) => l.measurement)).toEqual(['m1', 'm2']);
    expect(parsed[0].timestamp).toBe('1');
  });

  test.each([[''], ['m'], ['m,'], ['m, f=1'], ['m,tag f=1'], ['m,tag=1, f=1'], ['m f= 1'], ['m f'], ['m f="unclosed'], ['m,t=1 f=1,'], ['m=x f=1 garbage and more']])(
    'refuses %j',
    (ws) => {
      expect(() => parseWriteSyntax(ws)).toThrow(/^Unable to parse InfluxDB line protocol: /);
    },
  );
});

describe('renderPoints (EMQX data_to_points, value_type)', () => {
  const data = {
    topic: 't/1',
    clientid: 'c 1',
    timestamp: 1_700_000_000_123,
    payload: JSON.stringify({ int_key: -123, uint_key: 123, float_key: 24.5, bool: true, s: 'hi "x"', t: 'T', ts: 1700000000 }),
  };

  test('typed fields: ${x}i integer, ${x}u unsigned, a number a float, booleans, text quoted; missing left out', () => {
    const [line] = lines(
      '${topic},clientid=${clientid} i=${payload.int_key}i,u=${payload.uint_key}u,f=${payload.float_key},b=${payload.bool},t=${payload.t},s=${payload.s},undef=${payload.nope},${nokey}="v",q="${payload.int_key}"',
      data,
    );
    expect(line).toBe('t/1,clientid=c\\ 1 i=-123i,u=123u,f=24.5,b=true,t=T,s="hi \\"x\\"",q="-123" 1700000000123');
  });

  test('literal values: 12i, 12u, 1.5, 7 and text', () => {
    expect(lines('m a=12i,b=12u,c=1.5,d=7,e=abc,f=1.5i', data)).toEqual(['m a=12i,b=12u,c=1.5,d=7,e="abc",f=1i 1700000000123']);
  });

  test('precision: ${timestamp} is ms converted; another timestamp is taken in the action precision', () => {
    expect(lines('m a=1', data, 'ns')).toEqual(['m a=1 1700000000123000000']);
    expect(lines('m a=1', data, 's')).toEqual(['m a=1 1700000000']);
    expect(lines('m a=1 ${payload.ts}', data, 's')).toEqual(['m a=1 1700000000']);
    expect(lines('m a=1 42', data, 'us')).toEqual(['m a=1 42']);
  });

  test('a line without any field value, or a timestamp that is not an integer, cannot be written', () => {
    expect(() => lines('m a=${payload.nope}', data)).toThrow('no field of the line has a value');
    expect(() => lines('m a=1 ${payload.s}', data)).toThrow(/timestamp is not an integer/);
    expect(() => lines('m a=1 ${timestamp}00', data)).toThrow(/one integer or one placeholder/);
  });

  test('a tag with a missing value is left out; numbers in tags are text', () => {
    expect(lines('m,a=${payload.nope},n=${payload.float_key} v=1', data)).toEqual(['m,n=24.5 v=1 1700000000123']);
  });
});
