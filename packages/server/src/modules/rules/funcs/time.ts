// EMQX's date and time functions (emqx_rule_funcs "Date functions" and mongo_date). Units are 'second',
// 'millisecond', 'microsecond' or 'nanosecond'; timestamps are integers since 1970 in that unit (a bigint when
// beyond 2^53, e.g. nanoseconds today). RFC 3339 texts carry the node's local UTC offset, as Erlang's calendar
// writes them. Offsets are "+08:00", "+0800", "+08:00:00", "Z", "local" or a number of seconds.
import { arity, describe, fromBigInt, isBinary, toBigInt, toText } from './binary-args';
import { CalendarError, convertUnit, offsetSeconds, rfc3339ToSystemTime, systemTime, systemTimeToRfc3339, timeUnit, type TimeUnit } from './time-calendar';
import { formatDate, parseDate } from './time-format';
import { RuleFunctionError, type FunctionGroup, type RuleFunction } from './types';

/** Runs a calendar computation, turning its failures into the function's error. */
function calendar<T>(func: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof CalendarError) throw new RuleFunctionError(`${func}: ${err.message}`, func);
    throw err;
  }
}

function binaryText(func: string, value: unknown, what: string): string {
  if (!isBinary(value)) throw new RuleFunctionError(`${func}: ${what} must be a string, got ${describe(value)}`, func);
  return toText(func, value);
}

function unitArg(func: string, args: unknown[], index: number): TimeUnit {
  return args.length > index ? timeUnit(func, args[index]) : 'second';
}

const nowRfc3339: RuleFunction = (args) => {
  arity('now_rfc3339', args, 0, 1);
  const unit = unitArg('now_rfc3339', args, 0);
  return calendar('now_rfc3339', () => systemTimeToRfc3339(systemTime(unit), unit));
};

const unixTsToRfc3339: RuleFunction = (args) => {
  arity('unix_ts_to_rfc3339', args, 1, 2);
  const unit = unitArg('unix_ts_to_rfc3339', args, 1);
  const epoch = toBigInt('unix_ts_to_rfc3339', args[0], 'the timestamp');
  return calendar('unix_ts_to_rfc3339', () => systemTimeToRfc3339(epoch, unit));
};

const rfc3339ToUnixTs: RuleFunction = (args) => {
  arity('rfc3339_to_unix_ts', args, 1, 2);
  const unit = unitArg('rfc3339_to_unix_ts', args, 1);
  const text = binaryText('rfc3339_to_unix_ts', args[0], 'the date-time');
  return calendar('rfc3339_to_unix_ts', () => fromBigInt(rfc3339ToSystemTime(text, unit)));
};

const nowTimestamp: RuleFunction = (args) => {
  arity('now_timestamp', args, 0, 1);
  return fromBigInt(systemTime(unitArg('now_timestamp', args, 0)));
};

const formatDateFn: RuleFunction = (args) => {
  arity('format_date', args, 3, 4);
  const unit = timeUnit('format_date', args[0]);
  const format = binaryText('format_date', args[2], 'the format');
  const time = args.length === 4 ? toBigInt('format_date', args[3], 'the timestamp') : systemTime(unit);
  return calendar('format_date', () => formatDate(time, unit, args[1], format));
};

const dateToUnixTs: RuleFunction = (args) => {
  arity('date_to_unix_ts', args, 3, 4);
  const unit = timeUnit('date_to_unix_ts', args[0]);
  const [offset, format, input] = args.length === 4 ? args.slice(1) : [undefined, ...args.slice(1)];
  const formatText = binaryText('date_to_unix_ts', format, 'the format');
  const inputText = binaryText('date_to_unix_ts', input, 'the date');
  return calendar('date_to_unix_ts', () => {
    const parsed = parseDate(inputText, unit, formatText);
    if (args.length === 3) return fromBigInt(parsed);
    return fromBigInt(parsed - convertUnit(BigInt(offsetSeconds(offset)), 'second', unit));
  });
};

function timezoneToSeconds(func: string): RuleFunction {
  return (args) => {
    arity(func, args, 1);
    return calendar(func, () => offsetSeconds(args[0]));
  };
}

/** mongo_date: EMQX hands MongoDB actions an Erlang timestamp and shows it in rule tests as ISODate(<UTC ms>);
 *  a rule value here is that text, which is also what a MongoDB action reads. */
const mongoDate: RuleFunction = (args) => {
  arity('mongo_date', args, 0, 1, 2);
  let ms: bigint;
  if (args.length === 0) ms = systemTime('millisecond');
  else {
    const ts = toBigInt('mongo_date', args[0], 'the timestamp');
    ms = args.length === 2 ? convertUnit(ts, timeUnit('mongo_date', args[1]), 'millisecond') : ts;
  }
  return calendar('mongo_date', () => `ISODate(${systemTimeToRfc3339(ms, 'millisecond', 'Z')})`);
};

export const timeFunctions: FunctionGroup = {
  sync: {
    now_rfc3339: nowRfc3339,
    unix_ts_to_rfc3339: unixTsToRfc3339,
    rfc3339_to_unix_ts: rfc3339ToUnixTs,
    now_timestamp: nowTimestamp,
    format_date: formatDateFn,
    date_to_unix_ts: dateToUnixTs,
    timezone_to_second: timezoneToSeconds('timezone_to_second'),
    timezone_to_offset_seconds: timezoneToSeconds('timezone_to_offset_seconds'),
    mongo_date: mongoDate,
  },
};
