import { defineMessages } from '../i18n/defineMessages';

// The spec's topic validation texts (001 §5), shared by every topic input of the console.
export const topicMessages = defineMessages('topic', {
  empty: { en: 'Topic cannot be empty', zh: '主题不能为空' },
  tooLong: { en: 'Topic length exceeds the limit', zh: '主题长度超出限制' },
  badHash: { en: 'Invalid use of "#" wildcard', zh: '"#" 通配符使用错误' },
  badPlus: { en: 'Invalid use of "+" wildcard', zh: '"+" 通配符使用错误' },
  wildcardInName: { en: 'Publish cannot contain MQTT wildcards "#" and "+"', zh: '发布主题不能包含 MQTT 通配符 "#" 和 "+"' },
  nullChar: { en: 'A topic cannot contain the null character (U+0000)', zh: '主题不能包含空字符（U+0000）' },
  repeated: { en: 'Repeated topic', zh: '主题重复' },
});
