import { defineMessages } from '../../i18n/defineMessages';

export const schemaRegistryMessages = defineMessages('schemaRegistry', {
  title: { en: 'Schema Registry', zh: 'Schema Registry' },
  internal: { en: 'Internal', zh: '内置' },
  name: { en: 'Name', zh: '名称' },
  type: { en: 'Type', zh: '类型' },
  note: { en: 'Note', zh: '备注' },
  source: { en: 'Schema', zh: 'Schema' },
  create: { en: 'Create', zh: '创建' },
  createTitle: { en: 'Create Schema', zh: '创建 Schema' },
  settings: { en: 'Settings', zh: '设置' },
  duplicate: { en: 'Duplicate', zh: '复制' },
  update: { en: 'Update', zh: '更新' },
  empty: {
    en: 'No schemas yet. A schema lets rules decode and encode Avro, Protobuf or JSON payloads.',
    zh: '暂无 Schema。Schema 可用于在规则中编解码 Avro、Protobuf 或 JSON 负载。',
  },
  notFound: { en: 'This schema does not exist.', zh: '该 Schema 不存在。' },
  nameTip: {
    en: "The name is used in the encoding and decoding functions, for example: SELECT schema_decode('<name>', payload)",
    zh: "名称将用于编解码函数中，示例：SELECT schema_decode('<name>', payload)",
  },
  nameRequired: { en: 'Name is required', zh: '请输入名称' },
  nameFormat: {
    en: 'The name must begin with a letter or number and can only include letters, numbers, underscores and hyphens.',
    zh: '名称须以字母或数字开头，只能包含字母、数字、下划线和中划线。',
  },
  nameTooLong: { en: 'The name must be shorter than 255 characters.', zh: '名称长度须小于 255 个字符。' },
  sourceRequired: { en: 'Schema is required', zh: '请输入 Schema' },
  protobufTip: {
    en: "Protobuf: rules pass the message type as the last argument, e.g. schema_decode('<name>', payload, 'Person').",
    zh: "Protobuf：规则需在最后一个参数中传入消息类型，例如 schema_decode('<name>', payload, 'Person')。",
  },
  jsonTip: { en: 'JSON Schema drafts 04, 06, 07, 2019-09 and 2020-12 are supported.', zh: '支持 JSON Schema draft-04、draft-06、draft-07、2019-09 与 2020-12。' },
  sourceRefused: { en: 'The node refused this schema', zh: '节点未接受该 Schema' },
  deleteConfirm: { en: 'Delete the schema {{name}}? Rules that use it will fail.', zh: '确定删除 Schema {{name}} 吗？使用它的规则将会失败。' },
  typeAvro: { en: 'Avro', zh: 'Avro' },
  typeProtobuf: { en: 'Protobuf', zh: 'Protobuf' },
  typeJson: { en: 'JSON Schema', zh: 'JSON Schema' },
});
