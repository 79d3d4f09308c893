// GET|PUT /opentelemetry as the node answers it: EMQX e5.8.9's root (the 5.8.1 document lacks headers, protocol
// and the queue settings). The server module is packages/server/src/modules/opentelemetry.
export type OtelProtocol = 'grpc' | 'http/protobuf' | 'http/json';

export interface OtelSslOptions {
  enable: boolean;
  verify: 'verify_peer' | 'verify_none';
  cacertfile?: string;
  certfile?: string;
  keyfile?: string;
  password?: string;
  [erlangTlsOption: string]: unknown;
}

export interface OtelSettings {
  metrics: { enable: boolean; interval: string };
  logs: { enable: boolean; [key: string]: unknown };
  traces: { enable: boolean; [key: string]: unknown };
  exporter: { endpoint: string; headers?: Record<string, string>; protocol?: OtelProtocol; ssl_options: OtelSslOptions };
}
