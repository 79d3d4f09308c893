import { describe, expect, it } from 'vitest';
import { RULE_FUNCTIONS } from '@mqdeck/api';
import { argSpecs, callText, mainArgIndex, PICKER_GROUPS, pickerFunction, rowExpression, rowOf } from './function-picker';

const doc = (name: string) => pickerFunction(name)!;

describe('the function picker’s catalogue', () => {
  it('is the console’s catalogue: the functions taking arguments, in the reference’s groups', () => {
    const listed = PICKER_GROUPS.flatMap((g) => g.functions.map((f) => f.name));
    expect(listed).toContain('upper');
    expect(listed).toContain('nth');
    // no arguments (now_timestamp has only an optional one, so it stays; clientid() has none)
    expect(listed).not.toContain('clientid');
    expect(listed.every((n) => RULE_FUNCTIONS.some((f) => f.name === n))).toBe(true);
    expect(PICKER_GROUPS.map((g) => g.id).slice(0, 3)).toEqual(['context', 'mathematical', 'type-judgment']);
    expect(PICKER_GROUPS.find((g) => g.id === 'string')!.functions.map((f) => f.name)).toContain('substr');
  });

  it('gives each argument a type, enums with their values', () => {
    expect(argSpecs(doc('substr'))).toEqual([
      { name: 'String', type: 'string', required: true },
      { name: 'Start', type: 'integer', required: true },
      { name: 'Length', type: 'integer', required: false },
    ]);
    expect(argSpecs(doc('power')).map((a) => a.type)).toEqual(['number', 'number']);
    expect(argSpecs(doc('map_get')).map((a) => [a.name, a.type])).toEqual([
      ['Key', 'string'],
      ['Map', 'map'],
      ['Default', 'any'],
    ]);
    expect(argSpecs(doc('unix_ts_to_rfc3339'))[1]).toEqual({ name: 'Unit', type: 'enum', required: false, options: ['second', 'millisecond', 'microsecond', 'nanosecond'] });
    expect(argSpecs(doc('bitand')).map((a) => a.type)).toEqual(['integer', 'integer']);
  });

  it('puts the field in the argument EMQX puts it in', () => {
    expect(mainArgIndex(doc('upper'))).toBe(0);
    expect(mainArgIndex(doc('map_get'))).toBe(1);
    expect(mainArgIndex(doc('nth'))).toBe(1);
    expect(mainArgIndex(doc('format_date'))).toBe(3);
    expect(mainArgIndex(doc('hash'))).toBe(1);
  });
});

describe('a row’s expression', () => {
  it('writes fn(arg1, arg2): the field as it is, strings and enums quoted, numbers as numbers', () => {
    expect(callText('upper', 'payload.name', [])).toBe('upper(payload.name)');
    expect(callText('substr', 'payload.s', ['', '2', '3'])).toBe('substr(payload.s, 2, 3)');
    expect(callText('map_get', 'payload', ['k', '', '0'])).toBe("map_get('k', payload, 0)");
    expect(callText('unix_ts_to_rfc3339', 'timestamp', ['', 'millisecond'])).toBe("unix_ts_to_rfc3339(timestamp, 'millisecond')");
    expect(callText('replace', 'payload.s', ['', "it's", '-'])).toBe("replace(payload.s, 'it\\'s', '-')");
    // an empty optional argument is left out
    expect(callText('substr', 'payload.s', ['', '2', ''])).toBe('substr(payload.s, 2)');
    expect(rowExpression({ expression: ' payload.t ' })).toBe('payload.t');
    expect(rowExpression({ expression: 'payload.t', fn: 'round', args: [''] })).toBe('round(payload.t)');
  });

  it('reads an expression the picker wrote back into its row (round trip)', () => {
    for (const [expression, row] of [
      ['upper(payload.name)', { expression: 'payload.name', fn: 'upper', args: [''] }],
      ["map_get('k', payload, 0)", { expression: 'payload', fn: 'map_get', args: ['k', '', '0'] }],
      ['substr(payload.s, 2)', { expression: 'payload.s', fn: 'substr', args: ['', '2'] }],
      ["unix_ts_to_rfc3339(timestamp, 'millisecond')", { expression: 'timestamp', fn: 'unix_ts_to_rfc3339', args: ['', 'millisecond'] }],
    ] as const) {
      expect(rowOf(expression), expression).toEqual(row);
      expect(rowExpression(rowOf(expression))).toBe(expression);
    }
  });

  it('keeps what the picker cannot hold as a plain expression', () => {
    for (const e of ['payload.t', 'payload.t * 2', 'upper(a) || lower(b)', 'concat(payload.a, payload.b)', 'map_get(payload.key, payload)', 'no_such_fn(a)']) {
      expect(rowOf(e), e).toEqual({ expression: e });
    }
  });
});
