// The fields of EMQX 5.8's `s3` connector (emqx_s3_schema s3_client: host, port, access_key_id, secret_access_key,
// access_method path|vhost, transport_options with ssl) and of its `s3` action's parameters (emqx_bridge_s3_upload:
// direct — bucket, key, content, acl — or aggregated — bucket, key, acl, headers, container csv, aggregation
// time_interval / max_records, min_part_size / max_part_size). Problems are plain sentences naming the field.
import { isObject } from '../../../../config/tree';
import { parseTemplate, placeholders, type Template } from '../../../../shared/template';
import { bad, readText } from '../aws/aws';

export interface S3Settings {
  endpoint: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  ssl: Record<string, unknown> | undefined;
  poolSize: number;
}

export function readS3Connector(config: Record<string, unknown>): S3Settings {
  const host = readText(config.host, 'host', true).trim();
  if (/[\s/]/.test(host)) throw bad(`host: "${host}" is not a host name`);
  const port = Number(config.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad('port: expected a port number from 1 to 65535');
  const transport = isObject(config.transport_options) ? config.transport_options : {};
  const ssl = isObject(transport.ssl) && transport.ssl.enable === true ? transport.ssl : undefined;
  const accessKeyId = readText(config.access_key_id, 'access_key_id', false);
  const secret = readText(config.secret_access_key, 'secret_access_key', false);
  const poolSize = transport.pool_size === undefined ? 8 : Number(transport.pool_size);
  return {
    endpoint: `${ssl ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`,
    forcePathStyle: config.access_method !== 'vhost',
    credentials: accessKeyId !== undefined ? { accessKeyId, secretAccessKey: secret ?? '' } : undefined,
    ssl,
    poolSize: Number.isInteger(poolSize) && poolSize > 0 ? poolSize : 8,
  };
}

/** EMQX's acl names → S3's canned ACLs */
const ACLS: Record<string, string> = {
  private: 'private',
  public_read: 'public-read',
  public_read_write: 'public-read-write',
  authenticated_read: 'authenticated-read',
  bucket_owner_read: 'bucket-owner-read',
  bucket_owner_full_control: 'bucket-owner-full-control',
};

export interface DirectSettings {
  mode: 'direct';
  bucket: Template;
  key: Template;
  content: Template;
  acl: string | undefined;
}

export interface AggregatedSettings {
  mode: 'aggregated';
  bucket: string;
  /** the key template with EMQX's required parts appended when missing (mk_key_template) */
  key: Template;
  acl: string | undefined;
  headers: Record<string, string>;
  columnOrder: string[];
  /** ms */
  timeInterval: number;
  maxRecords: number;
  minPartSize: number;
}

function readAcl(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const acl = ACLS[String(v)];
  if (!acl) throw bad(`acl: "${String(v)}" is not one of ${Object.keys(ACLS).join(', ')}`);
  return acl;
}

const DURATION = /^\s*(\d+)\s*(ms|s|m|h|d)?\s*$/i;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function readDuration(v: unknown, field: string, dflt: string): number {
  const m = DURATION.exec(String(v ?? dflt));
  if (!m) throw bad(`${field}: "${String(v)}" is not a duration such as 30m or 1h`);
  return Number(m[1]) * UNIT_MS[(m[2] ?? 'ms').toLowerCase()];
}

const SIZE = /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i;
const UNIT_B: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

export function readSize(v: unknown, field: string, dflt: string): number {
  const m = SIZE.exec(String(v ?? dflt));
  if (!m) throw bad(`${field}: "${String(v)}" is not a size such as 5mb`);
  return Number(m[1]) * UNIT_B[(m[2] ?? 'b').toLowerCase()];
}

/** EMQX's allowed placeholders in an aggregated key (validate_bindings) */
const KEY_VARS = ['action', 'node', 'sequence', ...['rfc3339', 'rfc3339utc', 'unix'].flatMap((f) => [`datetime.${f}`, `datetime_until.${f}`])];

/** the key template plus `/${action}`, `/${node}`, `/${datetime.rfc3339utc}`, `/${sequence}` for each one it lacks */
export function aggregatedKey(text: string): Template {
  const used = placeholders(parseTemplate(text));
  const disallowed = used.filter((u) => !KEY_VARS.includes(u));
  if (disallowed.length > 0) throw bad(`key: Template placeholders are disallowed: ${disallowed.join(', ')}`);
  let suffix = '';
  for (const required of ['action', 'node', 'datetime.', 'sequence']) {
    if (!used.some((u) => u.startsWith(required))) suffix += required === 'datetime.' ? '/${datetime.rfc3339utc}' : `/\${${required}}`;
  }
  return parseTemplate(text + suffix);
}

export function readS3Action(p: Record<string, unknown>): DirectSettings | AggregatedSettings {
  const mode = p.mode ?? 'direct';
  if (mode === 'direct') {
    return {
      mode,
      bucket: parseTemplate(readText(p.bucket, 'bucket', true)),
      key: parseTemplate(readText(p.key, 'key', true)),
      content: parseTemplate(readText(p.content, 'content', false) ?? '${.}'),
      acl: readAcl(p.acl),
    };
  }
  if (mode !== 'aggregated') throw bad('mode: expected direct or aggregated');
  const bucket = readText(p.bucket, 'bucket', true);
  if (placeholders(parseTemplate(bucket)).length > 0) throw bad('bucket: an aggregated upload needs a fixed bucket name, not a template');
  const container = isObject(p.container) ? p.container : { type: 'csv' };
  if (container.type !== 'csv') throw bad('container: only the csv container is supported');
  const order = container.column_order ?? [];
  if (!Array.isArray(order) || order.some((c) => typeof c !== 'string')) throw bad('container.column_order: expected a list of column names');
  const aggregation = isObject(p.aggregation) ? p.aggregation : {};
  const maxRecords = aggregation.max_records === undefined ? 100_000 : Number(aggregation.max_records);
  if (!Number.isInteger(maxRecords) || maxRecords < 1) throw bad('aggregation.max_records: expected a whole number of at least 1');
  const headers: Record<string, string> = {};
  if (isObject(p.headers)) for (const [k, v] of Object.entries(p.headers)) headers[k.toLowerCase()] = String(v);
  const minPartSize = readSize(p.min_part_size, 'min_part_size', '5mb');
  if (minPartSize < 5 * 1024 ** 2) throw bad('min_part_size: S3 needs parts of at least 5MB');
  return {
    mode,
    bucket,
    key: aggregatedKey(readText(p.key, 'key', true)),
    acl: readAcl(p.acl),
    headers,
    columnOrder: order as string[],
    timeInterval: readDuration(aggregation.time_interval, 'aggregation.time_interval', '30m'),
    maxRecords,
    minPartSize,
  };
}
