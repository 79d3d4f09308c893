// Catalogue entries of the system functions (server: funcs/system.ts).
import type { RuleFunctionDoc } from './functions';

export const SYSTEM_FUNCTIONS: RuleFunctionDoc[] = [
  {
    name: 'getenv',
    group: 'system',
    args: ['Name'],
    returns: 'string',
    example: "getenv('DEVICE_GROUP') = 'plant-1' (with EMQXVAR_DEVICE_GROUP=plant-1 set on the node)",
    description: {
      en: "The value of the node's environment variable EMQXVAR_<Name>, or an empty string when it is not set. Only variables with the EMQXVAR_ prefix can be read.",
      zh: '返回节点环境变量 EMQXVAR_<Name> 的值，未设置时返回空字符串。只能读取带 EMQXVAR_ 前缀的环境变量。',
    },
  },
];
