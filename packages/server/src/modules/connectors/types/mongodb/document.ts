// The document a mongodb action inserts, as EMQX 5.8's emqx_bridge_mongodb_connector renders it:
//   no payload_template → the rule's output itself (every selected column a field)
//   payload_template    → the template rendered as text (emqx_placeholder:proc_tmpl: values as they read, objects
//                         as JSON, a missing value `undefined`) and decoded as JSON; it must be a JSON object
//   collection          → a template too (`${payload.kind}` picks a collection per message)
import { DecodeMemo, parseTemplate, renderTemplate, type Template } from '../../../../shared/template';

export interface DocumentTemplates {
  collection: Template;
  payload: Template | undefined;
}

export function compileDocument(parameters: Record<string, unknown>): DocumentTemplates {
  const collection = typeof parameters.collection === 'string' && parameters.collection !== '' ? parameters.collection : 'mqtt';
  const payload = typeof parameters.payload_template === 'string' && parameters.payload_template !== '' ? parameters.payload_template : undefined;
  return { collection: parseTemplate(collection), payload: payload === undefined ? undefined : parseTemplate(payload) };
}

export interface MongoInsert {
  collection: string;
  document: Record<string, unknown>;
}

/** one rule output → the insert it becomes; throws a plain sentence when the template does not make a JSON object */
export function renderDocument(t: DocumentTemplates, selected: Record<string, unknown>): MongoInsert {
  const memo = new DecodeMemo();
  const collection = renderTemplate(t.collection, selected, undefined, memo);
  if (collection === '') throw new Error('The collection template rendered an empty name.');
  if (!t.payload) return { collection, document: { ...selected } };
  const text = renderTemplate(t.payload, selected, undefined, memo);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error(`The payload template did not render valid JSON: ${text.slice(0, 200)}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error(`The payload template must render a JSON object, it rendered: ${text.slice(0, 200)}`);
  return { collection, document: doc as Record<string, unknown> };
}
