import { defineMessages } from '../i18n/defineMessages';

// Every screen of the spec, both languages (CONSOLE-REFERENCE §5 wording). Features pick their labelKey here;
// a label only shows when a feature registers the screen.
export const menuMessages = defineMessages('menu', {
  // Sections, in menu order
  monitoring: { en: 'Monitoring', zh: '监控' },
  accessControl: { en: 'Access Control', zh: '访问控制' },
  integration: { en: 'Integration', zh: '集成' },
  management: { en: 'Management', zh: '管理' },
  diagnostics: { en: 'Diagnostics', zh: '问题分析' },
  system: { en: 'System', zh: '系统设置' },
  // Monitoring
  clusterOverview: { en: 'Cluster Overview', zh: '集群概览' },
  overview: { en: 'Overview', zh: '概览' },
  nodes: { en: 'Nodes', zh: '节点' },
  nodeDetail: { en: 'Node Details', zh: '节点详情' },
  metrics: { en: 'Metrics', zh: '指标' },
  clients: { en: 'Clients', zh: '客户端' },
  clientDetail: { en: 'Client Details', zh: '客户端详情' },
  subscriptions: { en: 'Subscriptions', zh: '订阅管理' },
  subscription: { en: 'Subscriptions', zh: '订阅' },
  topics: { en: 'Topics', zh: '主题' },
  retained: { en: 'Retained Messages', zh: '保留消息' },
  delayedPublish: { en: 'Delayed Publish', zh: '延迟发布' },
  alarms: { en: 'Alarms', zh: '告警' },
  // Access control
  authentication: { en: 'Authentication', zh: '客户端认证' },
  authorization: { en: 'Authorization', zh: '客户端授权' },
  bannedClients: { en: 'Banned Clients', zh: '黑名单' },
  flappingDetect: { en: 'Flapping Detect', zh: '连接抖动' },
  // Integration
  webhooks: { en: 'Webhooks', zh: 'Webhook' },
  flows: { en: 'Flows', zh: '数据流' },
  rules: { en: 'Rules', zh: '规则' },
  ruleList: { en: 'Rules', zh: '规则列表' },
  actions: { en: 'Actions (Sink)', zh: '动作（Sink）' },
  sources: { en: 'Sources', zh: '数据源' },
  connectors: { en: 'Connectors', zh: '连接器' },
  schemaValidation: { en: 'Schema Validation', zh: 'Schema 验证' },
  schemaRegistry: { en: 'Schema Registry', zh: 'Schema Registry' },
  internalSchema: { en: 'Internal', zh: '内部 Schema' },
  externalSchema: { en: 'External', zh: '外部 Schema' },
  messageTransform: { en: 'Message Transform', zh: '消息转换' },
  // Management
  mqttSettings: { en: 'MQTT Settings', zh: 'MQTT 配置' },
  mqttGeneral: { en: 'General', zh: '通用' },
  mqttSession: { en: 'Sessions', zh: '会话' },
  durableSessions: { en: 'Durable Sessions', zh: '会话持久化' },
  retainer: { en: 'Retainer', zh: '保留消息' },
  systemTopic: { en: 'System Topic', zh: '系统主题' },
  forceShutdown: { en: 'Force Shutdown', zh: '强制关闭' },
  listeners: { en: 'Listeners', zh: '监听器' },
  logging: { en: 'Logging', zh: '日志' },
  clusterSettings: { en: 'Cluster', zh: '集群' },
  // the alarm thresholds screen (EMQX's Management › Monitoring › System): named for what it holds; an EMQX user
  // expects Prometheus/OpenTelemetry under 'Monitoring' (issue 20 item 11); Prometheus is its Integration tab
  monitoringSettings: { en: 'Monitoring', zh: '监控' },
  monitoringSystem: { en: 'Alarm Settings', zh: '告警设置' },
  // Prometheus scrape/push settings (features/prometheus): EMQX's Monitoring › Integration tab
  monitoringIntegration: { en: 'Integration', zh: '集成' },
  limiter: { en: 'Flow Control', zh: '流量控制' },
  gateways: { en: 'Gateways', zh: '网关' },
  exhooks: { en: 'ExHooks', zh: 'ExHook' },
  plugins: { en: 'Plugins', zh: '插件' },
  topicRewrite: { en: 'Topic Rewrite', zh: '主题重写' },
  autoSubscribe: { en: 'Auto Subscribe', zh: '自动订阅' },
  delayedPublishSettings: { en: 'Delayed Publish', zh: '延迟发布' },
  eventMessages: { en: 'Event Messages', zh: '事件消息' },
  // Diagnostics
  websocketClient: { en: 'WebSocket Client', zh: 'WebSocket 客户端' },
  logTrace: { en: 'Log Trace', zh: '日志追踪' },
  topicMetrics: { en: 'Topic Metrics', zh: '主题监控' },
  slowSubscriptions: { en: 'Slow Subscriptions', zh: '慢订阅' },
  // System
  users: { en: 'Users', zh: '用户' },
  apiKeys: { en: 'API Keys', zh: 'API 密钥' },
  backup: { en: 'Backup & Restore', zh: '备份与恢复' },
  auditLog: { en: 'Audit Log', zh: '审计日志' },
  license: { en: 'License', zh: '许可证' },
});

export type MenuLabelKey = keyof typeof menuMessages;
