import { defineMessages } from '../../i18n/defineMessages';

export const flowControlMessages = defineMessages('flowControl', {
  title: { en: 'Flow Control', zh: '流量控制' },
  intro: {
    en: 'A node-wide limit on new connections, enforced when they are accepted; infinity disables it. Each listener also has its own max connection rate (Listeners).',
    zh: '节点级的新连接速率限制，在接受连接时执行；infinity 表示不限制。每个监听器还可单独设置最大连接速率（见监听器）。',
  },
  notEnforced: {
    en: 'Message and byte rate limits per client are not enforced by this node, so they are not offered here.',
    zh: '本节点不执行按客户端的消息速率和流量速率限制，因此此处不提供这两项配置。',
  },
  max_conn_rate: { en: 'Max Connection Rate', zh: '最大连接速率' },
  help_max_conn_rate: { en: 'New connections accepted per period, e.g. 1000/s; beyond it connections are refused.', zh: '每个时间段接受的新连接数，例如 1000/s；超出时拒绝连接。' },
});
