// A rule output → one Kafka message, as EMQX 5.8's emqx_bridge_kafka_impl_producer renders it:
//   key, value   = their templates with a missing value rendered as nothing (not "undefined") — render/2
//   timestamp    = its template read as an integer (ms); anything else is the current time — render_timestamp/2
//   topic        = a template must find every value (render_strict), else the message fails ("bad topic")
//   headers      = `kafka_headers` (one placeholder: an object, a list of {key, value} / {"k": v} objects, or JSON
//                  text of those) followed by `kafka_ext_headers` (key and value templates; a pair whose value is
//                  missing is left out); with `kafka_header_value_encode_mode` none only text values are kept, with
//                  json every value is JSON-encoded
import { DecodeMemo, MISSING, parseTemplate, placeholders, toJson, toText, valueAt, type Template } from '../../../../shared/template';

export interface MessageTemplates {
  topic: Template;
  key: Template;
  value: Template;
  timestamp: Template;
  headers: Template | undefined;
  extHeaders: { key: Template; value: Template }[];
  headerEncode: 'none' | 'json';
}

export interface KafkaMessage {
  topic: string;
  key: Buffer;
  value: Buffer;
  timestamp: string;
  headers: Record<string, Buffer>;
}

function renderBytes(t: Template, selected: unknown, memo: DecodeMemo): Buffer {
  const chunks: Buffer[] = [];
  for (const part of t) {
    if (typeof part === 'string') {
      chunks.push(Buffer.from(part, 'utf8'));
      continue;
    }
    const v = valueAt(part.path, selected, memo);
    if (v === MISSING || v === undefined) continue;
    chunks.push(Buffer.isBuffer(v) ? v : Buffer.from(toText(v), 'utf8'));
  }
  return Buffer.concat(chunks);
}

/** the value of a template that is one placeholder (EMQX's rawlist of one), else its text */
function raw(t: Template, selected: unknown, memo: DecodeMemo): unknown {
  if (t.length === 1 && typeof t[0] !== 'string') {
    const v = valueAt(t[0].path, selected, memo);
    return v === MISSING ? undefined : v;
  }
  return renderBytes(t, selected, memo).toString('utf8');
}

function kvList(list: unknown[]): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const item of list) {
    if (Array.isArray(item)) out.push(...kvList(item));
    else if (item && typeof item === 'object' && 'key' in item && 'value' in item) out.push([String((item as { key: unknown }).key), (item as { value: unknown }).value]);
    else throw new Error(`A Kafka header is not a {key, value} pair: ${toJson(item)}`);
  }
  return out;
}

function headerPairs(v: unknown): [string, unknown][] {
  if (v === undefined) return [];
  let value = v;
  if (typeof v === 'string' || Buffer.isBuffer(v)) {
    const text = v.toString();
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`The Kafka headers are neither an object nor a list: ${text.slice(0, 200)}`);
    }
  }
  if (Array.isArray(value)) return kvList(value);
  if (value && typeof value === 'object') return Object.entries(value);
  throw new Error(`The Kafka headers are neither an object nor a list: ${toJson(value)}`);
}

export function renderMessage(selected: Record<string, unknown>, t: MessageTemplates): KafkaMessage {
  const memo = new DecodeMemo();
  const missing = placeholders(t.topic).filter((name) => valueAt(name === '' ? [] : name.split('.'), selected, memo) === MISSING);
  if (missing.length > 0) throw new Error(`The Kafka topic template needs ${missing.join(', ')}, which the message does not have.`);
  const topic = renderBytes(t.topic, selected, memo).toString('utf8');
  const pairs: [string, unknown][] = t.headers ? headerPairs(raw(t.headers, selected, memo)) : [];
  for (const h of t.extHeaders) {
    const keyMissing = h.key.some((p) => typeof p !== 'string' && valueAt(p.path, selected, memo) === MISSING);
    const value = raw(h.value, selected, memo);
    if (keyMissing || value === undefined) continue;
    pairs.push([renderBytes(h.key, selected, memo).toString('utf8'), value]);
  }
  const headers: Record<string, Buffer> = {};
  for (const [k, v] of pairs) {
    if (t.headerEncode === 'json') headers[k] = Buffer.from(toJson(Buffer.isBuffer(v) ? v.toString('utf8') : v), 'utf8');
    else if (typeof v === 'string') headers[k] = Buffer.from(v, 'utf8');
    else if (Buffer.isBuffer(v)) headers[k] = v;
  }
  const ts = renderBytes(t.timestamp, selected, memo).toString('utf8');
  return {
    topic,
    key: renderBytes(t.key, selected, memo),
    value: renderBytes(t.value, selected, memo),
    timestamp: /^-?\d+$/.test(ts) ? ts : String(Date.now()),
    headers,
  };
}

export const template = (text: string | undefined, dflt: string): Template => parseTemplate(text ?? dflt);
