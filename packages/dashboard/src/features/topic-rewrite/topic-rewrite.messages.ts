import { defineMessages } from '../../i18n/defineMessages';

export const topicRewriteMessages = defineMessages('topicRewrite', {
  title: { en: 'Topic Rewrite', zh: '主题重写' },
  intro: {
    en: 'Rules apply in order to PUBLISH and/or SUBSCRIBE topics matching the source topic filter; regex groups fill $1, $2… of the destination.',
    zh: '规则按顺序作用于匹配源主题过滤器的发布和/或订阅主题；正则的分组填入目标主题的 $1、$2…。',
  },
  action: { en: 'Action', zh: '动作' },
  source_topic: { en: 'Source Topic', zh: '源主题' },
  re: { en: 'Regular Expression', zh: '正则表达式' },
  dest_topic: { en: 'Destination Topic', zh: '目标主题' },
  addRule: { en: 'Add Rule', zh: '添加规则' },
  editRule: { en: 'Edit Rule', zh: '编辑规则' },
  moveUp: { en: 'Move up', zh: '上移' },
  moveDown: { en: 'Move down', zh: '下移' },
  badRegex: { en: 'Please enter the value in the correct format', zh: '请输入正确格式的值' },
});
