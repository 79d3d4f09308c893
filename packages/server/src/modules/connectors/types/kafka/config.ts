// The fields of EMQX 5.8's Kafka-protocol connectors and their actions/sources, one reader for the four types:
// kafka_producer and kafka_consumer (bootstrap_hosts, authentication none | SASL plain/scram | kerberos, ssl,
// connect_timeout, metadata_request_timeout, health_check_topic), confluent_producer (SASL PLAIN username/password
// over TLS) and azure_event_hub_producer (SASL PLAIN, user `$ConnectionString`, the connection string as password,
// over TLS). Problems are plain sentences naming the field.
import { isObject } from '../../../../config/tree';
import { parseTemplate } from '../../../../shared/template';
import { bad, readText } from '../aws/aws';
import { readDuration, readSize } from '../s3/config';
import type { MessageTemplates } from './message';

export type Flavor = 'kafka' | 'confluent' | 'azure';

export interface Sasl {
  mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512';
  username: string;
  password: string;
}

export interface KafkaSettings {
  brokers: string[];
  connectTimeout: number;
  requestTimeout: number;
  sasl: Sasl | undefined;
  ssl: Record<string, unknown> | undefined;
  healthCheckTopic: string | undefined;
}

/** `host[:port]` list, comma separated, Kafka's default port 9092 (EMQX's emqx_bridge_kafka_impl:hosts) */
export function readBrokers(v: unknown): string[] {
  const text = readText(v, 'bootstrap_hosts', true);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (list.length === 0) throw bad('bootstrap_hosts: required field missing');
  return list.map((s) => {
    const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(s) ?? /^([^:\s[\]]+)(?::(\d+))?$/.exec(s);
    const port = m?.[2] === undefined ? 9092 : Number(m[2]);
    if (!m || port < 1 || port > 65535) throw bad(`bootstrap_hosts: "${s}" is not a valid host:port`);
    return `${m[1].includes(':') ? `[${m[1]}]` : m[1]}:${port}`;
  });
}

const MECHANISMS: Record<string, Sasl['mechanism']> = { plain: 'plain', scram_sha_256: 'scram-sha-256', scram_sha_512: 'scram-sha-512' };

function readAuth(v: unknown, flavor: Flavor): Sasl | undefined {
  if (flavor === 'azure') {
    if (!isObject(v)) throw bad('authentication: the Event Hubs connection string (password) is required');
    return { mechanism: 'plain', username: '$ConnectionString', password: readText(v.password, 'authentication.password', true) };
  }
  if (flavor === 'confluent') {
    if (!isObject(v)) throw bad('authentication: the Confluent API key (username) and secret (password) are required');
    return { mechanism: 'plain', username: readText(v.username, 'authentication.username', true), password: readText(v.password, 'authentication.password', true) };
  }
  if (v === undefined || v === 'none') return undefined;
  if (!isObject(v)) throw bad('authentication: expected none or an object');
  if (v.kerberos_principal !== undefined || v.kerberos_keytab_file !== undefined) {
    throw bad('authentication: Kerberos (GSSAPI) is not available on this node; use plain or SCRAM, or a real EMQX Enterprise node.');
  }
  const mechanism = MECHANISMS[String(v.mechanism)];
  if (!mechanism) throw bad('authentication.mechanism: expected plain, scram_sha_256 or scram_sha_512');
  return { mechanism, username: readText(v.username, 'authentication.username', true), password: readText(v.password, 'authentication.password', true) };
}

export function readKafkaConnector(config: Record<string, unknown>, flavor: Flavor): KafkaSettings {
  const ssl = isObject(config.ssl) ? config.ssl : {};
  // Confluent Cloud and Event Hubs take TLS only: EMQX forces ssl.enable there
  const tlsOn = flavor !== 'kafka' || ssl.enable === true;
  return {
    brokers: readBrokers(config.bootstrap_hosts),
    connectTimeout: readDuration(config.connect_timeout, 'connect_timeout', '5s'),
    requestTimeout: readDuration(config.metadata_request_timeout, 'metadata_request_timeout', '5s'),
    sasl: readAuth(config.authentication, flavor),
    ssl: tlsOn ? { ...ssl, enable: true } : undefined,
    healthCheckTopic: readText(config.health_check_topic, 'health_check_topic', false),
  };
}

export interface ProducerSettings {
  templates: MessageTemplates;
  acks: number;
  compression: 'none' | 'gzip';
  partitionStrategy: 'random' | 'key_dispatch';
  maxInflight: number;
  /** the topic's name when it is not a template (checked at install) */
  fixedTopic: string | undefined;
}

const ACKS: Record<string, number> = { all_isr: -1, leader_only: 1, none: 0 };

export function readProducer(p: Record<string, unknown>): ProducerSettings {
  const topicText = readText(p.topic, 'topic', true);
  const message = isObject(p.message) ? p.message : {};
  const acks = ACKS[String(p.required_acks ?? 'all_isr')];
  if (acks === undefined) throw bad('required_acks: expected all_isr, leader_only or none');
  const compression = String(p.compression ?? 'no_compression');
  if (compression === 'snappy') throw bad('compression: snappy is not available on this node; use gzip or no_compression.');
  if (compression !== 'no_compression' && compression !== 'gzip') throw bad('compression: expected no_compression, snappy or gzip');
  // EMQX's producer buffer modes: this node keeps waiting messages in the resource layer's memory buffer only
  const bufferMode = String((isObject(p.buffer) ? p.buffer.mode : undefined) ?? 'memory');
  if (bufferMode === 'disk' || bufferMode === 'hybrid') throw bad(`buffer.mode: ${bufferMode} is not available on this node; use memory.`);
  if (bufferMode !== 'memory') throw bad('buffer.mode: expected memory, disk or hybrid');
  const strategy = String(p.partition_strategy ?? 'random');
  if (strategy !== 'random' && strategy !== 'key_dispatch') throw bad('partition_strategy: expected random or key_dispatch');
  const encode = String(p.kafka_header_value_encode_mode ?? 'none');
  if (encode !== 'none' && encode !== 'json') throw bad('kafka_header_value_encode_mode: expected none or json');
  const headersText = readText(p.kafka_headers, 'kafka_headers', false);
  if (headersText !== undefined && !/^\s*\$\{[^}]+\}\s*$/.test(headersText)) throw bad('kafka_headers: expected one placeholder, such as ${pub_props}');
  const ext = p.kafka_ext_headers ?? [];
  if (!Array.isArray(ext)) throw bad('kafka_ext_headers: expected a list');
  const extHeaders = ext.map((h, i) => {
    if (!isObject(h)) throw bad(`kafka_ext_headers[${i}]: expected {kafka_ext_header_key, kafka_ext_header_value}`);
    return {
      key: parseTemplate(readText(h.kafka_ext_header_key, `kafka_ext_headers[${i}].kafka_ext_header_key`, true)),
      value: parseTemplate(readText(h.kafka_ext_header_value, `kafka_ext_headers[${i}].kafka_ext_header_value`, true)),
    };
  });
  const maxInflight = p.max_inflight === undefined ? 10 : Number(p.max_inflight);
  if (!Number.isInteger(maxInflight) || maxInflight < 1) throw bad('max_inflight: expected a whole number of at least 1');
  const topic = parseTemplate(topicText.trim());
  return {
    templates: {
      topic,
      key: parseTemplate(readText(message.key, 'message.key', false) ?? '${.clientid}'),
      value: parseTemplate(readText(message.value, 'message.value', false) ?? '${.}'),
      timestamp: parseTemplate(readText(message.timestamp, 'message.timestamp', false) ?? '${.timestamp}'),
      headers: headersText === undefined ? undefined : parseTemplate(headersText.trim()),
      extHeaders,
      headerEncode: encode,
    },
    acks,
    compression: compression === 'gzip' ? 'gzip' : 'none',
    partitionStrategy: strategy,
    maxInflight,
    fixedTopic: topic.every((part) => typeof part === 'string') ? topic.join('') : undefined,
  };
}

export interface ConsumerSettings {
  topic: string;
  groupId: string | undefined;
  fromBeginning: boolean;
  keyEncoding: 'none' | 'base64';
  valueEncoding: 'none' | 'base64';
  maxBytes: number;
  commitInterval: number;
}

export function readConsumer(p: Record<string, unknown>): ConsumerSettings {
  const reset = String(p.offset_reset_policy ?? 'latest');
  if (reset !== 'latest' && reset !== 'earliest') throw bad('offset_reset_policy: expected latest or earliest');
  const enc = (v: unknown, field: string): 'none' | 'base64' => {
    const s = String(v ?? 'none');
    if (s !== 'none' && s !== 'base64') throw bad(`${field}: expected none or base64`);
    return s;
  };
  return {
    topic: readText(p.topic, 'topic', true),
    groupId: readText(p.group_id, 'group_id', false),
    fromBeginning: reset === 'earliest',
    keyEncoding: enc(p.key_encoding_mode, 'key_encoding_mode'),
    valueEncoding: enc(p.value_encoding_mode, 'value_encoding_mode'),
    maxBytes: readSize(p.max_batch_bytes, 'max_batch_bytes', '896KB'),
    commitInterval: readDuration(p.offset_commit_interval_seconds, 'offset_commit_interval_seconds', '5s'),
  };
}
