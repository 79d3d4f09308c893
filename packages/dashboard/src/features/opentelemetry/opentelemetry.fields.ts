// The OpenTelemetry settings this node acts on, in the EMQX console's order: the metrics switch and interval, the
// exporter's endpoint and protocol. Logs and traces are not exported by this node: no switch for them (the page
// says so); TLS files are edited in ExporterTls.tsx.
import type { FieldSpec } from '../../shared/forms/fieldSpec';

export const PROTOCOLS = ['grpc', 'http/protobuf', 'http/json'] as const;

export const metricsFields: FieldSpec[] = [
  { path: 'metrics.enable', label: 'metrics_enable', kind: 'switch', help: 'help_metrics_enable' },
  { path: 'metrics.interval', label: 'metrics_interval', kind: 'duration', units: ['ms', 's', 'm', 'h'], required: true, help: 'help_interval', enabledBy: 'metrics.enable' },
];

export const exporterFields: FieldSpec[] = [
  { path: 'exporter.endpoint', label: 'endpoint', kind: 'text', required: true, help: 'help_endpoint', note: 'note_endpoint' },
  {
    path: 'exporter.protocol',
    label: 'protocol',
    kind: 'select',
    options: PROTOCOLS,
    optionLabels: { grpc: 'protocol_grpc', 'http/protobuf': 'protocol_http_protobuf', 'http/json': 'protocol_http_json' },
    required: true,
    note: 'note_protocol',
  },
];
