// Catalogue entries of the schema registry's functions (server: funcs/schema-registry.ts, modules/schema-registry).
import type { RuleFunctionDoc } from './functions';

export const SCHEMA_REGISTRY_FUNCTIONS: RuleFunctionDoc[] = [
  {
    name: 'schema_decode',
    group: 'schema-registry',
    args: ['SchemaName', 'Data', 'MessageType?'],
    returns: 'map',
    example: 'schema_decode(\'my_avro\', payload) = {"i": 1, "s": "a"}',
    description: {
      en: 'Decodes a binary with a registered schema: Avro and JSON give the decoded map (JSON is validated against the schema); Protobuf needs the message type as the third argument. The call fails when the schema is missing or the data does not match it.',
      zh: '使用已注册的 Schema 解码二进制数据：Avro 与 JSON 返回解码后的映射（JSON 会按 Schema 校验）；Protobuf 需要第三个参数指定消息类型。Schema 不存在或数据与之不符时调用失败。',
    },
  },
  {
    name: 'schema_encode',
    group: 'schema-registry',
    args: ['SchemaName', 'Map', 'MessageType?'],
    returns: 'binary',
    example: 'schema_encode(\'my_avro\', json_decode(\'{"i": 1, "s": "a"}\')) = <<2,2,97>>',
    description: {
      en: 'Encodes a map with a registered schema: Avro or Protobuf binary (Protobuf needs the message type as the third argument), or JSON text that must validate against a JSON schema.',
      zh: '使用已注册的 Schema 编码映射：得到 Avro 或 Protobuf 二进制（Protobuf 需要第三个参数指定消息类型），或必须符合 JSON Schema 的 JSON 文本。',
    },
  },
  {
    name: 'schema_check',
    group: 'schema-registry',
    args: ['SchemaName', 'DataOrMap', 'MessageType?'],
    returns: 'boolean',
    example: "schema_check('my_json', payload) = true",
    description: {
      en: 'Whether a binary decodes (or a map encodes) with a registered schema. The call fails when the schema does not exist.',
      zh: '判断二进制数据能否用已注册的 Schema 解码（或映射能否编码）。Schema 不存在时调用失败。',
    },
  },
  {
    name: 'sparkplug_decode',
    group: 'schema-registry',
    args: ['Data', 'MessageType?'],
    returns: 'map',
    example: 'sparkplug_decode(payload) = {"seq": 1, "timestamp": 1700000000000, "metrics": [...]}',
    description: {
      en: 'Decodes a Sparkplug B payload with the built-in Sparkplug B schema (message type Payload unless given).',
      zh: '使用内置的 Sparkplug B Schema 解码 Sparkplug B 负载（未指定时消息类型为 Payload）。',
    },
  },
  {
    name: 'sparkplug_encode',
    group: 'schema-registry',
    args: ['Map', 'MessageType?'],
    returns: 'binary',
    example: 'sparkplug_encode(json_decode(\'{"seq": 1}\')) = <<24,1>>',
    description: {
      en: 'Encodes a map as a Sparkplug B payload with the built-in Sparkplug B schema (message type Payload unless given).',
      zh: '使用内置的 Sparkplug B Schema 将映射编码为 Sparkplug B 负载（未指定时消息类型为 Payload）。',
    },
  },
  {
    name: 'spb_decode',
    group: 'schema-registry',
    args: ['Data', 'MessageType?'],
    returns: 'map',
    example: 'spb_decode(payload) = {"seq": 1, "metrics": [{"name": "m", "bytes_value": "AQI="}]}',
    description: {
      en: "As sparkplug_decode, with each metric's bytes_value given as Base64 text.",
      zh: '与 sparkplug_decode 相同，但每个指标的 bytes_value 以 Base64 文本给出。',
    },
  },
  {
    name: 'spb_encode',
    group: 'schema-registry',
    args: ['Map', 'MessageType?'],
    returns: 'binary',
    example: 'spb_encode(json_decode(\'{"seq": 1}\')) = <<24,1>>',
    description: {
      en: "As sparkplug_encode, taking each metric's bytes_value as Base64 text.",
      zh: '与 sparkplug_encode 相同，但每个指标的 bytes_value 取 Base64 文本。',
    },
  },
];
