// The shell's own texts in both languages: every menu item, tab and quick-search title a feature registers, and no
// hard-coded English accessible name (aria-label / title attributes) anywhere in the console's JSX.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { i18n } from './i18n';
import { featureRoutes } from '../app/features';
import { MENU_SECTIONS } from '../app/types';
import '../app/menu.messages';

describe('menu texts', () => {
  const keys = new Set<string>(MENU_SECTIONS);
  for (const r of featureRoutes) {
    if (r.menu) keys.add(r.menu.labelKey);
    for (const tab of r.menu?.tabs ?? []) keys.add(tab.labelKey);
    if (r.title) keys.add(r.title);
  }

  it('every section, menu item, tab and screen title exists in English and Chinese', () => {
    const missing = [...keys].flatMap((key) => (['en', 'zh'] as const).filter((lng) => !i18n.getResource(lng, 'menu', key)).map((lng) => `menu:${key} (${lng})`));
    expect(missing).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : [];
  });
}

// An accessible name is read out to the user: a literal with words in it would stay English in Chinese.
const NAMING_ATTRIBUTES = new Set(['aria-label', 'title']);
const WORDS = /[A-Za-z]{3,}|[\u4e00-\u9fff]/;

describe('accessible names are translated', () => {
  it('has no aria-label or title attribute given as a literal text', () => {
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of sourceFiles(root)) {
      const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const visit = (node: ts.Node) => {
        if (ts.isJsxAttribute(node) && NAMING_ATTRIBUTES.has(node.name.getText(src)) && node.initializer && ts.isStringLiteral(node.initializer)) {
          if (WORDS.test(node.initializer.text)) {
            const { line } = src.getLineAndCharacterOfPosition(node.getStart());
            offenders.push(`${relative(root, file)}:${line + 1} ${node.getText(src)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(src);
    }
    expect(offenders).toEqual([]);
  });
});
