// A rule output → one DynamoDB item, as EMQX 5.8's emqx_bridge_dynamo_connector_client does it (convert_to_item):
//   no template  → the rule output itself, one attribute per column
//   a template   → the template rendered as text (placeholders as in every EMQX template) and read as a JSON object
// Each value: text → S, a number → N, true/false → S "true"/"false", an object or list → S holding its JSON; an empty
// text leaves the attribute out; a missing value is the text "undefined" (and JSON null the text "null") unless
// `undefined_vars_as_null`, which writes DynamoDB's NULL for "undefined", "null", a missing value and null.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { MISSING, renderTemplate, toJson, valueAt, type Template } from '../../../../shared/template';

export type Item = Record<string, AttributeValue>;

export interface ItemOptions {
  template: Template | undefined;
  hashKey: string;
  rangeKey: string | undefined;
  undefinedAsNull: boolean;
}

function attribute(v: unknown, undefinedAsNull: boolean): AttributeValue | undefined {
  if (v === '' || (Buffer.isBuffer(v) && v.length === 0)) return undefined;
  if (undefinedAsNull && (v === undefined || v === null || v === 'undefined' || v === 'null')) return { NULL: true };
  if (v === undefined) return { S: 'undefined' };
  if (v === null) return { S: 'null' };
  if (typeof v === 'string') return { S: v };
  if (Buffer.isBuffer(v)) return { S: v.toString('utf8') };
  if (typeof v === 'number' || typeof v === 'bigint') return { N: String(v) };
  if (typeof v === 'boolean') return { S: String(v) };
  return { S: toJson(v) };
}

/** the rule output's columns, or the rendered template's keys, as DynamoDB attributes */
export function toItem(fields: Record<string, unknown>, undefinedAsNull: boolean): Item {
  const item: Item = {};
  for (const [k, v] of Object.entries(fields)) {
    const a = attribute(v, undefinedAsNull);
    if (a) item[k] = a;
  }
  return item;
}

/** one rule output → its item; throws (the message fails) when a key column is missing or the template is not a JSON object */
export function renderItem(selected: Record<string, unknown>, o: ItemOptions): Item {
  // EMQX checks the keys in the rule output, before the template (ensuare_dynamo_keys)
  for (const key of [o.hashKey, o.rangeKey]) {
    if (key !== undefined && valueAt([key], selected) === MISSING) throw new Error(`The message has no "${key}" (the table's hash or range key).`);
  }
  if (!o.template) return toItem(selected, o.undefinedAsNull);
  const text = renderTemplate(o.template, selected);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`The rendered template is not JSON: ${text.slice(0, 200)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length === 0) {
    throw new Error(`The rendered template is not a JSON object with fields: ${text.slice(0, 200)}`);
  }
  return toItem(parsed as Record<string, unknown>, o.undefinedAsNull);
}
