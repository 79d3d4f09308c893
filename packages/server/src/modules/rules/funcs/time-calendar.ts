// The calendar arithmetic behind EMQX's date functions: Erlang's calendar module (RFC 3339 both ways) and
// emqx_utils_calendar (time units, UTC offsets, strftime-like formatting and parsing). Times are bigints in
// their unit; Erlang's integer division truncates toward zero where the originals use `div`/`rem`, and
// erlang:convert_time_unit rounds down (floor) when it loses precision.
import { fail } from './values';

export type TimeUnit = 'second' | 'millisecond' | 'microsecond' | 'nanosecond';
export const FACTOR: Readonly<Record<TimeUnit, bigint>> = { second: 1n, millisecond: 1000n, microsecond: 1_000_000n, nanosecond: 1_000_000_000n };
const DIGITS: Readonly<Record<TimeUnit, number>> = { second: 0, millisecond: 3, microsecond: 6, nanosecond: 9 };

const SECONDS_PER_DAY = 86_400;
const DAYS_FROM_0_TO_1970 = 719_528;
const SECONDS_FROM_0_TO_1970 = DAYS_FROM_0_TO_1970 * SECONDS_PER_DAY;
const SECONDS_FROM_0_TO_10000 = 2_932_897 * SECONDS_PER_DAY;

export class CalendarError extends Error {}

/** emqx_utils_calendar:time_unit/1 for the names a rule passes. */
export function timeUnit(value: unknown): TimeUnit {
  const name = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : undefined;
  if (name === 'second' || name === 'millisecond' || name === 'microsecond' || name === 'nanosecond') return name;
  return fail(`invalid time unit ${JSON.stringify(name ?? String(value))}; use second, millisecond, microsecond or nanosecond`);
}

/** erlang:convert_time_unit (floor when going to a coarser unit). */
export function convertUnit(time: bigint, from: TimeUnit, to: TimeUnit): bigint {
  const f = FACTOR[from];
  const t = FACTOR[to];
  if (t >= f) return time * (t / f);
  const d = f / t;
  const q = time / d;
  return time % d < 0n ? q - 1n : q;
}

/** The wall clock in `unit` (sub-millisecond digits from the monotonic clock). */
export function systemTime(unit: TimeUnit): bigint {
  const ms = BigInt(Date.now());
  if (unit === 'second') return ms / 1000n;
  if (unit === 'millisecond') return ms;
  const subMs = process.hrtime.bigint() % 1_000_000n; // nanoseconds within the current millisecond
  const ns = ms * 1_000_000n + subMs;
  return unit === 'microsecond' ? ns / 1000n : ns;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function lastDayOfMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** Days from 0000-01-01 (proleptic Gregorian), checking the date as calendar:date_to_gregorian_days does. */
export function gregorianDays(y: number, m: number, d: number): number {
  if (!Number.isInteger(y) || y < 0 || !Number.isInteger(m) || m < 1 || m > 12) throw new CalendarError(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)} is not a date`);
  if (!Number.isInteger(d) || d < 1 || d > lastDayOfMonth(y, m)) throw new CalendarError(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)} is not a date`);
  const x = y - 1;
  const yearDays = y === 0 ? 0 : Math.floor(x / 4) - Math.floor(x / 100) + Math.floor(x / 400) + x * 365 + 366;
  const monthDays = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][m - 1];
  return yearDays + monthDays + (m > 2 && isLeapYear(y) ? 1 : 0) + d - 1;
}

/** Seconds since 1970 of a calendar date and time (hours, minutes and seconds are not range-checked, as in OTP). */
export function datetimeToSystemSeconds(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  return gregorianDays(y, mo, d) * SECONDS_PER_DAY + h * 3600 + mi * 60 + s - SECONDS_FROM_0_TO_1970;
}

export interface DateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** calendar:system_time_to_universal_time for whole seconds since 1970 (≥ year 0). */
export function systemSecondsToDatetime(secs: number): DateTime {
  const total = secs + SECONDS_FROM_0_TO_1970;
  if (total < 0) throw new CalendarError('the time is before year 0');
  const days = Math.floor(total / SECONDS_PER_DAY);
  const rest = total % SECONDS_PER_DAY;
  // civil-from-days on the 0000-03-01 era calendar
  const z = days - 60;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day, hour: Math.floor(rest / 3600), minute: Math.floor((rest % 3600) / 60), second: rest % 60 };
}

/** The node's UTC offset in seconds at a given moment (erlang:universaltime_to_localtime). */
export function localOffsetSeconds(epochSeconds: number): number {
  const offsetMinutes = new Date(epochSeconds * 1000).getTimezoneOffset();
  return Number.isNaN(offsetMinutes) ? 0 : -offsetMinutes * 60;
}

function checkRange(secs: number): void {
  if (secs < -SECONDS_FROM_0_TO_1970 || secs >= SECONDS_FROM_0_TO_10000) throw new CalendarError('the time is outside years 0–9999');
}

export function pad(n: number | bigint | string, len: number): string {
  const s = String(n);
  return s.length >= len ? s : '0'.repeat(len - s.length) + s;
}

function truncDiv(a: bigint, b: bigint): bigint {
  return a / b; // BigInt division truncates toward zero, as Erlang's div
}

function offsetText(seconds: number): string {
  const abs = Math.abs(seconds);
  return `${seconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600), 2)}:${pad(Math.floor((abs % 3600) / 60), 2)}`;
}

/** calendar:system_time_to_rfc3339(Time, [{unit, Unit}]) with the node's local offset, or `offset: 'Z'`. */
export function systemTimeToRfc3339(time: bigint, unit: TimeUnit, offset: 'local' | 'Z' = 'local'): string {
  const adjustment = offset === 'Z' ? 0 : localOffsetSeconds(Number(convertUnit(time, unit, 'second')));
  const factor = FACTOR[unit];
  const adjusted = time + BigInt(adjustment) * factor;
  const secs = Number(truncDiv(adjusted, factor));
  checkRange(secs);
  const dt = systemSecondsToDatetime(secs);
  const fraction = unit === 'second' ? '' : `.${pad((adjusted % factor < 0n ? -(adjusted % factor) : adjusted % factor).toString(), DIGITS[unit])}`;
  const date = `${pad(dt.year, 4)}-${pad(dt.month, 2)}-${pad(dt.day, 2)}T${pad(dt.hour, 2)}:${pad(dt.minute, 2)}:${pad(dt.second, 2)}`;
  return `${date}${fraction}${offset === 'Z' ? 'Z' : offsetText(adjustment)}`;
}

const ERL_INT = /^[+-]?\d+$/;

function erlInt(text: string): number {
  if (!ERL_INT.test(text)) throw new CalendarError(`${JSON.stringify(text)} is not a number`);
  return Number.parseInt(text, 10);
}

/** calendar:rfc3339_to_system_time(String, [{unit, Unit}]). */
export function rfc3339ToSystemTime(text: string, unit: TimeUnit): bigint {
  if (text.length < 19 || text[4] !== '-' || text[7] !== '-' || text[13] !== ':' || text[16] !== ':') {
    throw new CalendarError(`${JSON.stringify(text)} is not an RFC 3339 date-time`);
  }
  const [year, month, day] = [erlInt(text.slice(0, 4)), erlInt(text.slice(5, 7)), erlInt(text.slice(8, 10))];
  const [hour, minute, second] = [erlInt(text.slice(11, 13)), erlInt(text.slice(14, 16)), erlInt(text.slice(17, 19))];
  const rest = text.slice(19);
  const fractionMatch = /^[0-9.]*/.exec(rest)![0];
  const zone = rest.slice(fractionMatch.length);
  const local = datetimeToSystemSeconds(year, month, day, hour, minute, second);
  let zoneSeconds = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const m = /^([+-])(..):(..)$/.exec(zone);
    if (!m) throw new CalendarError(`${JSON.stringify(text)} has no valid UTC offset (Z or ±HH:MM)`);
    zoneSeconds = (m[1] === '-' ? -1 : 1) * (erlInt(m[2]) * 3600 + erlInt(m[3]) * 60);
  }
  const secs = local - zoneSeconds;
  checkRange(secs);
  const scaled = BigInt(secs) * FACTOR[unit];
  if (unit === 'second' || fractionMatch === '') return scaled;
  if (!/^\.\d+$/.test(fractionMatch)) throw new CalendarError(`${JSON.stringify(fractionMatch)} is not a fraction of a second`);
  const fraction = BigInt(Math.round(Number(FACTOR[unit]) * Number.parseFloat(`0${fractionMatch}`)));
  return scaled < 0n ? scaled - fraction : scaled + fraction;
}

/** emqx_utils_calendar:offset_second/1: an integer, undefined, "local", "Z"/"z", "±HH:MM", "±HH:MM:SS" or "±HHMM". */
export function offsetSeconds(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (value === undefined || value === null) return 0;
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : undefined;
  if (text === undefined) throw new CalendarError('a UTC offset must be a string such as "+08:00" or a number of seconds');
  if (text === 'local') return localOffsetSeconds(Math.floor(Date.now() / 1000));
  if (text === 'Z' || text === 'z') return 0;
  const sign = text[0] === '+' ? 1 : text[0] === '-' ? -1 : 0;
  if (sign === 0) throw new CalendarError(`bad UTC offset ${JSON.stringify(text)}: it must start with + or -`);
  const parts = text
    .slice(1)
    .split(':')
    .filter((p) => p !== '');
  let hms: [string, string, string];
  if (parts.length === 2) hms = [parts[0], parts[1], '0'];
  else if (parts.length === 3) hms = [parts[0], parts[1], parts[2]];
  else if (parts.length === 1 && parts[0].length === 4) hms = [parts[0].slice(0, 2), parts[0].slice(2), '0'];
  else throw new CalendarError(`bad UTC offset ${JSON.stringify(text)}`);
  const [h, m, s] = hms.map((p) => {
    if (!ERL_INT.test(p)) throw new CalendarError(`bad UTC offset ${JSON.stringify(text)}`);
    return Number.parseInt(p, 10);
  }) as [number, number, number];
  if (h > 23 || m > 59 || s > 59) throw new CalendarError(`bad UTC offset ${JSON.stringify(text)}: hours ≤ 23, minutes and seconds ≤ 59`);
  return sign * (h * 3600 + m * 60 + s);
}
