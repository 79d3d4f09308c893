// Catalogue: array operations (server: funcs/array.ts).
import type { RuleFunctionDoc } from './functions';

const f = (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'array',
  args,
  returns,
  example,
  description: { en, zh },
});

export const ARRAY_FUNCTIONS: RuleFunctionDoc[] = [
  f('nth', ['N', 'Array'], 'any', 'nth(2, [1, 2, 3]) = 2', 'The N-th element (the first is 1); outside the array is an error.', '第 N 个元素（从 1 开始）；超出数组范围时报错。'),
  f('length', ['Array'], 'integer', 'length([1, 2, 3]) = 3', 'The number of elements.', '元素个数。'),
  f(
    'sublist',
    ['Start?', 'Length', 'Array'],
    'array',
    'sublist(2, 2, [1, 2, 3, 4]) = [2, 3]',
    'Length elements from position Start (default 1).',
    '从位置 Start（默认 1）起取 Length 个元素。',
  ),
  f('first', ['Array'], 'any', 'first([1, 2, 3]) = 1', 'The first element; an empty array is an error.', '第一个元素；数组为空时报错。'),
  f('last', ['Array'], 'any', 'last([1, 2, 3]) = 3', 'The last element; an empty array is an error.', '最后一个元素；数组为空时报错。'),
  f('contains', ['Value', 'Array'], 'boolean', 'contains(2, [1, 2, 3]) = true', 'Whether the array holds the value.', '数组中是否包含该值。'),
];
