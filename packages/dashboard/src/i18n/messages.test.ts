// Every text exists in both languages: load every `*.messages.ts`, refuse empty strings, keys used as values,
// and Chinese sentences identical to English (technical tokens may be the same in both).
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { registeredNamespaces } from './defineMessages';

const modules = import.meta.glob('../**/*.messages.ts', { eager: true });
// Technical tokens (QoS, SSL, MQTT 5.0, API Key) may stay the same in Chinese; sentences may not.
const SENTENCE = /[a-z]{3,}\s+[a-z]{3,}\s+[a-z]{2,}/i;

describe('translations', () => {
  it('loads message modules', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(5);
  });

  for (const [ns, messages] of registeredNamespaces()) {
    it(`namespace ${ns} is complete in en and zh`, () => {
      for (const [key, pair] of Object.entries(messages)) {
        for (const lang of ['en', 'zh'] as const) {
          expect(pair[lang].trim(), `${ns}:${key} (${lang}) is empty`).not.toBe('');
          expect(pair[lang], `${ns}:${key} (${lang}) is its key`).not.toBe(key);
        }
        if (SENTENCE.test(pair.en)) expect(pair.zh, `${ns}:${key} zh is untranslated`).not.toBe(pair.en);
      }
    });
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

// Protocol tokens that read the same in both languages.
const LANGUAGE_NEUTRAL = /^(QoS|JSON|MQTT|SSL|TLS|ID|IP|Hex|Base64)$/;

describe('no untranslated text in JSX', () => {
  it('has no JSX text literals with letters outside messages', () => {
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of sourceFiles(root)) {
      const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && /[A-Za-z\u4e00-\u9fff]/.test(node.text) && !LANGUAGE_NEUTRAL.test(node.text.trim())) {
          const { line } = src.getLineAndCharacterOfPosition(node.getStart());
          offenders.push(`${relative(root, file)}:${line + 1} "${node.text.trim()}"`);
        }
        ts.forEachChild(node, visit);
      };
      visit(src);
    }
    expect(offenders).toEqual([]);
  });
});
