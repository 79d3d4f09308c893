import { afterEach, describe, expect, it } from 'vitest';
import { NodeKvStore } from './kv-store';
import { timeFunctions } from './time';
import { RuleFunctionError, type FuncContext } from './types';

const ctx: FuncContext = { columns: {}, node: 'emqx@127.0.0.1', kv: new NodeKvStore(), jqTimeoutMs: 10_000 };
const call = (name: string, ...args: unknown[]) => timeFunctions.sync[name](args, ctx);
const UNITS = ['second', 'millisecond', 'microsecond', 'nanosecond'] as const;
const utc = (...p: [number, number, number, number, number, number]) => Date.UTC(p[0], p[1] - 1, p[2], p[3], p[4], p[5]) / 1000;

const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('now_timestamp / now_rfc3339', () => {
  it('give the current time in each unit', () => {
    const before = Date.now();
    const s = call('now_timestamp');
    expect(Number.isInteger(s)).toBe(true);
    expect(Math.abs((s as number) - before / 1000)).toBeLessThan(2);
    expect(Math.abs((call('now_timestamp', 'millisecond') as number) - before)).toBeLessThan(2000);
    const us = call('now_timestamp', 'microsecond') as number;
    expect(Number.isSafeInteger(us) && Math.abs(us / 1000 - before) < 2000).toBe(true);
    const ns = call('now_timestamp', 'nanosecond');
    expect(typeof ns).toBe('bigint');
    expect(Math.abs(Number((ns as bigint) / 1_000_000n) - before)).toBeLessThan(2000);
  });

  it('now_rfc3339 reads back as an integer in the same unit (SUITE t_now_rfc3339, t_now_rfc3339_1)', () => {
    const now = Math.floor(Date.now() / 1000);
    const s = call('rfc3339_to_unix_ts', call('now_rfc3339')) as number;
    expect(Math.abs(s - now)).toBeLessThan(2);
    for (const unit of UNITS) {
      const text = call('now_rfc3339', unit) as string;
      expect(text).toMatch(unit === 'second' ? /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/ : /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+[+-]\d\d:\d\d$/);
      expect(['number', 'bigint']).toContain(typeof call('rfc3339_to_unix_ts', text, unit));
    }
  });

  it('refuses unknown units', () => {
    expect(() => call('now_timestamp', 'hour')).toThrow(/invalid time unit "hour"/);
    expect(() => call('now_rfc3339', 1)).toThrow(RuleFunctionError);
  });
});

describe('unix_ts_to_rfc3339 / rfc3339_to_unix_ts', () => {
  it('round-trip the current time in every unit (SUITE t_unix_ts_to_rfc3339, t_rfc3339_to_unix_ts)', () => {
    for (const unit of UNITS) {
      const epoch = call('now_timestamp', unit);
      const text = call('unix_ts_to_rfc3339', epoch, unit);
      expect(call('rfc3339_to_unix_ts', text, unit)).toBe(epoch);
    }
  });

  it("write the node's local offset, daylight saving included", () => {
    const t = utc(2024, 3, 1, 2, 30, 38);
    process.env.TZ = 'Asia/Shanghai';
    expect(call('unix_ts_to_rfc3339', t)).toBe('2024-03-01T10:30:38+08:00');
    expect(call('unix_ts_to_rfc3339', t * 1000 + 7, 'millisecond')).toBe('2024-03-01T10:30:38.007+08:00');
    process.env.TZ = 'America/New_York';
    expect(call('unix_ts_to_rfc3339', t)).toBe('2024-02-29T21:30:38-05:00');
    expect(call('unix_ts_to_rfc3339', utc(2024, 7, 1, 12, 0, 0))).toBe('2024-07-01T08:00:00-04:00');
    process.env.TZ = 'UTC';
    expect(call('unix_ts_to_rfc3339', 0)).toBe('1970-01-01T00:00:00+00:00');
    expect(call('unix_ts_to_rfc3339', 1_500_000_000_123_456_789n, 'nanosecond')).toBe('2017-07-14T02:40:00.123456789+00:00');
  });

  it('read offsets, Z and fractions, rounding a fraction to the unit', () => {
    const t = utc(2024, 3, 1, 2, 30, 38);
    expect(call('rfc3339_to_unix_ts', '2024-03-01T10:30:38+08:00')).toBe(t);
    expect(call('rfc3339_to_unix_ts', '2024-03-01T02:30:38Z')).toBe(t);
    expect(call('rfc3339_to_unix_ts', '2024-03-01 02:30:38z')).toBe(t);
    expect(call('rfc3339_to_unix_ts', '2024-03-01T10:30:38.333+08:00', 'second')).toBe(t);
    expect(call('rfc3339_to_unix_ts', '2024-03-01T10:30:38.333+08:00', 'millisecond')).toBe(t * 1000 + 333);
    expect(call('rfc3339_to_unix_ts', '2024-03-01T10:30:38.3335+08:00', 'millisecond')).toBe(t * 1000 + 334);
    expect(call('rfc3339_to_unix_ts', '2024-03-01T10:30:38.5-01:30', 'microsecond')).toBe((t + 9.5 * 3600) * 1e6 + 500_000);
  });

  it('fail on texts that are not RFC 3339 date-times and on non-integers', () => {
    for (const bad of ['2024-13-01T00:00:00Z', '2023-02-29T00:00:00Z', '2024-03-01T00:00:00', '2024-03-01T00:00:00+0800', 'yesterday']) {
      expect(() => call('rfc3339_to_unix_ts', bad), bad).toThrow(RuleFunctionError);
    }
    // a fraction is read only for finer units than the second, as calendar:rfc3339_to_system_time does
    expect(call('rfc3339_to_unix_ts', '2024-03-01T00:00:00.Z')).toBe(utc(2024, 3, 1, 0, 0, 0));
    expect(() => call('rfc3339_to_unix_ts', '2024-03-01T00:00:00.Z', 'millisecond')).toThrow(/not a fraction/);
    expect(() => call('rfc3339_to_unix_ts', 1)).toThrow(RuleFunctionError);
    expect(() => call('unix_ts_to_rfc3339', 1.5)).toThrow(/must be an integer/);
    expect(() => call('unix_ts_to_rfc3339', 253402300800)).toThrow(/outside years/);
  });
});

describe('timezone_to_offset_seconds / timezone_to_second (SUITE t_timezone_to_offset_seconds)', () => {
  it('read every offset form', () => {
    for (const name of ['timezone_to_offset_seconds', 'timezone_to_second']) {
      expect(call(name, '+02:00:00')).toBe(7200);
      expect(call(name, '-02:00:00')).toBe(-7200);
      expect(call(name, '+00:01:42')).toBe(102);
      expect(call(name, '+0530')).toBe(19800);
      expect(call(name, '-08:00')).toBe(-28800);
      expect(call(name, 'z')).toBe(0);
      expect(call(name, 'Z')).toBe(0);
      expect(call(name, 42)).toBe(42);
      expect(call(name, undefined)).toBe(0);
      process.env.TZ = 'Asia/Kolkata';
      expect(call(name, 'local')).toBe(19800);
    }
  });

  it('refuse malformed offsets', () => {
    for (const bad of ['08:00', '+24:00', '+08:60', '+8', '+ab:cd', 'CET']) expect(() => call('timezone_to_second', bad), bad).toThrow(RuleFunctionError);
    expect(() => call('timezone_to_second', [1])).toThrow(RuleFunctionError);
  });
});

describe('mongo_date', () => {
  it('is the ISODate text of a UTC millisecond time', () => {
    expect(call('mongo_date', 1709260238123)).toBe('ISODate(2024-03-01T02:30:38.123Z)');
    expect(call('mongo_date', 1709260238, 'second')).toBe('ISODate(2024-03-01T02:30:38.000Z)');
    expect(call('mongo_date')).toMatch(/^ISODate\(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\)$/);
    expect(() => call('mongo_date', 'x')).toThrow(RuleFunctionError);
  });
});
