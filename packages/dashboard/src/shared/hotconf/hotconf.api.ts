// EMQX's help texts come from GET /schemas/hotconf (no auth), as the official console reads them, asked in
// the UI language (`?lang=`, an MQDeck extension: EMQX itself answers in the node's dashboard.i18n_lang).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';
import { useLanguage, type Language } from '../../i18n/language';

/** The schema document as the node sends it (an object; the 5.8.1 document says string: patched in the contract). */
export type HotconfDoc = ReplyOf<'/schemas/{name}', 'get', 200>;
type SchemaNode = NonNullable<NonNullable<HotconfDoc['components']>['schemas']>[string];

export const hotconfQueryKey = (lang: Language) => ['schemas', 'hotconf', lang] as const;

/** The hotconf document in the current UI language; a language switch fetches the other one. */
export function useHotconfQuery() {
  const lang = useLanguage();
  return useQuery({
    queryKey: hotconfQueryKey(lang),
    // The document only changes with the node version: keep it for the session, and never toast (help is optional).
    staleTime: Infinity,
    meta: { silent: true },
    // while the other language loads, the help of the previous one stays rather than blinking away
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => unwrap(await api.GET('/schemas/{name}', { params: { path: { name: 'hotconf' }, query: { lang } }, signal })),
  });
}

/** `node` with its `$ref`s followed (a cycle stops the walk). */
function deref(doc: HotconfDoc, node: SchemaNode | undefined): SchemaNode | undefined {
  const seen = new Set<string>();
  let n = node;
  while (n?.$ref && !seen.has(n.$ref)) {
    seen.add(n.$ref);
    n = doc.components?.schemas?.[n.$ref.replace('#/components/schemas/', '')];
  }
  return n;
}

/** What `node` may be: itself, or each member of its `oneOf` (EMQX's unions), each dereferenced. */
function alternatives(doc: HotconfDoc, node: SchemaNode | undefined): SchemaNode[] {
  const n = deref(doc, node);
  if (!n) return [];
  const members = n.oneOf ?? n.anyOf;
  return members ? members.flatMap((m) => alternatives(doc, m)) : [n];
}

/** The schema of key `key` under `node`: a named property first, else a map's one `$name` property (EMQX's maps). */
function child(doc: HotconfDoc, node: SchemaNode | undefined, key: string): SchemaNode | undefined {
  const alts = alternatives(doc, node);
  const named = alts.map((a) => a.properties?.[key]).find(Boolean);
  if (named) return named;
  for (const a of alts) {
    const wildcard = Object.keys(a.properties ?? {}).find((k) => k.startsWith('$'));
    if (wildcard) return a.properties?.[wildcard];
  }
  return undefined;
}

/** The HTML EMQX's descriptions use; placeholders such as `$SYS/brokers/<node>/version` are text and stay. */
const MARKUP = /<\/?(?:code|b|i|em|strong|p|a|pre|span|ul|ol|li)(?:\s[^>]*)?>/gi;

/**
 * The description of `path` ('backend.max_retained_messages') under component `component` ('retainer.retainer'),
 * as plain text: the generic notation paragraph after '<br/>' and any markup are dropped (never rendered as HTML).
 */
export function describeField(doc: HotconfDoc | undefined, component: string, path: string): string | undefined {
  if (!doc) return undefined;
  let node: SchemaNode | undefined = doc.components?.schemas?.[component];
  const keys = path.split('.');
  for (const [i, key] of keys.entries()) {
    const next = child(doc, node, key);
    // a name the schema does not list on the way (a map key of a map typed without `$name`): stay on the parent
    if (!next && i === keys.length - 1) return undefined;
    node = next ?? node;
  }
  if (!node) return undefined;
  // a field's own description first; a bare reference takes its struct's
  const text = (node.description ?? alternatives(doc, node).find((a) => a.description)?.description)
    ?.split(/<br\s*\/?>/i)[0]
    .replace(MARKUP, '')
    .trim();
  return text || undefined;
}
