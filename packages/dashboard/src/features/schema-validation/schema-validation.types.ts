// A validation as EMQX answers it: the EE 5.8.1 document types the list as an array of arrays and `topics` as
// string | string[], where emqx_schema_validation_http_api sends a flat list and an array.
export type CheckType = 'sql' | 'json' | 'avro' | 'protobuf';
export type Check = { type: 'sql'; sql: string } | { type: 'json' | 'avro'; schema: string } | { type: 'protobuf'; schema: string; message_type: string };
export type LogLevel = 'error' | 'warning' | 'notice' | 'info' | 'debug' | 'none';

export interface Validation {
  name: string;
  description: string;
  enable: boolean;
  tags?: string[];
  topics: string[];
  strategy: 'all_pass' | 'any_pass';
  failure_action: 'drop' | 'disconnect' | 'ignore';
  log_failure: { level: LogLevel };
  checks: Check[];
}

export interface ValidationMetrics {
  matched: number;
  succeeded: number;
  failed: number;
  rate?: number;
  rate_last5m?: number;
  rate_max?: number;
}
