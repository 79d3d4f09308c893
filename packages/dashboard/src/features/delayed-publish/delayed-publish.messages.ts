import { defineMessages } from '../../i18n/defineMessages';

export const delayedPublishMessages = defineMessages('delayedPublish', {
  title: { en: 'Delayed Publish', zh: '延迟发布' },
  settingsTitle: { en: 'Delayed Publish Settings', zh: '延迟发布配置' },
  intro: {
    en: 'A message published to $delayed/{seconds}/{topic} is held and published to {topic} after the given seconds.',
    zh: '发布到 $delayed/{秒数}/{主题} 的消息会被暂存，并在指定秒数后发布到 {主题}。',
  },
  enable: { en: 'Enable', zh: '启用' },
  max_delayed_messages: { en: 'Max Delayed Messages', zh: '最大延迟消息数' },
  help_max_delayed_messages: { en: 'How many messages may wait at once; 0 means no limit.', zh: '同时等待发布的最大消息数，0 表示不限制。' },
  topic: { en: 'Topic', zh: '主题' },
  qos: { en: 'QoS', zh: 'QoS' },
  from_clientid: { en: 'Client ID', zh: '客户端 ID' },
  delayed_interval: { en: 'Delay', zh: '延迟时间' },
  delayed_remaining: { en: 'Remaining', zh: '剩余时间' },
  expected_at: { en: 'Publish At', zh: '预计发布时间' },
  payload: { en: 'Payload', zh: '消息内容' },
  disabledBanner: { en: 'Delayed publish is disabled: messages to $delayed/… are published at once.', zh: '延迟发布已禁用：发往 $delayed/… 的消息会立即发布。' },
});
