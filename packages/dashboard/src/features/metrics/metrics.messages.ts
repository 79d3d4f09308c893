import { defineMessages } from '../../i18n/defineMessages';

export const metricsMessages = defineMessages('metrics', {
  cluster: { en: 'Cluster', zh: '集群' },
  scope: { en: 'Scope', zh: '范围' },
  autoRefresh: { en: 'Auto refresh every {{seconds}} s', zh: '每 {{seconds}} 秒自动刷新' },
  updatedAt: { en: 'Updated {{time}}', zh: '更新于 {{time}}' },
  groupClient: { en: 'Connections', zh: '连接' },
  groupSession: { en: 'Sessions', zh: '会话' },
  groupAuth: { en: 'Authentication & authorization', zh: '认证与授权' },
  groupBytes: { en: 'Traffic', zh: '流量' },
  groupPackets: { en: 'MQTT packets', zh: 'MQTT 报文' },
  groupMessages: { en: 'Messages', zh: '消息' },
  groupDelivery: { en: 'Delivery drops', zh: '投递丢弃' },
  groupOther: { en: 'Other', zh: '其他' },
  stats: { en: 'Stats', zh: '统计' },
  counter: { en: 'Counter', zh: '指标' },
  value: { en: 'Value', zh: '数值' },
  current: { en: 'Current', zh: '当前' },
  peak: { en: 'Peak', zh: '峰值' },
  noCounters: { en: 'No counters reported', zh: '没有指标数据' },
  loadFailed: { en: 'Could not load metrics: {{message}}', zh: '无法加载指标：{{message}}' },
  countersSince: {
    en: 'Counters accumulate from node start; per-node values come from /metrics?aggregate=false.',
    zh: '指标自节点启动起累计；单节点数值来自 /metrics?aggregate=false。',
  },
});
