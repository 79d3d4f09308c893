// The rule SQL language for CodeMirror: EMQX's keywords on lang-sql's tokenizer (double quotes are strings there:
// topics), colours from the antd theme tokens, and completion of functions, event fields and `$events/` inputs.
import { SQLDialect, sql } from '@codemirror/lang-sql';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { GlobalToken } from 'antd';

export const RULE_KEYWORDS = ['select', 'from', 'where', 'foreach', 'do', 'incase', 'case', 'when', 'then', 'else', 'end', 'as', 'and', 'or', 'not', 'in', 'div', 'mod'];

export interface FunctionHint {
  name: string;
  /** e.g. 'abs(x: number) → number' */
  signature: string;
  description: string;
}

export interface CompletionData {
  functions: FunctionHint[];
  /** Columns of the events the SQL can read (payload, clientid, …). */
  fields: string[];
  /** Inputs a FROM may name: `$events/…` and `$bridges/…`. */
  inputs: Array<{ label: string; detail?: string }>;
}

export function ruleSqlLanguage(functionNames: string[]) {
  const dialect = SQLDialect.define({
    keywords: [...RULE_KEYWORDS, 'true', 'false', 'null'].join(' '),
    builtin: functionNames.join(' '),
    types: '',
    operatorChars: '*+-%<>!=~/',
    doubleQuotedStrings: true,
  });
  return sql({ dialect, upperCaseKeywords: true });
}

export function themeExtensions(token: GlobalToken, dark: boolean) {
  const style = HighlightStyle.define([
    { tag: tags.keyword, color: token.colorPrimary, fontWeight: 600 },
    { tag: [tags.string, tags.special(tags.string)], color: token.colorSuccess },
    { tag: [tags.number, tags.bool, tags.null], color: token.colorWarning },
    { tag: tags.comment, color: token.colorTextTertiary, fontStyle: 'italic' },
    { tag: [tags.standard(tags.name), tags.function(tags.variableName)], color: token.colorInfo },
    { tag: tags.operator, color: token.colorTextSecondary },
  ]);
  const theme = EditorView.theme(
    {
      '&': {
        backgroundColor: token.colorBgContainer,
        color: token.colorText,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: `${token.borderRadius}px`,
        fontSize: `${token.fontSize}px`,
      },
      '&.cm-focused': { outline: 'none', borderColor: token.colorPrimary },
      '.cm-content': { fontFamily: token.fontFamilyCode, caretColor: token.colorText },
      '.cm-cursor': { borderLeftColor: token.colorText },
      '.cm-gutters': { backgroundColor: token.colorFillQuaternary, color: token.colorTextTertiary, borderRight: `1px solid ${token.colorBorderSecondary}` },
      '.cm-activeLine': { backgroundColor: token.colorFillQuaternary },
      '.cm-activeLineGutter': { backgroundColor: token.colorFillTertiary },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: token.controlItemBgActive },
      '.cm-tooltip': { backgroundColor: token.colorBgElevated, color: token.colorText, border: `1px solid ${token.colorBorderSecondary}` },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: token.controlItemBgActive, color: token.colorText },
      '.cm-completionDetail': { color: token.colorTextSecondary },
      '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: `underline wavy ${token.colorError}` },
      '.cm-diagnostic-error': { borderLeftColor: token.colorError },
    },
    { dark },
  );
  return [theme, syntaxHighlighting(style)];
}

/** Completion: `$events/…` inside a double-quoted string, else functions, fields and keywords. */
export function ruleCompletionSource(data: () => CompletionData) {
  return (ctx: CompletionContext): CompletionResult | null => {
    const line = ctx.state.doc.lineAt(ctx.pos);
    const before = line.text.slice(0, ctx.pos - line.from);
    const quoted = /"([^"]*)$/.exec(before);
    if (quoted && (before.match(/"/g)?.length ?? 0) % 2 === 1) {
      const options: Completion[] = data().inputs.map((i) => ({ label: i.label, detail: i.detail, type: 'constant' }));
      return { from: ctx.pos - quoted[1].length, options, validFor: /^[\w$/:.-]*$/ };
    }
    const word = ctx.matchBefore(/[\w.$]+/);
    if (!word && !ctx.explicit) return null;
    const { functions, fields } = data();
    const options: Completion[] = [
      ...functions.map((f) => ({ label: f.name, type: 'function', detail: f.signature, info: f.description || undefined, apply: `${f.name}(`, boost: 1 })),
      ...fields.map((c) => ({ label: c, type: 'variable', boost: 2 })),
      ...RULE_KEYWORDS.map((k) => ({ label: k.toUpperCase(), type: 'keyword' })),
    ];
    return { from: word ? word.from : ctx.pos, options, validFor: /^[\w.$]*$/ };
  };
}
