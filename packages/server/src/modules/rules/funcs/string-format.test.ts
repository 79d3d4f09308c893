import { describe, expect, test } from 'vitest';
import { caller } from './funcs.testing';
import { mapFunctions } from './map';
import { regexFunctions } from './regex';
import { stringFormatFunctions } from './string-format';
import { RuleFunctionError } from './types';

const call = caller(stringFormatFunctions);
const map = caller(mapFunctions);
const re = caller(regexFunctions);

describe('sprintf', () => {
  test('~s/~ts print text, ~p prints the value as an Erlang term', () => {
    expect(call('sprintf', 'Hello ~ts!', 'Shawn')).toBe('Hello Shawn!');
    expect(call('sprintf', 'Name: ~ts, Count: ~p', 'ABC', 2)).toBe('Name: ABC, Count: 2');
    expect(call('sprintf_s', 'Name: ~ts, Count: ~p', ['ABC', 2])).toBe('Name: ABC, Count: 2');
    expect(call('sprintf', '~p ~p ~w', 'ab', { a: [1, true] }, undefined)).toBe('<<"ab">> #{<<"a">> => [1,true]} undefined');
    expect(call('sprintf', '~tp', '你好')).toBe('<<"你好"/utf8>>');
    expect(call('sprintf', '~p', 2.5)).toBe('2.5');
  });

  test('widths, precision, padding and number controls', () => {
    expect(call('sprintf', '[~5s|~-5s]', 'ab', 'ab')).toBe('[   ab|ab   ]');
    expect(call('sprintf', '[~3s|~3b]', 'abcdef', 12345)).toBe('[abc|***]');
    expect(call('sprintf', '~.2f', 3.14159)).toBe('3.14');
    expect(call('sprintf', '~8.3.0f', 3.14159)).toBe('0003.142');
    expect(call('sprintf', '~f', 1.5)).toBe('1.500000');
    expect(call('sprintf', '~e', 1234.5)).toBe('1.23450e+3');
    expect(call('sprintf', '~.16b ~.2B ~.16#', 255, 5, 255)).toBe('ff 101 16#FF');
    expect(call('sprintf', '~c~c ~~ ~n', 72, 105)).toBe('Hi ~ \n');
    expect(call('sprintf', 'a~ib', 'skipped')).toBe('ab');
  });

  test('wrong arguments for the format are errors', () => {
    expect(() => call('sprintf', '~s ~s', 'a')).toThrow(RuleFunctionError);
    expect(() => call('sprintf', '~s', 'a', 'b')).toThrow(RuleFunctionError);
    expect(() => call('sprintf', '~f', '1.5')).toThrow(RuleFunctionError);
    expect(call('sprintf', '~.1f', 20)).toBe('20.0');
    expect(() => call('sprintf', '~s', 1)).toThrow(RuleFunctionError);
    expect(() => call('sprintf', '~q', 1)).toThrow(RuleFunctionError);
    expect(() => call('sprintf_s', '~s', 'a')).toThrow(RuleFunctionError);
    expect(() => call('sprintf', '~500000000s', 'a')).toThrow(/too large/);
    expect(() => call('sprintf', '~.500000000c', 65)).toThrow(/too large/);
  });
});

describe('joins', () => {
  const m = { a: 'a', b: 1, c: 'c' };
  const j = '{"a":"a","b":1,"c":"c"}';

  test('join_to_string writes each value as text between separators (", " by default)', () => {
    expect(call('join_to_string', ',', ['a', 'b', 'c'])).toBe('a,b,c');
    expect(call('join_to_string', ' ', ['a', 'b', 'c'])).toBe('a b c');
    expect(call('join_to_string', ', ', [1, 'a', 'c', { a: 1 }, [1, 2, 3], [{ key: 1, value: 2 }]])).toBe('1, a, c, {"a":1}, [1,2,3], [{"value":2,"key":1}]');
    expect(call('join_to_string', ',', ['a'])).toBe('a');
    expect(call('join_to_string', ',', [])).toBe('');
    expect(call('join_to_string', map('map_keys', m))).toBe('a, b, c');
    expect(call('join_to_string', map('map_keys', j))).toBe('a, b, c');
    expect(call('join_to_string', map('map_values', m))).toBe('a, 1, c');
    expect(call('join_to_string', map('map_values', j))).toBe('a, 1, c');
  });

  test('join_to_sql_values_string quotes text, leaves numbers bare and writes lists and maps as JSON', () => {
    expect(call('join_to_sql_values_string', ['a', 'b', 'c'])).toBe("'a', 'b', 'c'");
    expect(call('join_to_sql_values_string', [1, 'a', 'c', { a: 1 }, [1, 2, 3], [97, 98], [{ key: 1, value: 2 }]])).toBe(
      `1, 'a', 'c', '{"a":1}', '[1,2,3]', '[97,98]', '[{"value":2,"key":1}]'`,
    );
    expect(call('join_to_sql_values_string', ['a'])).toBe("'a'");
    expect(call('join_to_sql_values_string', [])).toBe('');
    expect(call('join_to_sql_values_string', map('map_values', j))).toBe("'a', 1, 'c'");
    expect(call('join_to_sql_values_string', ["it's", 'a\\b', undefined, true, 1.5])).toBe(`'it\\'s', 'a\\\\b', NULL, 'true', 1.5`);
  });

  test('map_to_redis_hset_args lists key and value texts after a marker', () => {
    const fields = (v: unknown) => (call('map_to_redis_hset_args', v) as unknown[]).slice(1);
    expect(call('map_to_redis_hset_args', {})).toEqual(['map_to_redis_hset_args']);
    expect(fields({ a: 1 })).toEqual(['a', '1']);
    expect(fields({ a: 1.1 })).toEqual(['a', '1.1']);
    expect(fields({ a: true, b: false })).toEqual(['a', 'true', 'b', 'false']);
    expect(fields({ a: '' })).toEqual(['a', '']);
    expect(fields({ a: 'i j', n: null, m: { x: 1 } })).toEqual(['a', 'i j']);
    expect(fields('{"a":1}')).toEqual(['a', '1']);
    expect(fields('not json')).toEqual([]);
    expect(fields(['not map'])).toEqual([]);
  });
});

describe('unescape', () => {
  test('C escapes become their characters', () => {
    const cases: [string, string][] = [
      ['\\n', '\n'],
      ['\\t', '\t'],
      ['\\r', '\r'],
      ['\\b', '\b'],
      ['\\f', '\f'],
      ['\\v', '\v'],
      ["\\'", "'"],
      ['\\"', '"'],
      ['\\?', '?'],
      ['\\a', '\x07'],
      ['\\\\', '\\'],
      ['Hello, World!', 'Hello, World!'],
      ['Hello,\\t World\\n!', 'Hello,\t World\n!'],
    ];
    for (const [input, out] of cases) expect(call('unescape', input)).toBe(out);
  });

  test('\\x takes all the hex digits that follow as one code point', () => {
    expect(call('unescape', '\\x0A')).toBe('\n');
    expect(call('unescape', 'hej\\x0Ahej')).toBe('hej\nhej');
    expect(call('unescape', '\\x41\\x42\\x43')).toBe('ABC');
    expect(call('unescape', '\\xFF')).toBe('\u00ff');
    expect(call('unescape', 'Hello, \\x57orld!')).toBe('Hello, World!');
    expect(call('unescape', '\\x0041')).toBe('A');
    expect(call('unescape', '\\x20AC')).toBe('€');
    expect(call('unescape', '\\x2764')).toBe('❤');
    expect(call('unescape', 'Hello, \\x00004E16\\x0000754C')).toBe('Hello, 世界');
  });

  test('unknown escapes and code points outside Unicode are errors', () => {
    expect(() => call('unescape', '\\L')).toThrow(/\\L/);
    expect(() => call('unescape', '\\xG1')).toThrow(/\\x/);
    expect(() => call('unescape', '\\x11000000')).toThrow(RuleFunctionError);
  });
});

describe('regular expressions', () => {
  test('regex_match', () => {
    expect(re('regex_match', 'acbcd', 'c')).toBe(true);
    expect(re('regex_match', 'acbcd', '(ac)+')).toBe(true);
    expect(re('regex_match', 'bcd', '(ac)+')).toBe(false);
    expect(re('regex_match', '', '.*')).toBe(true);
    expect(re('regex_match', '', '[a-z]+')).toBe(false);
    expect(re('regex_match', 'exebd', '^[a-z]+$')).toBe(true);
    expect(re('regex_match', 'e2xebd', '^[a-z]+$')).toBe(false);
    expect(re('regex_match', 'ABC', '(?i)^abc\\z')).toBe(true);
    expect(() => re('regex_match', 'a', '(')).toThrow(RuleFunctionError);
  });

  test('regex_replace replaces every match; & is the match, \\N a group', () => {
    expect(re('regex_replace', '', 'c.*', 'e')).toBe('');
    expect(re('regex_replace', 'accbcd', 'c+', 'e')).toBe('aebed');
    expect(re('regex_replace', 'accbcd', 'c+', '[&]')).toBe('a[cc]b[c]d');
    expect(re('regex_replace', '2024-05-20', '(\\d+)-(\\d+)-(\\d+)', '\\3/\\2/\\g{1}')).toBe('20/05/2024');
    expect(re('regex_replace', 'a.b', '\\.', '\\&')).toBe('a&b');
  });

  test('regex_extract returns the groups of the first match', () => {
    expect(re('regex_extract', 'Number: 12345', '(\\d+)')).toEqual(['12345']);
    expect(re('regex_extract', 'Hello, world!', '(\\w+).*\\s(\\w+)')).toEqual(['Hello', 'world']);
    expect(re('regex_extract', 'No numbers here!', '(\\d+)')).toEqual([]);
    expect(re('regex_extract', 'Date: 2021-05-20', '(\\d{4})-(\\d{2})-(\\d{2})')).toEqual(['2021', '05', '20']);
    expect(re('regex_extract', 'abc', 'b')).toEqual([]);
    expect(re('regex_extract', 'ac', 'a(b)?c')).toEqual(['']);
  });

  test('a pattern that backtracks exponentially elsewhere runs in linear time; lookaround and backreferences still work', () => {
    // a backtracking engine would not finish this before the test's timeout
    expect(re('regex_match', `${'a'.repeat(5000)}b`, '(a+)+$')).toBe(false);
    expect(re('regex_match', 'price: 10USD', '\\d+(?=USD)')).toBe(true);
    expect(re('regex_replace', 'aa bb cd', '(\\w)\\1', '<&>')).toBe('<aa> <bb> cd');
    expect(re('regex_replace', 'abc', 'x*', '-')).toBe('-a-b-c-');
    expect(re('regex_replace', 'a🐸b', '.', '[&]')).toBe('[a][🐸][b]');
  });
});
