// ${path} templates as EMQX renders them (emqx_template + emqx_jsonish): lookups, JSON decoding on the way,
// missing values, escapes and value texts.
import { describe, expect, test } from 'vitest';
import { lookup, parseTemplate, placeholders, renderTemplate, renderTemplateBytes, singlePlaceholder, toText } from './template';

describe('parse', () => {
  test('placeholders, literal text, ${$} and what is not a placeholder', () => {
    expect(parseTemplate('alerts/${clientid}/x')).toEqual(['alerts/', { name: 'clientid', path: ['clientid'] }, '/x']);
    expect(parseTemplate('${.payload.a}')).toEqual([{ name: 'payload.a', path: ['payload', 'a'] }]);
    expect(parseTemplate('${.}')).toEqual([{ name: '', path: [] }]);
    expect(parseTemplate('cost ${$}5')).toEqual(['cost $5']);
    expect(parseTemplate("${pub_props.'User-Property'}")).toEqual(["${pub_props.'User-Property'}"]);
    expect(placeholders(parseTemplate('${a}-${b.c}'))).toEqual(['a', 'b.c']);
    expect(singlePlaceholder(parseTemplate('${qos}'))).toEqual({ name: 'qos', path: ['qos'] });
    expect(singlePlaceholder(parseTemplate('q${qos}'))).toBeUndefined();
  });
});

describe('lookup and render', () => {
  const selected = { t: 31.5, clientid: 'c1', payload: '{"temp": 31, "nested": "{\\"a\\":1}", "obj": {"k": [1, 2]}}', n: null, ok: true, big: 1e21 };

  test('a JSON text met on the way is decoded once; a JSON text inside it is not', () => {
    expect(lookup(['payload', 'temp'], selected)).toEqual({ found: true, value: 31 });
    expect(lookup(['payload', 'obj', 'k'], selected)).toEqual({ found: true, value: [1, 2] });
    expect(lookup(['payload', 'nested', 'a'], selected)).toEqual({ found: false });
    expect(lookup(['clientid', 'x'], selected)).toEqual({ found: false });
    expect(lookup(['payload', 'temp'], { payload: Buffer.from('{"temp":5}') })).toEqual({ found: true, value: 5 });
  });

  test('values read as EMQX writes them: floats with up to 10 decimals, maps and lists as JSON, missing as undefined', () => {
    expect(renderTemplate(parseTemplate('${t}|${payload.temp}|${payload.obj}|${payload.obj.k}|${n}|${ok}|${nope}'), selected)).toBe(
      '31.5|31|{"k":[1,2]}|[1,2]|null|true|undefined',
    );
    expect(toText(1 / 3)).toBe('0.3333333333');
    expect(toText(2.5e-11)).toBe('0.0');
    expect(toText(-0.1)).toBe('-0.1');
    const missing: string[] = [];
    renderTemplate(parseTemplate('${a}${clientid}${b.c}'), selected, missing);
    expect(missing).toEqual(['a', 'b.c']);
  });

  test('${.} is the whole binding map; bytes keep a binary value as it is', () => {
    expect(JSON.parse(renderTemplate(parseTemplate('${.}'), { a: 1, b: 'x' }))).toEqual({ a: 1, b: 'x' });
    const raw = Buffer.from([0xff, 0x00, 0x41]);
    expect(renderTemplateBytes(parseTemplate('>${p}<'), { p: raw })).toEqual(Buffer.concat([Buffer.from('>'), raw, Buffer.from('<')]));
  });
});
