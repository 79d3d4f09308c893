// Catalogue entries of the date and time functions (server: funcs/time.ts).
import type { RuleFunctionDoc } from './functions';

const UNIT_EN = "Unit is 'second' (the default), 'millisecond', 'microsecond' or 'nanosecond'.";
const UNIT_ZH = "Unit 可为 'second'（默认）、'millisecond'、'microsecond' 或 'nanosecond'。";
const OFFSET_EN = "Offset is '+08:00', '+0800', '+08:00:00', 'Z', 'local' (the node's time zone) or a number of seconds.";
const OFFSET_ZH = "Offset 可为 '+08:00'、'+0800'、'+08:00:00'、'Z'、'local'（节点所在时区）或秒数。";
const FORMAT_EN =
  'Format directives: %Y year, %m month, %d day, %H hour, %M minute, %S second, %3N milliseconds, %6N microseconds, %N nanoseconds, %z +0800, %:z +08:00, %::z +08:00:00.';
const FORMAT_ZH = '格式占位符：%Y 年、%m 月、%d 日、%H 时、%M 分、%S 秒、%3N 毫秒、%6N 微秒、%N 纳秒、%z +0800、%:z +08:00、%::z +08:00:00。';

const entry = (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'date-time',
  args,
  returns,
  example,
  description: { en, zh },
});

export const TIME_FUNCTIONS: RuleFunctionDoc[] = [
  entry('now_timestamp', ['Unit?'], 'integer', "now_timestamp('millisecond') = 1709260238123", `The current Unix time. ${UNIT_EN}`, `返回当前 Unix 时间戳。${UNIT_ZH}`),
  entry(
    'now_rfc3339',
    ['Unit?'],
    'string',
    "now_rfc3339('millisecond') = '2024-03-01T10:30:38.123+08:00'",
    `The current time as an RFC 3339 text with the node's UTC offset. ${UNIT_EN}`,
    `以 RFC 3339 格式返回当前时间，带节点所在时区的偏移。${UNIT_ZH}`,
  ),
  entry(
    'unix_ts_to_rfc3339',
    ['Timestamp', 'Unit?'],
    'string',
    "unix_ts_to_rfc3339(1709260238) = '2024-03-01T10:30:38+08:00'",
    `Turns a Unix timestamp into an RFC 3339 text with the node's UTC offset. ${UNIT_EN}`,
    `将 Unix 时间戳转换为 RFC 3339 格式的时间，带节点所在时区的偏移。${UNIT_ZH}`,
  ),
  entry(
    'rfc3339_to_unix_ts',
    ['DateTime', 'Unit?'],
    'integer',
    "rfc3339_to_unix_ts('2024-03-01T10:30:38.123+08:00', 'millisecond') = 1709260238123",
    `Turns an RFC 3339 text (with Z or ±HH:MM) into a Unix timestamp. ${UNIT_EN}`,
    `将 RFC 3339 格式的时间（带 Z 或 ±HH:MM）转换为 Unix 时间戳。${UNIT_ZH}`,
  ),
  entry(
    'format_date',
    ['Unit', 'Offset', 'Format', 'Timestamp?'],
    'string',
    "format_date('second', '+08:00', '%Y-%m-%d %H:%M:%S%:z', 1709260238) = '2024-03-01 10:30:38+08:00'",
    `Formats a Unix timestamp in Unit (the current time when omitted) at a UTC offset. ${OFFSET_EN} ${FORMAT_EN}`,
    `按指定时区偏移格式化 Unix 时间戳（单位为 Unit，省略时使用当前时间）。${OFFSET_ZH}${FORMAT_ZH}`,
  ),
  entry(
    'date_to_unix_ts',
    ['Unit', 'Offset?', 'Format', 'Date'],
    'integer',
    "date_to_unix_ts('second', '+08:00', '%Y-%m-%d %H:%M:%S', '2024-03-01 10:30:38') = 1709260238",
    `Reads a date text written in Format and gives its Unix timestamp in Unit. The text is read as UTC, or at the offset given by %z in the text; a given Offset is then subtracted. Other characters of the format are skipped without being compared. ${FORMAT_EN}`,
    `按 Format 解析日期文本，返回以 Unit 为单位的 Unix 时间戳。文本按 UTC 解析，若文本中有 %z 则按其偏移解析；若给出 Offset 参数，再减去该偏移。格式中的其他字符按位置跳过，不做比较。${FORMAT_ZH}`,
  ),
  entry(
    'timezone_to_offset_seconds',
    ['Offset'],
    'integer',
    "timezone_to_offset_seconds('+08:00') = 28800",
    `The number of seconds of a UTC offset. ${OFFSET_EN}`,
    `返回时区偏移对应的秒数。${OFFSET_ZH}`,
  ),
  entry(
    'timezone_to_second',
    ['Offset'],
    'integer',
    "timezone_to_second('-02:00') = -7200",
    'The same as timezone_to_offset_seconds (the name EMQX 4.x used).',
    '与 timezone_to_offset_seconds 相同（EMQX 4.x 的函数名）。',
  ),
  entry(
    'mongo_date',
    ['Timestamp?', 'Unit?'],
    'string',
    "mongo_date(1709260238123) = 'ISODate(2024-03-01T02:30:38.123Z)'",
    'A MongoDB date for MongoDB actions: the given time in milliseconds (or in Unit), or now. Rule tests show it as ISODate(...).',
    '供 MongoDB 动作使用的 MongoDB 日期：给定时间（毫秒，或以 Unit 为单位）或当前时间。规则测试中显示为 ISODate(...)。',
  ),
];
