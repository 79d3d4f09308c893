// hocon's words for refused values, as hocon_schema_builtin:convert and hocon_tconf:check_enum_symbol give them
// (emqx/hocon src/hocon_schema_builtin.erl, src/hocon_tconf.erl).
import { describe, expect, test } from 'vitest';
import { enumRefusal, fieldNames, hoconMessage, rangeName } from './hocon-error';

describe('enumRefusal: converted first, then an atom or an integer is not_a_enum_symbol', () => {
  test.each([
    ['loud', 'unable_to_convert_to_enum_symbol', 'loud'],
    ['12', 'not_a_enum_symbol', 12],
    ['-3', 'not_a_enum_symbol', -3],
    ['1.5', 'unable_to_convert_to_enum_symbol', '1.5'],
    ['true', 'not_a_enum_symbol', 'true'],
    [7, 'not_a_enum_symbol', 7],
    [1.5, 'unable_to_convert_to_enum_symbol', 1.5],
    [false, 'not_a_enum_symbol', false],
    [{ a: 1 }, 'unable_to_convert_to_enum_symbol', { a: 1 }],
  ])('%j → %s', (given, reason, value) => {
    expect(enumRefusal('root.level', given)).toEqual({ path: 'root.level', reason, value });
  });
});

describe('the texts around it', () => {
  test('keys in jiffy order, one map or the list', () => {
    expect(hoconMessage(enumRefusal('backend', 'kerberos'))).toBe('{"value":"kerberos","reason":"unable_to_convert_to_enum_symbol","path":"backend","kind":"validation_error"}');
    expect(
      JSON.parse(
        hoconMessage([
          { path: 'a', reason: 'required_field' },
          { path: 'b', reason: 'required_field' },
        ]),
      ),
    ).toHaveLength(2);
  });

  test('integer ranges and field lists as typerefl and fmt_field_names name them', () => {
    expect([rangeName(1, undefined), rangeName(0, undefined), rangeName(undefined, undefined), rangeName(5, undefined), rangeName(1, 3000)]).toEqual([
      'pos_integer()',
      'non_neg_integer()',
      'integer()',
      '5..inf',
      '1..3000',
    ]);
    expect([fieldNames([]), fieldNames(['b', 'a']), fieldNames(['c', 'a', 'b'])]).toEqual(['none', 'a,b', 'a,b,...']);
  });
});
