// A rule output → DynamoDB item, as EMQX 5.8's convert_to_item: types of the attribute values, empty text left out,
// "undefined"/"null" as NULL only with undefined_vars_as_null, key columns required.
import { describe, expect, test } from 'vitest';
import { parseTemplate } from '../../../../shared/template';
import { renderItem, toItem } from './item';

describe('dynamo items', () => {
  test('values: text S, number N, boolean S, object/list JSON S, empty text left out', () => {
    expect(toItem({ s: 'x', n: 1.5, b: true, o: { a: 1 }, l: [1, 2], e: '', bin: Buffer.from('hi') }, false)).toEqual({
      s: { S: 'x' },
      n: { N: '1.5' },
      b: { S: 'true' },
      o: { S: '{"a":1}' },
      l: { S: '[1,2]' },
      bin: { S: 'hi' },
    });
  });

  test('missing and null: the texts "undefined"/"null", or NULL with undefined_vars_as_null', () => {
    expect(toItem({ u: 'undefined', n: null }, false)).toEqual({ u: { S: 'undefined' }, n: { S: 'null' } });
    expect(toItem({ u: 'undefined', n: null, t: 'null' }, true)).toEqual({ u: { NULL: true }, n: { NULL: true }, t: { NULL: true } });
  });

  test('a template renders JSON; keys must be in the rule output; a non-object is refused', () => {
    const o = { hashKey: 'id', rangeKey: undefined, undefinedAsNull: false };
    const t = parseTemplate('{"id": "${id}", "v": ${payload.v}}');
    expect(renderItem({ id: 'a', payload: '{"v": 3}' }, { ...o, template: t })).toEqual({ id: { S: 'a' }, v: { N: '3' } });
    expect(() => renderItem({ payload: '{}' }, { ...o, template: t })).toThrow(/has no "id"/);
    expect(() => renderItem({ id: 'a' }, { ...o, template: parseTemplate('[1]') })).toThrow(/not a JSON object/);
    expect(() => renderItem({ id: 'a' }, { ...o, template: parseTemplate('{bad') })).toThrow(/not JSON/);
  });
});
