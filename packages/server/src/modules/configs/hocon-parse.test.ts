import { describe, expect, test } from 'vitest';
import { defaultConfig } from '../../config/defaults';
import { toHocon } from './hocon';
import { HoconError, parseHocon } from './hocon-parse';

// the example body of PUT /configs in EMQX's 5.8.1 API document
const EMQX_EXAMPLE = `
    sysmon {
      os {
        cpu_check_interval = 60s
        cpu_high_watermark = 80%
        cpu_low_watermark = 60%
        mem_check_interval = 60s
        procmem_high_watermark = 5%
        sysmem_high_watermark = 70%
        }
        vm {
        busy_dist_port = true
        busy_port = true
        large_heap = 32MB
        long_gc = disabled
        long_schedule = 240ms
        process_check_interval = 30s
        process_high_watermark = 80%
        process_low_watermark = 60%
        }
    }
    `;

describe('parseHocon', () => {
  test("EMQX's example body: unquoted durations, percentages and sizes are strings, true/false booleans", () => {
    expect(parseHocon(EMQX_EXAMPLE)).toEqual({
      sysmon: {
        os: {
          cpu_check_interval: '60s',
          cpu_high_watermark: '80%',
          cpu_low_watermark: '60%',
          mem_check_interval: '60s',
          procmem_high_watermark: '5%',
          sysmem_high_watermark: '70%',
        },
        vm: {
          busy_dist_port: true,
          busy_port: true,
          large_heap: '32MB',
          long_gc: 'disabled',
          long_schedule: '240ms',
          process_check_interval: '30s',
          process_high_watermark: '80%',
          process_low_watermark: '60%',
        },
      },
    });
  });

  test('our own GET /configs text reads back to the same tree (every root, quoted keys, nested arrays, empty objects)', () => {
    const tree = { ...defaultConfig(), extra: { '$share/g/t': 1, empty: {}, list: [[1, 2], [3]], objs: [{ a: 'x"y' }, { b: null }], neg: -1.5e3 } };
    expect(parseHocon(toHocon(tree))).toEqual(JSON.parse(JSON.stringify(tree)));
  });

  test('separators, dotted keys, comments, commas, braces around the root, repeated keys merge objects', () => {
    const text = `{
      # comment
      a.b.c = 1, a.b.d: "two" // trailing comment
      a { b { e = [1, 2,
        3] } }
      s = """raw "quoted" text"""
      n = null
      x = 1
      x = 2
      w = hello world
    }`;
    expect(parseHocon(text)).toEqual({ a: { b: { c: 1, d: 'two', e: [1, 2, 3] } }, s: 'raw "quoted" text', n: null, x: 2, w: 'hello world' });
    expect(parseHocon('k = "esc\\u0041\\n"')).toEqual({ k: 'escA\n' });
    expect(parseHocon('')).toEqual({});
  });

  test('bad text is an error naming the line; substitutions, include and += are refused', () => {
    const cases: [string, RegExp][] = [
      ['a {', /missing '}'/],
      ['a = ', /missing value/],
      ['a = [1, 2', /missing '\]'/],
      ['a = 1\nb = "open', /unterminated string at line 2/],
      ['a b', /expected '=', ':' or '\{' after the key 'a'/],
      ['a = 1 }', /unexpected '}'/],
      ['a = ${HOME}', /substitutions/],
      ['include "other.conf"', /include is not supported/],
      ['a += 1', /'\+=' is not supported/],
      ['a = "\\q"', /invalid escape/],
    ];
    for (const [text, message] of cases) {
      expect(() => parseHocon(text), text).toThrow(HoconError);
      expect(() => parseHocon(text), text).toThrow(message);
    }
  });
});
