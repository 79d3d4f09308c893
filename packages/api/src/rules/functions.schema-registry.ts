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
  {
    name: 'avro_encode',
    group: 'schema-registry',
    args: ['RegistryName', 'Map', 'SchemaId'],
    returns: 'binary',
    example: "avro_encode('my_registry', json_decode(payload), 1) = <<2,2,97>>",
    description: {
      en: 'Encodes a map as Avro with the schema that has this id in an external (Confluent-compatible) registry, without the Confluent tag. The schema is fetched once and cached.',
      zh: '使用外部（兼容 Confluent 的）Schema 注册表中该 ID 的 Schema 将映射编码为 Avro，不加 Confluent 标记。Schema 只获取一次并缓存。',
    },
  },
  {
    name: 'avro_decode',
    group: 'schema-registry',
    args: ['RegistryName', 'Data', 'SchemaId?'],
    returns: 'map',
    example: 'avro_decode(\'my_registry\', payload, 1) = {"i": 1, "s": "a"}',
    description: {
      en: 'Decodes Avro with a schema of an external registry: the schema with the given id, or, without an id, the one named by the Confluent tag (magic byte 0 and a 4-byte schema id) in front of the data.',
      zh: '使用外部注册表中的 Schema 解码 Avro：指定 ID 的 Schema；未指定 ID 时使用数据前 Confluent 标记（魔数字节 0 和 4 字节 Schema ID）所指的 Schema。',
    },
  },
  {
    name: 'schema_encode_and_tag',
    group: 'schema-registry',
    args: ['SchemaName', 'RegistryName', 'Map', 'Subject'],
    returns: 'binary',
    example: "schema_encode_and_tag('my_avro', 'my_registry', json_decode(payload), 'my_subject') = <<0,0,0,0,1,2,2,97>>",
    description: {
      en: 'Registers a locally registered Avro schema under the subject in an external registry (once per schema source), encodes the map with it and puts the Confluent tag in front: magic byte 0 and the 4-byte schema id.',
      zh: '将本地注册的 Avro Schema 以该主题注册到外部注册表（每个 Schema 内容一次），用它编码映射并在前面加上 Confluent 标记：魔数字节 0 和 4 字节 Schema ID。',
    },
  },
  {
    name: 'schema_decode_tagged',
    group: 'schema-registry',
    args: ['RegistryName', 'Data'],
    returns: 'map',
    example: 'schema_decode_tagged(\'my_registry\', payload) = {"i": 1, "s": "a"}',
    description: {
      en: 'Decodes Confluent-tagged Avro (magic byte 0, a 4-byte schema id, the Avro binary): the schema is looked up by its id in the external registry.',
      zh: '解码带 Confluent 标记的 Avro（魔数字节 0、4 字节 Schema ID、Avro 二进制）：按 ID 在外部注册表中查找 Schema。',
    },
  },
];
