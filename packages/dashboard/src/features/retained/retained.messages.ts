import { defineMessages } from '../../i18n/defineMessages';

export const retainedMessages = defineMessages('retained', {
  title: { en: 'Retained Messages', zh: '保留消息' },
  topic: { en: 'Topic', zh: '主题' },
  qos: { en: 'QoS', zh: 'QoS' },
  fromClientid: { en: 'From Client ID', zh: '来源客户端 ID' },
  fromUsername: { en: 'From Username', zh: '来源用户名' },
  publishAt: { en: 'Publish Time', zh: '发布时间' },
  payload: { en: 'Payload', zh: '消息内容' },
  viewPayload: { en: 'Show payload', zh: '查看内容' },
  topicPlaceholder: { en: 'Topic or topic filter', zh: '主题或主题过滤器' },
  deleteConfirm: { en: 'Delete the retained message of {{topic}}?', zh: '确定删除主题 {{topic}} 的保留消息？' },
  deleted: { en: 'Deleted successfully', zh: '删除成功' },
  clearAll: { en: 'Clear All', zh: '全部清除' },
  clearAllConfirm: {
    en: 'Are you sure you want to clear all retained messages?',
    zh: '确定清除所有保留消息？',
  },
  cleared: { en: 'All retained messages cleared', zh: '已清除所有保留消息' },
  disabled: {
    en: 'Retained message is disabled, click to enable on settings page.',
    zh: '保留消息已禁用，点击前往设置页面启用。',
  },
  payloadOmitted: {
    en: 'The payload is larger than 1 MB and was not sent by the broker',
    zh: '消息内容超过 1 MB，代理未返回',
  },
  messageNotFound: { en: 'The retained message no longer exists', zh: '该保留消息已不存在' },
});
