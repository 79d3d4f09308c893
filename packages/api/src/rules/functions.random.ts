// Catalogue entries of the random and UUID functions (server: funcs/random.ts).
import type { RuleFunctionDoc } from './functions';

export const RANDOM_FUNCTIONS: RuleFunctionDoc[] = [
  {
    name: 'random',
    group: 'uuid',
    args: [],
    returns: 'float',
    example: 'random() = 0.5392758718765089',
    description: { en: 'A random float from 0 (included) to 1 (excluded).', zh: '返回 0（含）到 1（不含）之间的随机浮点数。' },
  },
  {
    name: 'uuid_v4',
    group: 'uuid',
    args: [],
    returns: 'string',
    example: "uuid_v4() = 'f5bb7bea-a371-4df7-aa30-479add04632b'",
    description: { en: 'A random (version 4) UUID in the standard hyphenated form.', zh: '生成随机（版本 4）UUID，使用带连字符的标准格式。' },
  },
  {
    name: 'uuid_v4_no_hyphen',
    group: 'uuid',
    args: [],
    returns: 'string',
    example: "uuid_v4_no_hyphen() = 'd7a39aa4195a42068b962eb9a665503e'",
    description: { en: 'A random (version 4) UUID as 32 hex digits without hyphens.', zh: '生成随机（版本 4）UUID，以不带连字符的 32 位十六进制字符串表示。' },
  },
];
