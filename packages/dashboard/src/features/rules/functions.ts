// The SQL function catalogue (RULE_FUNCTIONS of @mqdeck/api, static so it also serves a real EMQX) as the
// reference drawer and the editor's completion read it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RULE_FUNCTIONS, RULE_FUNCTION_GROUPS, type RuleFunctionDoc } from '@mqdeck/api';
import type { FunctionHint } from './components/sql-language';

export type FunctionDoc = RuleFunctionDoc;
export const FUNCTION_DOCS: FunctionDoc[] = RULE_FUNCTIONS;

/** The group's title in the console's language. */
export function groupTitle(id: string, lang: string): string {
  const g = RULE_FUNCTION_GROUPS.find((x) => x.id === id);
  return g ? (lang.startsWith('zh') ? g.zh : g.en) : id;
}

export const signatureOf = (f: FunctionDoc) => `${f.name}(${f.args.join(', ')})${f.returns ? ` → ${f.returns}` : ''}`;
export const describe = (f: FunctionDoc, lang: string) => (lang.startsWith('zh') ? f.description.zh || f.description.en : f.description.en);

export function useFunctionHints(): FunctionHint[] {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => FUNCTION_DOCS.map((f) => ({ name: f.name, signature: signatureOf(f), description: describe(f, lang) })), [lang]);
}

/** The functions whose name, group or description (in the current language) contains `query`, grouped in the groups' documentation order. */
export function searchFunctions(docs: FunctionDoc[], query: string, lang: string): Array<{ group: string; functions: FunctionDoc[] }> {
  const q = query.trim().toLowerCase();
  const groups = new Map<string, FunctionDoc[]>();
  for (const f of docs) {
    if (q && !f.name.toLowerCase().includes(q) && !groupTitle(f.group, lang).toLowerCase().includes(q) && !describe(f, lang).toLowerCase().includes(q)) continue;
    groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  }
  const rank = (id: string) => {
    const i = RULE_FUNCTION_GROUPS.findIndex((g) => g.id === id);
    return i < 0 ? RULE_FUNCTION_GROUPS.length : i;
  };
  return [...groups].map(([group, functions]) => ({ group, functions })).sort((a, b) => rank(a.group) - rank(b.group));
}
