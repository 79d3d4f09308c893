import { defineMessages } from '../../i18n/defineMessages';

// Texts of the shared config field components (spec 000 §5, 001 §5); generic validation texts are in ns 'common'.
export const fieldsMessages = defineMessages('configFields', {
  rateFormat: { en: 'Please enter a properly formatted rate configuration', zh: '请输入正确格式的速率配置' },
  priorityRange: { en: 'Priority number must be a number between 1 and 255.', zh: '优先级必须是 1 到 255 之间的数字。' },
  duplicatedAttribute: { en: 'Duplicated Attribute', zh: '属性重复' },
  duplicatedTopic: { en: 'Repeated topic', zh: '主题重复' },
  needNumber: { en: 'It needs to be a number', zh: '需要输入数字' },
  typeInteger: { en: 'an integer', zh: '整数' },
  typeIntegerOr: { en: 'an integer or {{word}}', zh: '整数或 {{word}}' },
  ratePlaceholder: { en: 'e.g. 1000/s, 10MB/s or infinity', zh: '例如 1000/s、10MB/s 或 infinity' },
  numberOrWord: { en: 'A number or {{word}}', zh: '数字或 {{word}}' },
  topic: { en: 'Topic', zh: '主题' },
  priority: { en: 'Priority', zh: '优先级' },
  expression: { en: 'Expression', zh: '表达式' },
  attribute: { en: 'Attribute', zh: '属性名' },
  addRow: { en: 'Add', zh: '添加' },
  removeRow: { en: 'Remove', zh: '移除' },
  prioritiesDisabled: { en: 'Priorities disabled (all messages equal)', zh: '不启用优先级（所有消息相同）' },
});
