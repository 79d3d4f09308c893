// Variform expressions (mqtt.client_attrs_init): the grammar, the functions and the config-time refusals.
import { describe, expect, test } from 'vitest';
import { compileVariform, renderVariform, variformError, type Bindings } from '../src/client-attrs/variform';

const render = (expr: string, b: Bindings = {}) => renderVariform(compileVariform(expr), b);

describe('evaluation', () => {
  test.each([
    ["nth(1, tokens(clientid, '.'))", { clientid: 'acme.dev1.x' }, 'acme'],
    ['nth(2, tokens(v, ","))', { v: 'a' }, ''],
    ["nth('1', tokens(v, ','))", { v: 'a,b' }, 'a'],
    ['a', { a: 1 }, '1'],
    ["concat(['a',',','b'])", {}, 'a,b'],
    ["concat([''])", {}, ''],
    ["concat(username, '-x')", { username: null }, 'undefined-x'],
    ['substr(v,1)', { v: 'ab' }, 'b'],
    ['substr(v,1,2)', { v: 'abcd' }, 'bc'],
    ['strlen(v)', { v: 'ab' }, '2'],
    ["concat(strlen(v),'.2')", { v: 'xy' }, '2.2'],
    ['nth(2,v)', { v: ['x', 'y'] }, 'y'],
    ['user_property.Region-Id', { user_property: { 'Region-Id': 'eu' } }, 'eu'],
    ["coalesce(['','b'])", {}, 'b'],
    ['coalesce([a,b])', { b: 'b' }, 'b'],
    ['coalesce([a,b])', {}, ''],
    ["coalesce(tokens(a,','))", { a: ',,b,c' }, 'b'],
    ['coalesce(a,b)', { a: '', b: 2 }, '2'],
    ["coalesce([any_to_str(a),any_to_str(b),'c'])", {}, 'c'],
    ['true', {}, 'true'],
    ["iif(true,'T','F')", {}, 'T'],
    ["iif(a,'T','F')", {}, 'F'],
    ["is_empty('')", {}, 'true'],
    ['is_empty(a)', { a: null }, 'true'],
    ['str_gt(9, 10)', {}, 'true'],
    ["str_eq('a', 'a')", {}, 'true'],
    ['num_gte(2, -1)', {}, 'true'],
    ["nth(1, regex_extract(clientid, '^dev-(\\d+)-'))", { clientid: 'dev-42-x' }, '42'],
    ["nth(1, regex_extract(clientid, '^([a-z]+)-(\\d+)$'))", { clientid: 'room-7' }, 'room'],
    ["regex_replace(v, '([a-z])(\\d)', '\\2\\1')", { v: 'a1b2' }, '1a2b'],
    ["regex_match(v, '^[0-9]+$')", { v: '123' }, 'true'],
    ["upper(lower('AbC'))", {}, 'ABC'],
    ["trim('  x ')", {}, 'x'],
    ["rm_prefix(v, 'dev-')", { v: 'dev-1' }, '1'],
    ["pad('7', 3, 'leading', '0')", {}, '007'],
    ["replace('a.b.c', '.', '/')", {}, 'a/b/c'],
    ["replace('a.b.c', '.', '/', 'trailing')", {}, 'a.b/c'],
    ["join_to_string('-', split('a,,b', ','))", {}, 'a-b'],
    ["nth(2, split('a/b/c', '/', 'trailing'))", {}, 'c'],
    ["find('a.b.c', '.', 'trailing')", {}, '.c'],
    ["hash('md5', 'abc')", {}, '900150983cd24fb0d6963f7d28e17f72'],
    ["bin2hexstr('AB')", {}, '4142'],
    ["base64_encode('hi')", {}, 'aGk='],
    ["hash_to_range('abc', 1, 10)", {}, String(1 + Number(BigInt('0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad') % 10n))],
    ["unescape('a\\tb')", {}, 'a\tb'],
    ["unescape('a\\\\tb')", {}, 'a\\tb'],
    ["reverse('abc')", {}, 'cba'],
    ["emqx_variform_bif.upper('x')", {}, 'X'],
  ])('%s', (expr, bindings, expected) => {
    expect(render(expr, bindings as Bindings)).toBe(expected);
  });

  test.each([
    ['var', {}, /not bound/],
    ["nth('notnum', tokens(v, ','))", { v: 'a' }, /invalid index/],
    ['coalesce(any_to_str(a))', { a: 1 }, /did not yield an array/],
    ["tokens(v, ',')", { v: 'a,b' }, /expected a string result/],
    ["regex_extract(v, '(a)')", { v: 'a' }, /expected a string result/],
    ['lower(n)', { n: 1 }, /expected a string/],
  ])('%s fails at run time', (expr, bindings, reason) => {
    expect(() => render(expr, bindings as Bindings)).toThrow(reason);
  });
});

describe('refused when configured', () => {
  test.each([
    ["'abc'", /syntax error/],
    ['nth(1, tokens(clientid, ', /syntax error before: end of expression/],
    ['concat(a) b', /syntax error before: b/],
    ['1.5', /illegal characters/],
    ['nonexisting_fn(a)', /unknown function: nonexisting_fn/],
    ['toString(a)', /unknown function: toString/],
    ["sprintf_s('~s', [a])", /sprintf_s is not supported by this node/],
    ['lists.reverse(a)', /lists.reverse is not supported by this node/],
    ['a.b.c(v)', /invalid function reference/],
    ['nth(1)', /nth takes 2 argument\(s\), got 1/],
    ['upper(nth(1, tokens(a)))', /tokens takes 2 or 3 argument\(s\), got 1/],
    ["iif(a, 'x')", /iif takes 3/],
  ])('%s', (expr, reason) => {
    expect(variformError(expr)).toMatch(reason);
  });

  test('a valid expression has no error', () => {
    expect(variformError("nth(1, tokens(clientid, '.'))")).toBeUndefined();
    expect(variformError('username')).toBeUndefined();
  });
});
