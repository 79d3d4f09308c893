import { describe, expect, test } from 'vitest';
import { Text } from '@codemirror/state';
import { errorRange } from './SourceEditor';

const doc = Text.of(['{"type": "record",', ' "fields": [}']);

describe('errorRange: where the node says a source breaks', () => {
  test('line and column: the character there', () => {
    const r = errorRange('The Avro schema is not valid JSON at line 2, column 13: unexpected "}".', doc);
    expect(doc.sliceString(r.from, r.to)).toBe('}');
  });
  test('a line only (protobufjs): the whole line', () => {
    const r = errorRange("The Protobuf schema is not valid: illegal token '}' (line 2).", doc);
    expect(doc.sliceString(r.from, r.to)).toBe(' "fields": [}');
  });
  test('no place named: the whole text; a line past the end: the last line', () => {
    expect(errorRange('The JSON schema must be a JSON object.', doc)).toEqual({ from: 0, to: doc.length });
    expect(doc.sliceString(errorRange('at line 9', doc).from, errorRange('at line 9', doc).to)).toBe(' "fields": [}');
  });
});
