// Catalogue: map operations (server: funcs/map.ts).
import type { RuleFunctionDoc } from './functions';

const f = (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'map',
  args,
  returns,
  example,
  description: { en, zh },
});

export const MAP_FUNCTIONS: RuleFunctionDoc[] = [
  f('map_new', [], 'map', 'map_new() = {}', 'An empty map.', '空映射。'),
  f(
    'map_get',
    ['Key', 'Map', 'Default?'],
    'any',
    'map_get(\'a.b\', json_decode(\'{"a":{"b":1}}\')) = 1',
    'The value at a dotted key path (a JSON string along the way is decoded), or Default.',
    '按点分隔的键路径取值（路径上的 JSON 字符串会被解码），不存在时返回 Default。',
  ),
  f(
    'map_put',
    ['Key', 'Value', 'Map'],
    'map',
    'map_put(\'a.b\', 1, map_new()) = {"a": {"b": 1}}',
    'A copy of the map with Value at the dotted key path.',
    '在点分隔的键路径处放入 Value 后的映射副本。',
  ),
  f(
    'mget',
    ['Key', 'Map', 'Default?'],
    'any',
    "mget('a.b', json_decode('{\"a.b\":1}')) = 1",
    'The value of one key (a dot is part of the key), or Default.',
    '取单个键的值（点是键的一部分），不存在时返回 Default。',
  ),
  f('mput', ['Key', 'Value', 'Map'], 'map', 'mput(\'a\', 1, map_new()) = {"a": 1}', 'A copy of the map with one key set.', '设置单个键后的映射副本。'),
  f('map_keys', ['Map'], 'array', "map_keys('{\"a\":1,\"b\":2}') = ['a', 'b']", 'The keys of a map or JSON object string.', '映射或 JSON 对象字符串的所有键。'),
  f('map_values', ['Map'], 'array', 'map_values(\'{"a":1,"b":2}\') = [1, 2]', 'The values of a map or JSON object string.', '映射或 JSON 对象字符串的所有值。'),
  f(
    'map_to_entries',
    ['Map'],
    'array',
    'map_to_entries(\'{"a":1}\') = [{"key": "a", "value": 1}]',
    'The entries of a map as {key, value} maps.',
    '将映射转为 {key, value} 映射组成的数组。',
  ),
  f('map_size', ['Map'], 'integer', 'map_size(\'{"a":1}\') = 1', 'The number of keys of a map or JSON object string.', '映射或 JSON 对象字符串中键的个数。'),
];
