import { defineMessages } from '../../i18n/defineMessages';

export const prometheusMessages = defineMessages('prometheus', {
  title: { en: 'Prometheus', zh: 'Prometheus' },
  scrapeTitle: { en: 'Scrape this node', zh: '抓取本节点指标' },
  scrapeIntro: {
    en: 'Prometheus reads the node’s metrics from the address below (also /auth and /data_integration next to it). Add the job to prometheus.yml:',
    zh: 'Prometheus 从以下地址读取节点指标（同目录下还有 /auth 与 /data_integration）。将此任务加入 prometheus.yml：',
  },
  scrapeUrl: { en: 'Scrape URL', zh: '抓取地址' },
  copyExample: { en: 'Copy example', zh: '复制示例' },
  basicAuthNote: {
    en: 'Basic auth is on: Prometheus must send an API key and its secret.',
    zh: '已开启 Basic 认证：Prometheus 需要提供 API 密钥及其 Secret。',
  },
  authTitle: { en: 'Scrape authentication', zh: '抓取认证' },
  enable_basic_auth: { en: 'Enable Basic Auth', zh: '启用 Basic 认证' },
  help_basic_auth: {
    en: 'Ask for an API key (or a console token) on the scrape endpoints. The push gateway is not affected.',
    zh: '抓取接口需提供 API 密钥（或控制台令牌），不影响 Pushgateway。',
  },
  pushTitle: { en: 'Pushgateway', zh: 'Pushgateway' },
  push_enable: { en: 'Enable Pushgateway', zh: '启用 Pushgateway' },
  help_push_enable: {
    en: 'Push the metrics to a Prometheus Pushgateway on an interval. Not needed when Prometheus scrapes the node.',
    zh: '按间隔将指标推送到 Prometheus Pushgateway。Prometheus 直接抓取节点时无需开启。',
  },
  push_url: { en: 'Pushgateway URL', zh: 'Pushgateway 地址' },
  push_interval: { en: 'Interval', zh: '推送间隔' },
  push_method: { en: 'HTTP method', zh: 'HTTP 方法' },
  push_job_name: { en: 'Job name', zh: '任务名称' },
  help_job_name: {
    en: '${name} is the node name before @, ${host} the part after it, ${cluster_name} the cluster name.',
    zh: '${name} 为节点名 @ 之前的部分，${host} 为 @ 之后的部分，${cluster_name} 为集群名称。',
  },
  collectorsTitle: { en: 'VM collectors', zh: '虚拟机指标采集器' },
  collectorsNote: {
    en: 'These Erlang VM collectors are kept for EMQX compatibility; MQDeck runs on Node.js and exports no metrics for them.',
    zh: '这些 Erlang 虚拟机采集器为兼容 EMQX 而保留；MQDeck 运行于 Node.js，不会为其导出指标。',
  },
  enabled: { en: 'Enabled', zh: '启用' },
  disabled: { en: 'Disabled', zh: '禁用' },
  mnesia: { en: 'Mnesia', zh: 'Mnesia' },
  vm_dist: { en: 'VM distribution', zh: 'VM 分布' },
  vm_memory: { en: 'VM memory', zh: 'VM 内存' },
  vm_msacc: { en: 'VM microstate accounting', zh: 'VM 微状态统计' },
  vm_statistics: { en: 'VM statistics', zh: 'VM 统计' },
  vm_system_info: { en: 'VM system info', zh: 'VM 系统信息' },
});
