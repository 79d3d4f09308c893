// The SQL function catalogue (RULE_FUNCTIONS of @mqdeck/api, static so it also serves a real EMQX) as the
// reference drawer and the editor's completion read it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunctionHint } from './components/sql-language';

// TEMP until @mqdeck/api exports RULE_FUNCTIONS
export interface FunctionDoc {
  name: string;
  group: string;
  args: string[];
  returns: string;
  example: string;
  description: { en: string; zh: string };
}
export const FUNCTION_DOCS: FunctionDoc[] = [];

export const signatureOf = (f: FunctionDoc) => `${f.name}(${f.args.join(', ')})${f.returns ? ` → ${f.returns}` : ''}`;
export const describe = (f: FunctionDoc, lang: string) => (lang.startsWith('zh') ? f.description.zh || f.description.en : f.description.en);

export function useFunctionHints(): FunctionHint[] {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => FUNCTION_DOCS.map((f) => ({ name: f.name, signature: signatureOf(f), description: describe(f, lang) })), [lang]);
}

/** The functions whose name, group or description (in the current language) contains `query`, grouped in catalogue order. */
export function searchFunctions(docs: FunctionDoc[], query: string, lang: string): Array<{ group: string; functions: FunctionDoc[] }> {
  const q = query.trim().toLowerCase();
  const groups = new Map<string, FunctionDoc[]>();
  for (const f of docs) {
    if (q && !f.name.toLowerCase().includes(q) && !f.group.toLowerCase().includes(q) && !describe(f, lang).toLowerCase().includes(q)) continue;
    groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  }
  return [...groups].map(([group, functions]) => ({ group, functions }));
}
