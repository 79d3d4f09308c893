// What the create and edit pages of connectors, actions and sources share: the fields of a type from the schema
// document, the type options (with what this node runs), the name rule, the body a form makes, and the Test button.
import { useMemo, useState } from 'react';
import type { FormRule } from 'antd';
import { toast } from '../../app/bridge';
import { ApiRequestError } from '../../api/errors';
import { i18n } from '../../i18n/i18n';
import { errorText } from '../../shared/apiErrors';
import { SECRET_MASK, componentFields, secretPaths, typesOf, type Field, type SchemaKind } from '../../shared/schema-form/schema';
import { JsonText } from '../../shared/schema-form/controls';
import { getPath, setPath } from '../../shared/forms/fieldSpec';
import { useRunnableTypesQuery, useSchemaDocQuery } from './connectors.api';
import type { TypeOption } from './components/TypePicker';

/** Keys the pages show themselves, above the type's own fields. */
export const OWN_KEYS = ['type', 'name', 'enable', 'tags', 'description'] as const;

export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function nameRules(label: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: i18n.t('common:required', { name: label }) },
    { pattern: NAME_PATTERN, message: i18n.t('common:namePattern') },
  ];
}

const docName = (kind: SchemaKind) => (kind === 'connector' ? 'connectors' : 'actions');

/** The fields of `type` for `kind`; `missing` when the document does not describe that type. */
export function useResourceFields(kind: SchemaKind, type: string | undefined) {
  const doc = useSchemaDocQuery(docName(kind));
  const fields = useMemo<Field[]>(() => {
    if (!doc.data || !type) return [];
    const entry = typesOf(doc.data, kind).find((x) => x.type === type);
    return entry ? singleFirst(componentFields(doc.data, entry.component)) : [];
  }, [doc.data, kind, type]);
  return { fields, isLoading: doc.isLoading, isError: doc.isError, missing: !!doc.data && !!type && fields.length === 0 };
}

/**
 * The fields with each choice of shapes that has a `single` one (Redis and MongoDB: single, sentinel/rs, cluster/
 * sharded) starting on it: EMQX's document lists cluster first, EMQX's console starts a new form on single, the mode
 * an operator most runs.
 */
export function singleFirst(fields: Field[]): Field[] {
  return fields.map((f) => {
    if (f.kind === 'object') return { ...f, fields: singleFirst(f.fields) };
    if (f.kind !== 'variants') return f;
    const single = f.variants.findIndex((v) => v.tag === 'single');
    return single > 0 ? { ...f, variants: [f.variants[single], ...f.variants.filter((_, i) => i !== single)] } : f;
  });
}

/** Every type the document describes for `kind`, each marked available when this node runs it. */
export function useTypeOptions(kind: SchemaKind) {
  const doc = useSchemaDocQuery(docName(kind));
  const types = useMemo(() => typesOf(doc.data, kind).map((x) => x.type), [doc.data, kind]);
  const runnable = useRunnableTypesQuery(ROOT[kind], types);
  const options = useMemo<TypeOption[]>(() => types.map((type) => ({ type, available: runnable.data?.has(type) ?? false })), [types, runnable.data]);
  return { options, isLoading: doc.isLoading || (types.length > 0 && runnable.isLoading), isError: doc.isError };
}

const ROOT = { connector: 'connectors', action: 'actions', source: 'sources' } as const;

/** A stored record prepared for "save as copy": the masked secrets are emptied, to be typed again. */
export function clearSecrets(values: Record<string, unknown>, fields: Field[]): Record<string, unknown> {
  let out = values;
  for (const path of secretPaths(fields)) if (getPath(out, path.join('.')) === SECRET_MASK) out = setPath(out, path.join('.'), undefined);
  return out;
}

/** True when some value is still JSON text that does not parse (the form's rule shows it). */
export function hasBadJson(v: unknown): boolean {
  if (v instanceof JsonText) return true;
  if (v && typeof v === 'object') return Object.values(v).some(hasBadJson);
  return false;
}

/** The Test button: runs `probe`, says 'Connection is successful' (connectors) or EMQX's test text, or why not. */
export function useProbe(probe: (body: Record<string, unknown>) => Promise<void>, success: string) {
  const [testing, setTesting] = useState(false);
  const run = async (read: () => Promise<Record<string, unknown>>) => {
    let body: Record<string, unknown>;
    try {
      body = await read();
    } catch {
      return; // the form shows what is missing
    }
    setTesting(true);
    try {
      await probe(body);
      void toast().success(success);
    } catch (e) {
      // the node's TEST_FAILED reason is already the sentence to read ('connection refused')
      const reason = e instanceof ApiRequestError && e.code === 'TEST_FAILED' && e.message ? e.message : errorText(e);
      void toast().error(`${i18n.t('common:testFailed')}: ${reason}`);
    } finally {
      setTesting(false);
    }
  };
  return { testing, run };
}
