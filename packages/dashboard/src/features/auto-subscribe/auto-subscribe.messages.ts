import { defineMessages } from '../../i18n/defineMessages';

export const autoSubscribeMessages = defineMessages('autoSubscribe', {
  title: { en: 'Auto Subscribe', zh: '自动订阅' },
  intro: {
    en: 'Every client is subscribed to these topics when it connects. Placeholders: ${clientid}, ${username}, ${host}, ${port}.',
    zh: '客户端连接时自动订阅以下主题。可用占位符：${clientid}、${username}、${host}、${port}。',
  },
  topic: { en: 'Topic', zh: '主题' },
  qos: { en: 'QoS', zh: 'QoS' },
  nl: { en: 'No Local', zh: '不接收自己发布的消息' },
  rap: { en: 'Retain as Published', zh: '保留发布时的保留标志' },
  rh: { en: 'Retain Handling', zh: '保留消息处理方式' },
  rh0: { en: '0: send retained messages on subscribe', zh: '0：订阅时发送保留消息' },
  rh1: { en: '1: send only for a new subscription', zh: '1：仅新订阅时发送保留消息' },
  rh2: { en: '2: never send retained messages', zh: '2：不发送保留消息' },
  addTopic: { en: 'Add Topic', zh: '添加主题' },
  editTopic: { en: 'Edit Topic', zh: '编辑主题' },
});
