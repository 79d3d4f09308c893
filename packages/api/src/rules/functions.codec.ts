// Catalogue entries of the encode/decode functions (server: funcs/codec.ts).
import type { RuleFunctionDoc } from './functions';

export const CODEC_FUNCTIONS: RuleFunctionDoc[] = [
  {
    name: 'base64_encode',
    group: 'encoding',
    args: ['Data'],
    returns: 'string',
    example: "base64_encode('hello') = 'aGVsbG8='",
    description: { en: 'Encodes a string or binary as standard Base64 (with padding).', zh: '将字符串或二进制数据编码为标准 Base64（带填充）。' },
  },
  {
    name: 'base64_decode',
    group: 'encoding',
    args: ['Base64'],
    returns: 'string | binary',
    example: "base64_decode('aGVsbG8=') = 'hello'",
    description: {
      en: 'Decodes standard Base64 (whitespace is ignored); the call fails on other characters or missing padding.',
      zh: '解码标准 Base64（忽略空白字符）；包含其他字符或缺少填充时调用失败。',
    },
  },
  {
    name: 'json_encode',
    group: 'encoding',
    args: ['Value'],
    returns: 'string',
    example: 'json_encode(map_put(\'b\', 1, json_decode(\'{"a": [1, 2]}\'))) = \'{"a":[1,2],"b":1}\'',
    description: {
      en: 'Writes any value as compact JSON text, as EMQX does: map keys in sorted order, an undefined value as the string "undefined".',
      zh: '将任意值编码为紧凑的 JSON 文本，与 EMQX 一致：映射的键按顺序排列，undefined 值写为字符串 "undefined"。',
    },
  },
  {
    name: 'json_decode',
    group: 'encoding',
    args: ['Json'],
    returns: 'any',
    example: 'json_decode(\'{"a": [1, 2]}\') = {"a": [1, 2]}',
    description: { en: 'Decodes JSON text into a value: objects become maps, arrays become arrays.', zh: '将 JSON 文本解码为值：对象解码为映射，数组解码为数组。' },
  },
  {
    name: 'term_encode',
    group: 'encoding',
    args: ['Value'],
    returns: 'binary',
    example: "bin2hexstr(term_encode('abc')) = '836D00000003616263'",
    description: {
      en: 'Encodes any value in the Erlang external term format (erlang:term_to_binary), e.g. for systems that exchange Erlang terms.',
      zh: '将任意值编码为 Erlang 外部项格式（erlang:term_to_binary），可用于与交换 Erlang 项的系统对接。',
    },
  },
  {
    name: 'term_decode',
    group: 'encoding',
    args: ['Binary'],
    returns: 'any',
    example: "term_decode(hexstr2bin('836D00000003616263')) = 'abc'",
    description: {
      en: 'Decodes the Erlang external term format (compressed terms too) into a value; pids, ports, references and funs cannot be decoded.',
      zh: '将 Erlang 外部项格式（包括压缩格式）解码为值；无法解码 pid、port、reference 和 fun。',
    },
  },
];
