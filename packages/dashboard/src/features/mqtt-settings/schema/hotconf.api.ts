// EMQX's help texts come from GET /schemas/hotconf (no auth), as the official console reads them.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

interface SchemaNode {
  $ref?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  additionalProperties?: SchemaNode | boolean;
}
export interface HotconfDoc {
  components?: { schemas?: Record<string, SchemaNode> };
}

export function useHotconfQuery() {
  return useQuery({
    queryKey: ['schemas', 'hotconf'],
    // The document only changes with the node version: keep it for the session, and never toast (help is optional).
    staleTime: Infinity,
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.GET('/schemas/{name}', { params: { path: { name: 'hotconf' } }, signal }).then(unwrap) as Promise<HotconfDoc>,
  });
}

function resolve(doc: HotconfDoc, node: SchemaNode | undefined): SchemaNode | undefined {
  const seen = new Set<string>();
  let n = node;
  while (n?.$ref && !seen.has(n.$ref)) {
    seen.add(n.$ref);
    n = doc.components?.schemas?.[n.$ref.replace('#/components/schemas/', '')];
  }
  const alt = n?.anyOf ?? n?.oneOf;
  if (n && !n.properties && alt) return alt.map((a) => resolve(doc, a)).find((a) => a?.properties) ?? n;
  return n;
}

/**
 * The description of `path` ('backend.max_retained_messages') under component `component` ('emqx.retainer'),
 * as plain text: the generic notation paragraph after '<br/>' and any markup are dropped (never rendered as HTML).
 */
export function describeField(doc: HotconfDoc | undefined, component: string, path: string): string | undefined {
  if (!doc) return undefined;
  let node: SchemaNode | undefined = doc.components?.schemas?.[component];
  const keys = path.split('.');
  for (const [i, key] of keys.entries()) {
    const parent = resolve(doc, node);
    const extra = typeof parent?.additionalProperties === 'object' ? parent.additionalProperties : undefined;
    const child = parent?.properties?.[key] ?? extra;
    if (!child && i === keys.length - 1) return undefined;
    // A name the schema does not list (e.g. the handler name in log.file.default) is a map key: stay on the parent.
    node = child ?? parent;
  }
  if (node && !node.description) node = resolve(doc, node);
  const text = node?.description?.split(/<br\s*\/?>/i)[0].replace(/<[^>]+>/g, '').trim();
  return text || undefined;
}
