// A transformation as EMQX answers it: the EE 5.8.1 document types the list as an array of arrays, `topics` as
// string | string[] and the payload serdes as strings, where emqx_message_transformation_http_api sends a flat
// list, an array and {type, schema, message_type}.
import type { LogLevel } from '../schema-validation/schema-validation.types';

export type SerdeType = 'none' | 'json' | 'avro' | 'protobuf';
export type Serde = { type: 'none' } | { type: 'json' } | { type: 'avro'; schema: string } | { type: 'protobuf'; schema: string; message_type: string };
export type { LogLevel };

export interface Operation {
  key: string;
  value: string;
}

export interface Transformation {
  name: string;
  description: string;
  enable: boolean;
  tags?: string[];
  topics: string[];
  failure_action: 'drop' | 'disconnect' | 'ignore';
  log_failure: { level: LogLevel };
  payload_decoder: Serde;
  payload_encoder: Serde;
  operations: Operation[];
}

export interface TransformationMetrics {
  matched: number;
  succeeded: number;
  failed: number;
  rate?: number;
  rate_last5m?: number;
  rate_max?: number;
}

/** POST /message_transformations/dryrun's message */
export interface DryRunMessage {
  topic: string;
  payload: string;
  qos: 0 | 1 | 2;
  retain: boolean;
  clientid?: string;
  username?: string;
  user_property: Record<string, string>;
}

/** the message the dry run answers (200) */
export interface DryRunOutput {
  topic: string;
  payload: unknown;
  qos: number;
  retain: boolean;
  user_property: Record<string, string>;
}
