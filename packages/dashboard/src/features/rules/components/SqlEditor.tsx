// The rule SQL editor: CodeMirror 6 with the rule language (sql-language.ts), a controlled value for antd Form,
// and the node's syntax error marked at the place it names.
import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import { autocompletion, closeBrackets, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers, placeholder as cmPlaceholder } from '@codemirror/view';
import { useThemeState } from '../../../theme/themeStore';
import { ruleCompletionSource, ruleSqlLanguage, themeExtensions, type CompletionData } from './sql-language';

export interface SqlError {
  from: number;
  to: number;
  message: string;
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  completion: CompletionData;
  error?: SqlError | null;
  readOnly?: boolean;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  minHeight?: number;
}

export function SqlEditor({ value = '', onChange, completion, error, readOnly, id, placeholder, minHeight = 200, ...rest }: Props) {
  const { token } = theme.useToken();
  const dark = useThemeState().effective === 'dark';
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const readOnlySlot = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const data = useRef(completion);
  data.current = completion;
  const names = completion.functions.map((f) => f.name).join(',');

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        history(),
        highlightActiveLine(),
        closeBrackets(),
        ruleSqlLanguage(names ? names.split(',') : []),
        autocompletion({ override: [ruleCompletionSource(() => data.current)] }),
        keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': rest['aria-label'] ?? 'SQL', ...(id ? { id } : {}) }),
        cmPlaceholder(placeholder ?? ''),
        EditorView.theme({ '.cm-content, .cm-gutter': { minHeight: `${minHeight}px` } }),
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
    // The editor is built once per language (function names); value, theme and read-only are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [names]);

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
    const len = v.state.doc.length;
    const diagnostics = error ? [{ from: Math.min(error.from, len), to: Math.min(Math.max(error.to, error.from), len), severity: 'error' as const, message: error.message }] : [];
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [error, names]);

  return <div ref={host} data-testid="sql-editor" />;
}
