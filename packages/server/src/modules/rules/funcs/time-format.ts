// format_date and date_to_unix_ts: emqx_utils_calendar's formatter. A format string is read byte by byte:
// %Y %m %d %H %M %S are the date and time parts, %N %3N %6N the nanoseconds, milliseconds and microseconds,
// %z %:z %::z the UTC offset as +0800, +08:00, +08:00:00; every other byte (an unknown %x too) is literal.
// Parsing takes each part's fixed width from the input (4 for %Y, 2 for %m …, 5/6/9 for the offsets) and skips
// literal bytes without comparing them (EMQX 4.x compatibility: '%H-%M-%S' reads '10:40:12').
import { CalendarError, convertUnit, datetimeToSystemSeconds, FACTOR, offsetSeconds, pad, systemSecondsToDatetime, type TimeUnit } from './time-calendar';

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'nanosecond' | 'millisecond' | 'microsecond';
type Zone = 'timezone' | 'timezone1' | 'timezone2';
/** A part of a format: a field, or literal bytes (as a latin1 "byte string"). */
type Token = { field: Part | Zone } | { literal: string };

const DIRECTIVES: ReadonlyArray<[string, Part | Zone]> = [
  ['%Y', 'year'],
  ['%m', 'month'],
  ['%d', 'day'],
  ['%H', 'hour'],
  ['%M', 'minute'],
  ['%S', 'second'],
  ['%N', 'nanosecond'],
  ['%3N', 'millisecond'],
  ['%6N', 'microsecond'],
  ['%z', 'timezone'],
  ['%:z', 'timezone1'],
  ['%::z', 'timezone2'],
];
const WIDTH: Readonly<Record<Part | Zone, number>> = {
  year: 4,
  month: 2,
  day: 2,
  hour: 2,
  minute: 2,
  second: 2,
  millisecond: 3,
  microsecond: 6,
  nanosecond: 9,
  timezone: 5,
  timezone1: 6,
  timezone2: 9,
};
const SUB_UNIT: Partial<Record<Part, TimeUnit>> = { millisecond: 'millisecond', microsecond: 'microsecond', nanosecond: 'nanosecond' };

const bytesOf = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
const textOf = (bytes: string): string => Buffer.from(bytes, 'latin1').toString('utf8');

export function parseFormat(format: string): Token[] {
  const bytes = bytesOf(format);
  const tokens: Token[] = [];
  let i = 0;
  while (i < bytes.length) {
    const hit = DIRECTIVES.find(([d]) => bytes.startsWith(d, i));
    if (hit) {
      tokens.push({ field: hit[1] });
      i += hit[0].length;
      continue;
    }
    const last = tokens[tokens.length - 1];
    if (last && 'literal' in last) last.literal += bytes[i];
    else tokens.push({ literal: bytes[i] });
    i += 1;
  }
  return tokens;
}

function zoneText(offset: number, kind: Zone): string {
  const abs = Math.abs(offset);
  if (abs >= 86_400) throw new CalendarError('a UTC offset must be less than 24 hours');
  const sign = offset >= 0 ? '+' : '-';
  const [h, m, s] = [pad(Math.floor(abs / 3600), 2), pad(Math.floor((abs % 3600) / 60), 2), pad(abs % 60, 2)];
  if (kind === 'timezone') return `${sign}${h}${m}`;
  return kind === 'timezone1' ? `${sign}${h}:${m}` : `${sign}${h}:${m}:${s}`;
}

/** The sub-second digits of `time` (in `unit`) as `target` units, as emqx_utils_calendar computes them. */
function subSecond(unit: TimeUnit, target: TimeUnit, time: bigint): bigint {
  if (unit === 'second') return 0n;
  const uf = FACTOR[unit];
  const tf = FACTOR[target];
  return tf >= uf ? (time % uf) * (tf / uf) : (time / (uf / tf)) % tf;
}

/** emqx_utils_calendar:format(Time, Unit, Offset, Format) → the formatted text. */
export function formatDate(time: bigint, unit: TimeUnit, offset: unknown, format: string): string {
  const offsetSecs = offsetSeconds(offset);
  const factor = FACTOR[unit];
  const secs = Number((time + BigInt(offsetSecs) * factor) / factor);
  const dt = systemSecondsToDatetime(secs);
  const out = parseFormat(format).map((token) => {
    if ('literal' in token) return token.literal;
    switch (token.field) {
      case 'year':
        return pad(dt.year, 4);
      case 'month':
        return pad(dt.month, 2);
      case 'day':
        return pad(dt.day, 2);
      case 'hour':
        return pad(dt.hour, 2);
      case 'minute':
        return pad(dt.minute, 2);
      case 'second':
        return pad(dt.second, 2);
      case 'millisecond':
      case 'microsecond':
      case 'nanosecond':
        return pad(subSecond(unit, token.field, time), WIDTH[token.field]);
      default:
        return zoneText(offsetSecs, token.field);
    }
  });
  return textOf(out.join(''));
}

/** A thrown value that EMQX throws (not errors): missing parts and out-of-range results. */
export class DateParseError extends CalendarError {}

/** emqx_utils_calendar:formatted_datetime_to_system_time(Input, Unit, Format). */
export function parseDate(input: string, unit: TimeUnit, format: string): bigint {
  const bytes = bytesOf(input);
  const parts: Partial<Record<Part, number>> = {};
  let parsedOffset = 0;
  let pos = 0;
  for (const token of parseFormat(format)) {
    if (pos >= bytes.length) break;
    const width = 'literal' in token ? token.literal.length : WIDTH[token.field];
    if (pos + width > bytes.length) throw new CalendarError(`the date ${JSON.stringify(input)} is shorter than its format ${JSON.stringify(format)}`);
    const chunk = bytes.slice(pos, pos + width);
    pos += width;
    if ('literal' in token) continue;
    if (token.field.startsWith('timezone')) {
      parsedOffset = offsetSeconds(chunk);
      continue;
    }
    if (!/^[+-]?\d+$/.test(chunk))
      throw new CalendarError(`bad_formatter_or_date: ${JSON.stringify(chunk)} in ${JSON.stringify(input)} does not match the format ${JSON.stringify(format)}`);
    parts[token.field as Part] = Number.parseInt(chunk, 10);
  }
  const required = (key: Part): number => {
    const v = parts[key];
    if (v === undefined) throw new DateParseError(`missing_date_part: the format ${JSON.stringify(format)} has no ${key}`);
    return v;
  };
  const [year, month, day, hour, minute, second] = (['year', 'month', 'day', 'hour', 'minute', 'second'] as const).map(required) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const totalSecs = datetimeToSystemSeconds(year, month, day, hour, minute, second) - parsedOffset;
  if (totalSecs < -62_167_219_200 || totalSecs >= 253_402_300_800) throw new DateParseError(`bad_format: ${JSON.stringify(input)} is outside years 0–9999`);
  const precision: TimeUnit =
    parts.nanosecond !== undefined ? 'nanosecond' : parts.microsecond !== undefined ? 'microsecond' : parts.millisecond !== undefined ? 'millisecond' : 'second';
  let total = convertUnit(BigInt(totalSecs), 'second', precision);
  for (const key of ['millisecond', 'microsecond', 'nanosecond'] as const) {
    const v = parts[key];
    if (v !== undefined) total += convertUnit(BigInt(v), SUB_UNIT[key]!, precision);
  }
  return convertUnit(total, precision, unit);
}
