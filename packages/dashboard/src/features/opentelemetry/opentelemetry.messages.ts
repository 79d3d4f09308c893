import { defineMessages } from '../../i18n/defineMessages';

export const opentelemetryMessages = defineMessages('opentelemetry', {
  title: { en: 'OpenTelemetry', zh: 'OpenTelemetry' },
  intro: {
    en: 'The node sends its metrics (the figures of Metrics and of the Prometheus scrape, with EMQX’s names) to an OpenTelemetry collector at a fixed interval.',
    zh: '节点按固定间隔将指标（即指标页与 Prometheus 抓取中的数据，使用 EMQX 的指标名）发送到 OpenTelemetry Collector。',
  },
  signalsNote: {
    en: 'Exporting logs and traces over OpenTelemetry is not available on this node; only metrics are exported.',
    zh: '本节点不支持通过 OpenTelemetry 导出日志和链路追踪，仅导出指标。',
  },
  metricsTitle: { en: 'Metrics', zh: '指标' },
  metrics_enable: { en: 'Export metrics', zh: '导出指标' },
  help_metrics_enable: { en: 'Send the node’s metrics to the endpoint below.', zh: '将节点指标发送到下方的地址。' },
  metrics_interval: { en: 'Export interval', zh: '导出间隔' },
  help_interval: { en: 'How often the metrics are sent.', zh: '指标的发送频率。' },
  exporterTitle: { en: 'Exporter', zh: '导出器' },
  endpoint: { en: 'Endpoint', zh: '地址' },
  help_endpoint: { en: 'The collector’s address, e.g. http://localhost:4317.', zh: 'Collector 的地址，例如 http://localhost:4317。' },
  note_endpoint: {
    en: 'Start it with https:// to use TLS (settings below). For OTLP/HTTP a bare address gets the path /v1/metrics; a path you give is used as it is.',
    zh: '以 https:// 开头时使用 TLS（见下方设置）。OTLP/HTTP 协议下，未带路径的地址会加上 /v1/metrics，带路径时按原样使用。',
  },
  protocol: { en: 'Protocol', zh: '协议' },
  note_protocol: {
    en: 'All three work on this node. gRPC is EMQX’s protocol (collectors listen on 4317); OTLP/HTTP usually listens on 4318.',
    zh: '本节点三种协议均可用。gRPC 为 EMQX 使用的协议（Collector 通常监听 4317）；OTLP/HTTP 通常监听 4318。',
  },
  protocol_grpc: { en: 'gRPC', zh: 'gRPC' },
  protocol_http_protobuf: { en: 'OTLP/HTTP (protobuf)', zh: 'OTLP/HTTP（protobuf）' },
  protocol_http_json: { en: 'OTLP/HTTP (JSON)', zh: 'OTLP/HTTP（JSON）' },
  tlsTitle: { en: 'TLS for an https:// endpoint', zh: 'https:// 地址的 TLS 设置' },
  tlsIntro: {
    en: 'Used only when the endpoint starts with https://. Paste PEM text; the node stores it as a file and shows its path afterwards.',
    zh: '仅在地址以 https:// 开头时使用。粘贴 PEM 文本，节点将其保存为文件，之后显示文件路径。',
  },
  verify: { en: 'Verify the collector’s certificate', zh: '校验 Collector 证书' },
  cacertfile: { en: 'CA certificate', zh: 'CA 证书' },
  certfile: { en: 'Client certificate', zh: '客户端证书' },
  keyfile: { en: 'Client key', zh: '客户端私钥' },
  saveTls: { en: 'Save TLS settings', zh: '保存 TLS 设置' },
});
