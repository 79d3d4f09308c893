// EMQX's date and time functions (emqx_rule_funcs "Date functions" and mongo_date). Units are 'second',
// 'millisecond', 'microsecond' or 'nanosecond'; timestamps are integers since 1970 in that unit (a bigint when
// beyond 2^53, e.g. nanoseconds today). RFC 3339 texts carry the node's local UTC offset, as Erlang's calendar
// writes them. Offsets are "+08:00", "+0800", "+08:00:00", "Z", "local" or a number of seconds.
import { fromBigInt, isBinary, toBigInt, toText } from './binary-args';
import { convertUnit, offsetSeconds, rfc3339ToSystemTime, systemTime, systemTimeToRfc3339, timeUnit, type TimeUnit } from './time-calendar';
import { formatDate, parseDate } from './time-format';
import type { FunctionGroup } from './types';
import { defineGroup, fail, type Def } from './values';

function binaryText(value: unknown, what: string): string {
  if (!isBinary(value)) return fail(`${what} must be a string`);
  return toText(value);
}

/** The optional unit at `index`, 'second' when absent. */
const unitAt = (args: unknown[], index: number): TimeUnit => (args.length > index ? timeUnit(args[index]) : 'second');

const timezoneToSeconds: Def = [1, ([offset]) => offsetSeconds(offset)];

/** mongo_date: EMQX hands MongoDB actions an Erlang timestamp and shows it in rule tests as ISODate(<UTC ms>);
 *  a rule value here is that text, which is also what a MongoDB action reads. */
const mongoDate: Def = [
  [0, 1, 2],
  (args) => {
    let ms: bigint;
    if (args.length === 0) ms = systemTime('millisecond');
    else {
      const ts = toBigInt(args[0], 'the timestamp');
      ms = args.length === 2 ? convertUnit(ts, timeUnit(args[1]), 'millisecond') : ts;
    }
    return `ISODate(${systemTimeToRfc3339(ms, 'millisecond', 'Z')})`;
  },
];

export const timeFunctions: FunctionGroup = defineGroup({
  now_timestamp: [[0, 1], (args) => fromBigInt(systemTime(unitAt(args, 0)))],
  now_rfc3339: [
    [0, 1],
    (args) => {
      const unit = unitAt(args, 0);
      return systemTimeToRfc3339(systemTime(unit), unit);
    },
  ],
  unix_ts_to_rfc3339: [[1, 2], (args) => systemTimeToRfc3339(toBigInt(args[0], 'the timestamp'), unitAt(args, 1))],
  rfc3339_to_unix_ts: [[1, 2], (args) => fromBigInt(rfc3339ToSystemTime(binaryText(args[0], 'the date-time'), unitAt(args, 1)))],
  format_date: [
    [3, 4],
    (args) => {
      const unit = timeUnit(args[0]);
      const format = binaryText(args[2], 'the format');
      const time = args.length === 4 ? toBigInt(args[3], 'the timestamp') : systemTime(unit);
      return formatDate(time, unit, args[1], format);
    },
  ],
  date_to_unix_ts: [
    [3, 4],
    (args) => {
      const unit = timeUnit(args[0]);
      const [offset, format, input] = args.length === 4 ? args.slice(1) : [undefined, ...args.slice(1)];
      const parsed = parseDate(binaryText(input, 'the date'), unit, binaryText(format, 'the format'));
      if (args.length === 3) return fromBigInt(parsed);
      return fromBigInt(parsed - convertUnit(BigInt(offsetSeconds(offset)), 'second', unit));
    },
  ],
  timezone_to_second: timezoneToSeconds,
  timezone_to_offset_seconds: timezoneToSeconds,
  mongo_date: mongoDate,
});
