// Test helpers of the rule screens: drive the CodeMirror SQL editor in jsdom (which lays nothing out).
import { screen } from '@testing-library/react';
import { act } from 'react';
import { EditorView } from '@codemirror/view';

// CodeMirror measures text through Range rectangles; jsdom has none.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

export function sqlEditorView(): EditorView {
  const content = screen.getByLabelText('SQL', { selector: '.cm-content' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no CodeMirror view');
  return view;
}

/** Replaces the editor's text as typing would (the form sees the change). */
export function setSql(text: string): void {
  const view = sqlEditorView();
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' }));
}

export const sqlText = () => sqlEditorView().state.doc.toString();
