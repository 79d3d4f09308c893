import { i18n } from './i18n';

/**
 * Registers a namespace of en/zh pairs. A pair missing one language is a type error,
 * so the two languages cannot drift apart. Returns the messages for typed use (tests, key lists).
 */
export function defineMessages<const M extends Record<string, { en: string; zh: string }>>(ns: string, m: M): M {
  const en: Record<string, string> = {};
  const zh: Record<string, string> = {};
  for (const [key, pair] of Object.entries(m)) {
    en[key] = pair.en;
    zh[key] = pair.zh;
  }
  i18n.addResourceBundle('en', ns, en, true, true);
  i18n.addResourceBundle('zh', ns, zh, true, true);
  registry.set(ns, m);
  return m;
}

const registry = new Map<string, Record<string, { en: string; zh: string }>>();
/** Every namespace registered so far (used by the translation-completeness test). */
export function registeredNamespaces(): ReadonlyMap<string, Record<string, { en: string; zh: string }>> {
  return registry;
}
