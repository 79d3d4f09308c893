// Catalogue entry of jq (server: funcs/jq.ts).
import type { RuleFunctionDoc } from './functions';

export const JQ_FUNCTIONS: RuleFunctionDoc[] = [
  {
    name: 'jq',
    group: 'jq',
    args: ['Program', 'Json', 'TimeoutMs?'],
    returns: 'array',
    example: "jq('.a[] | . * 2', '{\"a\": [1, 2]}') = [2, 4]",
    description: {
      en: "Runs a jq program on a JSON text (or on any value, written as JSON first) and gives the list of its outputs. The call fails on a jq error or when the program runs longer than TimeoutMs (default: the rule engine's jq function timeout, 10 seconds).",
      zh: '对 JSON 文本（或先编码为 JSON 的任意值）运行 jq 程序，返回其所有输出组成的数组。jq 出错或运行时间超过 TimeoutMs（默认为规则引擎的 jq 函数超时时间，10 秒）时调用失败。',
    },
  },
];
