// Catalogue: data type conversion and the hex codecs (server: funcs/conversion.ts).
import type { RuleFunctionDoc, RuleFunctionGroup } from './functions';

const f =
  (group: RuleFunctionGroup) =>
  (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({ name, group, args, returns, example, description: { en, zh } });
const conv = f('type-conversion');
const enc = f('encoding');

export const CONVERSION_FUNCTIONS: RuleFunctionDoc[] = [
  conv(
    'str',
    ['Value'],
    'string',
    'str(100) = "100"',
    'The value as a string: numbers and booleans as written, maps and arrays as JSON.',
    '将值转为字符串：数字与布尔值按字面形式，映射与数组转为 JSON。',
  ),
  conv('str_utf8', ['Value'], 'string', 'str_utf8(100) = "100"', 'Like str, and the result must be valid UTF-8.', '同 str，且结果须为合法的 UTF-8。'),
  conv(
    'bool',
    ['Value'],
    'boolean',
    "bool('true') = true",
    'true, false, "true", "false", 1 or 0 as a boolean; anything else is an error.',
    '将 true、false、"true"、"false"、1 或 0 转为布尔值，其他值报错。',
  ),
  conv(
    'int',
    ['Value'],
    'integer',
    "int('1.9') = 1",
    'A number, numeric string or boolean as an integer; floats are rounded down.',
    '将数字、数字字符串或布尔值转为整数；浮点数向下取整。',
  ),
  conv(
    'float',
    ['Value', 'Decimals?'],
    'float',
    "float('3.14159', 2) = 3.14",
    'A number or numeric string as a float, optionally rounded to Decimals (1–253) places.',
    '将数字或数字字符串转为浮点数，可按 Decimals（1–253）位小数四舍五入。',
  ),
  conv(
    'float2str',
    ['Float', 'Precision'],
    'string',
    'float2str(20.2, 15) = "20.199999999999999"',
    'A float written with at most Precision decimals, trailing zeros dropped.',
    '按最多 Precision 位小数输出浮点数，去掉末尾的 0。',
  ),
  conv(
    'map',
    ['Value'],
    'map',
    'map(\'{"a":1}\') = {"a": 1}',
    'A JSON object string, a list of [key, value] pairs or a map as a map.',
    '将 JSON 对象字符串、[键, 值] 对列表或映射转为映射。',
  ),
  enc(
    'bin2hexstr',
    ['Bin', 'Prefix?'],
    'string',
    'bin2hexstr(\'ab\') = "6162"',
    'Upper-case hex of a binary, optionally after a prefix.',
    '将二进制数据编码为大写十六进制字符串，可加前缀。',
  ),
  enc(
    'hexstr2bin',
    ['HexStr', 'Prefix?'],
    'binary',
    "hexstr2bin('0x6162', '0x') = \"ab\"",
    'Decodes a hex string (an odd length gets a leading 0); with Prefix, the string must start with it.',
    '解码十六进制字符串（长度为奇数时在前面补 0）；带 Prefix 时字符串须以它开头。',
  ),
  enc(
    'sqlserver_bin2hexstr',
    ['Bin'],
    'string',
    'sqlserver_bin2hexstr(\'ab\') = "0x6162"',
    'Hex of a binary with the 0x prefix of SQL Server.',
    '将二进制数据编码为带 0x 前缀的十六进制字符串（SQL Server 格式）。',
  ),
  enc(
    'str_utf16_le',
    ['Value'],
    'binary',
    'bin2hexstr(str_utf16_le(\'a\')) = "6100"',
    'The value as a string, encoded in UTF-16 little endian.',
    '将值转为字符串并以 UTF-16 小端编码。',
  ),
];
