// The catalogue of the rule SQL's built-in functions for the console: its function reference and the SQL editor's
// completion (docs/rule-engine.md "The function catalogue"). Static, so the reference also works against a real
// EMQX. One file per group of the server's funcs/ (functions.<group>.ts); a server test checks that this list and
// the server's function table name the same functions.
import { ARRAY_FUNCTIONS } from './functions.array';
import { BITS_FUNCTIONS } from './functions.bits';
import { CODEC_FUNCTIONS } from './functions.codec';
import { COMPRESSION_FUNCTIONS } from './functions.compression';
import { CONTEXT_FUNCTIONS } from './functions.context';
import { CONVERSION_FUNCTIONS } from './functions.conversion';
import { HASH_FUNCTIONS } from './functions.hash';
import { JQ_FUNCTIONS } from './functions.jq';
import { KV_STORE_FUNCTIONS } from './functions.kv-store';
import { MAP_FUNCTIONS } from './functions.map';
import { MATH_FUNCTIONS } from './functions.math';
import { PREDICATES_FUNCTIONS } from './functions.predicates';
import { RANDOM_FUNCTIONS } from './functions.random';
import { SCHEMA_REGISTRY_FUNCTIONS } from './functions.schema-registry';
import { STRING_FUNCTIONS } from './functions.string';
import { STRING_FORMAT_FUNCTIONS } from './functions.string-format';
import { SYSTEM_FUNCTIONS } from './functions.system';
import { TIME_FUNCTIONS } from './functions.time';

/** The groups of the reference, in EMQX's documentation order (plus the message context functions it omits). */
export const RULE_FUNCTION_GROUPS = [
  { id: 'context', en: 'Message context', zh: '消息上下文' },
  { id: 'mathematical', en: 'Mathematical', zh: '数学运算' },
  { id: 'type-judgment', en: 'Data type judgment', zh: '数据类型判断' },
  { id: 'type-conversion', en: 'Data type conversion', zh: '数据类型转换' },
  { id: 'string', en: 'String operations', zh: '字符串操作' },
  { id: 'map', en: 'Map operations', zh: '映射操作' },
  { id: 'array', en: 'Array operations', zh: '数组操作' },
  { id: 'hashing', en: 'Hashing', zh: '哈希' },
  { id: 'compression', en: 'Compression and decompression', zh: '压缩与解压缩' },
  { id: 'bit', en: 'Bit operations', zh: '位操作' },
  { id: 'bit-sequence', en: 'Bit sequence operations', zh: '位序列操作' },
  { id: 'encoding', en: 'Encoding and decoding', zh: '编解码' },
  { id: 'date-time', en: 'Date and time conversion', zh: '日期与时间转换' },
  { id: 'uuid', en: 'UUID and random', zh: 'UUID 与随机数' },
  { id: 'system', en: 'System', zh: '系统函数' },
  { id: 'conditional', en: 'Conditional', zh: '条件函数' },
  { id: 'kv-store', en: 'Key-value store', zh: '键值存储' },
  { id: 'jq', en: 'jq', zh: 'jq' },
  { id: 'schema-registry', en: 'Schema registry', zh: 'Schema 注册表' },
] as const;

export type RuleFunctionGroup = (typeof RULE_FUNCTION_GROUPS)[number]['id'];

export interface RuleFunctionDoc {
  /** lower case, as the SQL calls it */
  name: string;
  group: RuleFunctionGroup;
  /** argument names; `?` marks an optional one, `...` a repeated one: ['String', 'Start', 'Length?'] */
  args: string[];
  /** the result's type(s): 'integer | float', 'string', 'boolean', 'map', 'array', 'any' … */
  returns: string;
  /** a call and its result, e.g. "abs(-12) = 12" */
  example: string;
  description: { en: string; zh: string };
}

export const RULE_FUNCTIONS: RuleFunctionDoc[] = [
  ...CONTEXT_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...PREDICATES_FUNCTIONS,
  ...CONVERSION_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...STRING_FORMAT_FUNCTIONS,
  ...MAP_FUNCTIONS,
  ...ARRAY_FUNCTIONS,
  ...BITS_FUNCTIONS,
  ...HASH_FUNCTIONS,
  ...COMPRESSION_FUNCTIONS,
  ...CODEC_FUNCTIONS,
  ...TIME_FUNCTIONS,
  ...RANDOM_FUNCTIONS,
  ...SYSTEM_FUNCTIONS,
  ...KV_STORE_FUNCTIONS,
  ...JQ_FUNCTIONS,
  ...SCHEMA_REGISTRY_FUNCTIONS,
];
