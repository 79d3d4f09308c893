// The schema source editor: CodeMirror 6 (as the rule SQL editor), a controlled value for antd Form, and the
// node's complaint about the source marked at the line and column it names ("at line 2, column 14", "(line 3)").
import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import { closeBrackets } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState, type Text } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useThemeState } from '../../../theme/themeStore';
import { themeExtensions } from '../../rules/components/sql-language';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** the node's sentence about this source, marked where it points */
  error?: string | null;
  readOnly?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** the character range an error sentence points at: its line (and column), else the whole text */
export function errorRange(message: string, doc: Text): { from: number; to: number } {
  const m = /line (\d+)(?:, column (\d+))?/.exec(message);
  if (!m) return { from: 0, to: doc.length };
  const line = doc.line(Math.min(Math.max(Number(m[1]), 1), doc.lines));
  if (m[2] === undefined) return { from: line.from, to: line.to };
  const from = Math.min(line.from + Number(m[2]) - 1, line.to);
  return { from, to: Math.min(from + 1, doc.length) };
}

export function SourceEditor({ value = '', onChange, error, readOnly, id, ...rest }: Props) {
  const { token } = theme.useToken();
  const dark = useThemeState().effective === 'dark';
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const readOnlySlot = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        history(),
        highlightActiveLine(),
        closeBrackets(),
        keymap.of([indentWithTab, ...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({ 'aria-label': rest['aria-label'] ?? 'Schema', ...(id ? { id } : {}) }),
        EditorView.theme({ '.cm-content, .cm-gutter': { minHeight: '320px' } }),
        themeSlot.current.of(themeExtensions(token, dark)),
        readOnlySlot.current.of(EditorState.readOnly.of(!!readOnly)),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChangeRef.current?.(u.state.doc.toString());
        }),
      ],
    });
    const v = new EditorView({ state, parent: host.current! });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // built once; value, theme and read-only are synced below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && value !== v.state.doc.toString()) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: themeSlot.current.reconfigure(themeExtensions(token, dark)) });
  }, [token, dark]);

  useEffect(() => {
    view.current?.dispatch({ effects: readOnlySlot.current.reconfigure(EditorState.readOnly.of(!!readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const diagnostics = error ? [{ ...errorRange(error, v.state.doc), severity: 'error' as const, message: error }] : [];
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [error]);

  return <div ref={host} data-testid="schema-source-editor" />;
}
