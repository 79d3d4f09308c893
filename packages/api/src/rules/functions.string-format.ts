// Catalogue: string operations, part 2 (server: funcs/string-format.ts).
import type { RuleFunctionDoc } from './functions';

const f = (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'string',
  args,
  returns,
  example,
  description: { en, zh },
});

export const STRING_FORMAT_FUNCTIONS: RuleFunctionDoc[] = [
  f(
    'sprintf',
    ['Format', 'Args...'],
    'string',
    "sprintf('~s: ~p', 'temp', 21) = 'temp: 21'",
    'Formats the arguments as Erlang’s io_lib:format does: ~s text, ~p any value, ~f float, ~b integer, ~~ a tilde.',
    '按 Erlang io_lib:format 的格式输出：~s 文本，~p 任意值，~f 浮点数，~b 整数，~~ 表示波浪号。',
  ),
  f('sprintf_s', ['Format', 'Args'], 'string', "sprintf_s('~s-~s', ['a', 'b']) = 'a-b'", 'Like sprintf, with the arguments in one array.', '同 sprintf，参数放在一个数组中。'),
  f(
    'join_to_string',
    ['Separator?', 'Array'],
    'string',
    "join_to_string(', ', ['a', 1]) = 'a, 1'",
    'The values as text between separators (", " by default).',
    '以分隔符（默认 ", "）连接各值的文本。',
  ),
  f(
    'join_to_sql_values_string',
    ['Array'],
    'string',
    "join_to_sql_values_string(['a', 1]) = \"'a', 1\"",
    'The values as a SQL value list: strings quoted and escaped, numbers bare, arrays and maps as JSON, undefined as NULL.',
    '将各值转为 SQL 值列表：字符串加引号并转义，数字原样，数组与映射转为 JSON，undefined 为 NULL。',
  ),
  f(
    'map_to_redis_hset_args',
    ['Map'],
    'array',
    `map_to_redis_hset_args('{"a":1}') = ['map_to_redis_hset_args', 'a', '1']`,
    'The fields and values of a map (or JSON object string) as arguments of a Redis HSET command; values that are not strings, numbers or booleans are left out.',
    '将映射（或 JSON 对象字符串）的字段与值转为 Redis HSET 命令的参数；不是字符串、数字或布尔值的值会被忽略。',
  ),
  f(
    'unescape',
    ['String'],
    'string',
    "unescape('a\\\\nb') = 'a\\nb'",
    'Turns escape sequences (\\n, \\t, \\\\, \\", \\xHH …) into their characters; an unknown escape is an error.',
    '将转义序列（\\n、\\t、\\\\、\\"、\\xHH 等）转为对应字符；无法识别的转义报错。',
  ),
];
