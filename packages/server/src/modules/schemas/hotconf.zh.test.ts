// Completeness of the Chinese help texts: every description the hotconf document serves (so every field the
// console can describe, whichever screen shows it) has a translation, derived from the document itself.
import { describe, expect, test } from 'vitest';
import { buildHotconf } from './hotconf-build';
import { mapDescriptions, paragraphs, zhTranslations } from './hotconf-lang';

const served = (): string[] => {
  const out = new Set<string>();
  mapDescriptions(buildHotconf('en'), (text) => {
    for (const p of paragraphs(text)) out.add(p);
    return text;
  });
  return [...out];
};

// inline code, in EMQX's two notations: identifiers, values and units inside stay untranslated
const CODE = /<code>[\s\S]*?<\/code>|`[^`]+`/g;
const HAN = /[\u4e00-\u9fff]/;

describe('hotconf.zh.json', () => {
  const texts = zhTranslations();
  const english = served();

  test('every served English paragraph has a Chinese text', () => {
    expect(english.length).toBeGreaterThan(200);
    expect(english.filter((p) => texts[p] === undefined)).toEqual([]);
  });

  test('no stale entries: every key is a paragraph the document serves', () => {
    const used = new Set(english);
    expect(Object.keys(texts).filter((k) => !used.has(k))).toEqual([]);
  });

  test('each text is Chinese and keeps the inline code of the English one', () => {
    for (const [en, zh] of Object.entries(texts)) {
      expect(zh, en).toMatch(HAN);
      for (const code of en.match(CODE) ?? []) expect(zh, `${code} in ${en}`).toContain(code);
    }
  });

  test('the zh document describes every field in Chinese (only code paragraphs may stay Latin)', () => {
    const left: string[] = [];
    mapDescriptions(buildHotconf('zh'), (text) => {
      for (const p of paragraphs(text)) if (!HAN.test(p)) left.push(p);
      return text;
    });
    expect(left).toEqual([]);
  });
});
