// The hotconf document in the console's language. EMQX 5.8 answers /schemas/hotconf in the node's
// `dashboard.i18n_lang`; MQDeck also takes `?lang=` (docs/api-extensions.md). The English texts are the
// vendored EMQX ones; the Chinese ones are ours (hotconf.zh.json), keyed by English paragraph: a description
// is split at its `<br/>`s and each paragraph is looked up, so the shared notation paragraphs (durations,
// byte sizes) are written once, and a re-vendored English text that changed has no stale translation.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const HOTCONF_LANGS = ['en', 'zh'] as const;
export type HotconfLang = (typeof HOTCONF_LANGS)[number];

type Json = Record<string, any>;
const ZH = fileURLToPath(new URL('./hotconf.zh.json', import.meta.url));
let zhTexts: Record<string, string> | undefined;
function zh(): Record<string, string> {
  if (zhTexts === undefined) {
    const file: { texts: Record<string, string> } = JSON.parse(readFileSync(ZH, 'utf8'));
    zhTexts = file.texts;
  }
  return zhTexts;
}

export function isHotconfLang(value: unknown): value is HotconfLang {
  return HOTCONF_LANGS.some((lang) => lang === value);
}

const BREAK = /(<br\s*\/?>)/i;

/** The paragraphs of a description, as the translation keys them. */
export function paragraphs(text: string): string[] {
  return text
    .split(BREAK)
    .filter((p, i) => i % 2 === 0)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** `text` with every paragraph translated; a paragraph without a translation stays English. */
function translate(text: string, texts: Record<string, string>): string {
  return text
    .split(BREAK)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const key = part.trim();
      return key && texts[key] !== undefined ? part.replace(key, () => texts[key]) : part;
    })
    .join('');
}

/** Calls `visit` with every `description` string of the document, replacing it with the result. */
export function mapDescriptions(node: unknown, visit: (text: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => mapDescriptions(n, visit));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'description' && typeof v === 'string' ? visit(v) : mapDescriptions(v, visit);
  return out;
}

export function localize(doc: Json, lang: HotconfLang): Json {
  if (lang === 'en') return doc;
  const texts = zh();
  const translated = mapDescriptions(doc, (text) => translate(text, texts));
  return isJsonObject(translated) ? translated : doc; // an object maps to an object
}

const isJsonObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The Chinese texts, for the completeness test. */
export const zhTranslations = (): Readonly<Record<string, string>> => zh();
