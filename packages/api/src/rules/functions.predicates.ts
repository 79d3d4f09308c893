// Catalogue: data type judgment (server: funcs/predicates.ts).
import type { RuleFunctionDoc } from './functions';

const f = (name: string, example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'type-judgment',
  args: ['Value'],
  returns: 'boolean',
  example,
  description: { en, zh },
});

export const PREDICATES_FUNCTIONS: RuleFunctionDoc[] = [
  f('is_null', 'is_null(payload.x) = true', 'Whether the value is undefined (a missing field). A JSON null is not.', '值是否为 undefined（字段不存在）。JSON 的 null 不算。'),
  f('is_null_var', 'is_null_var(payload.x) = true', 'Whether the value is undefined or a JSON null.', '值是否为 undefined 或 JSON 的 null。'),
  f('is_not_null', 'is_not_null(1) = true', 'The opposite of is_null.', '与 is_null 相反。'),
  f('is_not_null_var', 'is_not_null_var(1) = true', 'The opposite of is_null_var.', '与 is_null_var 相反。'),
  f('is_str', "is_str('a') = true", 'Whether the value is a string (binary).', '值是否为字符串（二进制）。'),
  f('is_bool', 'is_bool(true) = true', 'Whether the value is a boolean.', '值是否为布尔值。'),
  f('is_int', 'is_int(1) = true', 'Whether the value is an integer.', '值是否为整数。'),
  f('is_float', 'is_float(1.5) = true', 'Whether the value is a number with a fractional part.', '值是否为带小数部分的数字。'),
  f('is_num', 'is_num(1.5) = true', 'Whether the value is a number.', '值是否为数字。'),
  f('is_map', 'is_map(payload) = false', 'Whether the value is a map (a JSON object already decoded).', '值是否为映射（已解码的 JSON 对象）。'),
  f('is_array', 'is_array([1, 2]) = true', 'Whether the value is an array.', '值是否为数组。'),
  f('is_empty', "is_empty('{}') = true", 'Whether an array, a string, a map or a JSON object text is empty.', '数组、字符串、映射或 JSON 对象字符串是否为空。'),
];
