import { defineMessages } from '../../i18n/defineMessages';

export const subscriptionsMessages = defineMessages('subscriptions', {
  title: { en: 'Subscriptions', zh: '订阅管理' },
  subscriptionsTab: { en: 'Subscriptions', zh: '订阅' },
  topicsTab: { en: 'Topics', zh: '主题' },
  clientid: { en: 'Client ID', zh: '客户端 ID' },
  topic: { en: 'Topic', zh: '主题' },
  matchTopic: { en: 'Match topic', zh: '匹配主题' },
  matchTopicHint: {
    en: 'A topic filter (wildcards allowed) that matches the subscribed topics',
    zh: '用于匹配已订阅主题的主题过滤器（可含通配符）',
  },
  qos: { en: 'QoS', zh: 'QoS' },
  shareGroup: { en: 'Share group', zh: '共享组' },
  shareName: { en: 'Share Name', zh: '共享名称' },
  node: { en: 'Node', zh: '节点' },
  noLocal: { en: 'No Local', zh: '不接收自己发布的消息' },
  retainAsPublished: { en: 'Retain as Published', zh: '保留发布时的保留标志' },
  retainHandling: { en: 'Retain Handling', zh: '保留消息处理方式' },
  durable: { en: 'Durable', zh: '持久会话' },
  internal: { en: '(internal)', zh: '(内部)' },
  anyQos: { en: 'Any QoS', zh: '任意 QoS' },
  moreFilters: { en: 'More filters', zh: '更多筛选' },
  fewerFilters: { en: 'Fewer filters', zh: '收起筛选' },
  topicSearchPlaceholder: { en: 'Topic or topic filter', zh: '主题或主题过滤器' },
});
