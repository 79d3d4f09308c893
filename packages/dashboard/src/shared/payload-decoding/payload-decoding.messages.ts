import { defineMessages } from '../../i18n/defineMessages';

// The decoder picker of every payload view and its per-topic-filter memory (issue 14).
export const payloadDecodingMessages = defineMessages('payloadDecoding', {
  decodeWith: { en: 'Decode with', zh: '解码方式' },
  schemaPlaceholder: { en: 'Schema or Sparkplug B', zh: 'Schema 或 Sparkplug B' },
  builtIn: { en: 'Built in', zh: '内置' },
  sparkplug: { en: 'Sparkplug B', zh: 'Sparkplug B' },
  avroSchemas: { en: 'Avro schemas', zh: 'Avro Schema' },
  protobufSchemas: { en: 'Protobuf schemas', zh: 'Protobuf Schema' },
  schemasLoading: { en: 'Loading the registered schemas…', zh: '正在加载已注册的 Schema…' },
  schemasUnavailable: { en: 'The registered schemas could not be loaded: {{reason}}', zh: '无法加载已注册的 Schema：{{reason}}' },
  schemaMissing: {
    en: 'The schema "{{schema}}" is not registered (any more); pick another decoder.',
    zh: 'Schema "{{schema}}" 未注册（或已删除），请选择其他解码方式。',
  },
  schemaNotCompiled: { en: 'does not compile', zh: '无法编译' },
  notDecoded: {
    en: 'The payload does not decode with {{decoder}}: {{reason}}. Shown as hex.',
    zh: '消息内容无法用 {{decoder}} 解码：{{reason}}。以十六进制显示。',
  },
  rememberedFor: { en: 'Remembered for {{filter}}', zh: '已为 {{filter}} 记住' },
  forget: { en: 'Forget', zh: '忘记' },
  forgetFor: { en: 'Forget the decoder of {{filter}}', zh: '忘记 {{filter}} 的解码方式' },
  remember: { en: 'Remember for topic filter', zh: '按主题过滤器记住' },
  rememberTitle: {
    en: 'Payloads whose topic matches this filter open with the chosen decoder',
    zh: '主题匹配此过滤器的消息将默认使用所选解码方式',
  },
  topicFilter: { en: 'Topic filter', zh: '主题过滤器' },
  save: { en: 'Save', zh: '保存' },
  decoders: { en: 'Decoders', zh: '解码方式' },
  decodersTitle: { en: 'Decoders remembered per topic filter', zh: '按主题过滤器记住的解码方式' },
  noDecoders: {
    en: 'No decoder remembered yet. Pick one in a payload view and remember it for a topic filter, or add one here.',
    zh: '尚未记住解码方式。可在消息内容中选择并按主题过滤器记住，或在此添加。',
  },
  add: { en: 'Add', zh: '添加' },
  payloadOfInput: { en: 'Payload of this input', zh: '此输入的消息内容' },
  payloadOfOutput: { en: 'Payload of the output', zh: '输出中的消息内容' },
  textOnly: {
    en: 'The node sent this payload as text: bytes that are not UTF-8 were replaced (\uFFFD), so a binary decoder cannot read it.',
    zh: '节点以文本形式发送此消息内容：非 UTF-8 字节已被替换（\uFFFD），二进制解码方式无法读取。',
  },
});
