// Catalogue entries of the key-value store and process dictionary functions (server: funcs/kv-store.ts).
import type { RuleFunctionDoc } from './functions';

const entry = (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'kv-store',
  args,
  returns,
  example,
  description: { en, zh },
});

export const KV_STORE_FUNCTIONS: RuleFunctionDoc[] = [
  entry(
    'kv_store_put',
    ['Key', 'Value'],
    'boolean',
    "kv_store_put('last_temp', payload.temp) = true",
    "Stores Value under Key in the node's key-value store, shared by every rule on the node and emptied when the node restarts.",
    '将 Value 以 Key 存入节点的键值存储；该存储由节点上的所有规则共享，节点重启后清空。',
  ),
  entry(
    'kv_store_get',
    ['Key', 'Default?'],
    'any',
    "kv_store_get('last_temp', 0) = 21.5",
    "The value stored under Key in the node's key-value store, or Default (undefined when omitted) when there is none.",
    '返回节点键值存储中 Key 对应的值；不存在时返回 Default（省略时为 undefined）。',
  ),
  entry('kv_store_del', ['Key'], 'boolean', "kv_store_del('last_temp') = true", "Removes Key from the node's key-value store.", '从节点的键值存储中删除 Key。'),
  entry(
    'proc_dict_put',
    ['Key', 'Value'],
    'any',
    "proc_dict_put('count', 1) = undefined",
    'Stores Value under Key in the process dictionary of the client whose message or event runs the rule; gives the previous value.',
    '将 Value 以 Key 存入触发规则的客户端的进程字典，返回原来的值。',
  ),
  entry(
    'proc_dict_get',
    ['Key'],
    'any',
    "proc_dict_get('count') = 1",
    'The value stored under Key in the process dictionary of the client whose message or event runs the rule.',
    '返回触发规则的客户端的进程字典中 Key 对应的值。',
  ),
  entry(
    'proc_dict_del',
    ['Key'],
    'any',
    "proc_dict_del('count') = 1",
    'Removes Key from the process dictionary of the client whose message or event runs the rule; gives the removed value.',
    '从触发规则的客户端的进程字典中删除 Key，返回被删除的值。',
  ),
];
