import { defineMessages } from '../../i18n/defineMessages';

export const flowControlMessages = defineMessages('flowControl', {
  title: { en: 'Flow Control', zh: '流量控制' },
  intro: {
    en: 'Node-wide limits, shared by all clients of this node together. infinity disables a limit.',
    zh: '节点级限制，由本节点的所有客户端共同分享。infinity 表示不限制。',
  },
  perClient: {
    en: 'Each listener has its own max connection rate and per-client message and byte rates (Listeners); both kinds of limit apply.',
    zh: '每个监听器还可设置自己的最大连接速率以及按客户端的消息速率和流量速率（见监听器）；两类限制同时生效。',
  },
  max_conn_rate: { en: 'Max Connection Rate', zh: '最大连接速率' },
  messages_rate: { en: 'Messages Rate', zh: '消息速率' },
  bytes_rate: { en: 'Bytes Rate', zh: '流量速率' },
  help_max_conn_rate: { en: 'New connections accepted per period, e.g. 1000/s; beyond it connections are refused.', zh: '每个时间段接受的新连接数，例如 1000/s；超出时拒绝连接。' },
  help_messages_rate: { en: 'PUBLISH messages received from all clients per period, e.g. 10000/s.', zh: '每个时间段从所有客户端接收的 PUBLISH 消息数，例如 10000/s。' },
  help_bytes_rate: { en: 'PUBLISH bytes received from all clients per period, e.g. 10MB/s.', zh: '每个时间段从所有客户端接收的 PUBLISH 字节数，例如 10MB/s。' },
  note_messages_rate: {
    en: 'Applied to connected clients at once. A client over the limit is slowed down (the node stops reading its socket until the rate allows more); no message is dropped.',
    zh: '保存后立即作用于已连接的客户端。超出限制的客户端会被减速（节点暂停读取其连接，直到速率允许）；不会丢弃消息。',
  },
  note_bytes_rate: {
    en: 'Counts the size of each PUBLISH packet. Over the limit, clients are slowed down in the same way.',
    zh: '按每个 PUBLISH 报文的大小计算。超出限制时，客户端以同样方式被减速。',
  },
});
