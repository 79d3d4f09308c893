import { describe, expect, test } from 'vitest';
import { caller } from './funcs.testing';
import { stringFunctions } from './string';
import { RuleFunctionError } from './types';

const call = caller(stringFunctions);

describe('case, trim, reverse, length, substr', () => {
  test('upper, lower, reverse', () => {
    expect(call('upper', 'abc4')).toBe('ABC4');
    expect(call('lower', '0ABC')).toBe('0abc');
    expect(call('reverse', 'abcd')).toBe('dcba');
    expect(call('reverse', 'a\r\nb')).toBe('b\r\na');
    expect(call('reverse', 'e\u0301x')).toBe('xe\u0301');
    expect(() => call('upper', 1)).toThrow(RuleFunctionError);
  });

  test('strlen counts characters as a reader sees them', () => {
    expect(call('strlen', 'abcd')).toBe(4);
    expect(call('strlen', '你好')).toBe(2);
    expect(call('strlen', '👋🏽')).toBe(1);
    expect(call('strlen', 'a\r\n')).toBe(2);
  });

  test('trim, ltrim, rtrim remove whitespace; rtrim(s, chars) the given characters', () => {
    expect(call('trim', '')).toBe('');
    expect(call('ltrim', '')).toBe('');
    expect(call('rtrim', '')).toBe('');
    expect(call('trim', ' abc ')).toBe('abc');
    expect(call('ltrim', ' abc ')).toBe('abc ');
    expect(call('rtrim', ' abc ')).toBe(' abc');
    expect(call('trim', '\t\r\n abc\r\n')).toBe('abc');
    expect(call('trim', '\u00a0abc')).toBe('\u00a0abc');
    expect(call('rtrim', 'abc;;,', ';,')).toBe('abc');
    expect(call('rtrim', 'abc;;,', [';'])).toBe('abc;;,');
  });

  test('substr starts at offset 0 and counts characters', () => {
    expect(call('substr', '', 1)).toBe('');
    expect(call('substr', 'abc', 1)).toBe('bc');
    expect(call('substr', 'abcd', 1, 2)).toBe('bc');
    expect(call('substr', '你好世界', 2, 1)).toBe('世');
    expect(call('substr', 'abc', 5)).toBe('');
    expect(() => call('substr', 'abc', -1)).toThrow(RuleFunctionError);
    expect(() => call('substr', 'abc', 0, -1)).toThrow(RuleFunctionError);
  });
});

describe('split and tokens', () => {
  const split = (s: string, mode?: string, sep = '/') => (mode ? call('split', s, sep, mode) : call('split', s, sep));

  test('split without a mode splits at every separator and drops empty parts', () => {
    expect(split('')).toEqual([]);
    expect(split('/')).toEqual([]);
    expect(split('/a/b/c')).toEqual(['a', 'b', 'c']);
    expect(split('/a/b//c/')).toEqual(['a', 'b', 'c']);
    expect(split('a, b ,c', undefined, ',')).toEqual(['a', ' b ', 'c']);
    expect(split('a,b,c\r\n', undefined, ',')).toEqual(['a', 'b', 'c\r\n']);
  });

  test('notrim keeps the empty parts', () => {
    expect(split('', 'notrim')).toEqual(['']);
    expect(split('/', 'notrim')).toEqual(['', '']);
    expect(split('/a/b//c/', 'notrim')).toEqual(['', 'a', 'b', '', 'c', '']);
    expect(split('哈哈, 你好, 是的\r\n', 'notrim', ',')).toEqual(['哈哈', ' 你好', ' 是的\r\n']);
  });

  test('leading and trailing split once, at the first or the last separator', () => {
    expect(split('', 'leading')).toEqual([]);
    expect(split('/', 'leading')).toEqual([]);
    expect(split('/a/b/c', 'leading')).toEqual(['a/b/c']);
    expect(split('a/b//c/', 'leading')).toEqual(['a', 'b//c/']);
    expect(split('哈哈, 你好, 是的\r\n', 'leading', ',')).toEqual(['哈哈', ' 你好, 是的\r\n']);
    expect(split('/', 'leading_notrim')).toEqual(['', '']);
    expect(split('/a/b/c', 'leading_notrim')).toEqual(['', 'a/b/c']);
    expect(split('/a/b/c', 'trailing')).toEqual(['/a/b', 'c']);
    expect(split('a/b//c/', 'trailing')).toEqual(['a/b//c']);
    expect(split('a/b//c/', 'trailing_notrim')).toEqual(['a/b//c', '']);
    expect(split('', 'trailing_notrim')).toEqual(['']);
    expect(split('哈哈, 你好, 是的\r\n', 'trailing', ',')).toEqual(['哈哈, 你好', ' 是的\r\n']);
    expect(() => split('a', 'middle')).toThrow(RuleFunctionError);
  });

  test('a separator inside a character does not split it ("\\n" of "\\r\\n")', () => {
    expect(split('a\r\nb', undefined, '\n')).toEqual(['a\r\nb']);
    expect(split('a\nb\r\n', 'notrim', '\n')).toEqual(['a', 'b\r\n']);
  });

  test('tokens splits at any separator character; nocrlf also at line ends', () => {
    expect(call('tokens', '', '/')).toEqual([]);
    expect(call('tokens', '/', '/')).toEqual([]);
    expect(call('tokens', '/a/b//c/', '/')).toEqual(['a', 'b', 'c']);
    expect(call('tokens', ' /a/ b /c', ' /')).toEqual(['a', 'b', 'c']);
    expect(call('tokens', 'a ,\nb,c\n', ', ')).toEqual(['a', '\nb', 'c\n']);
    expect(call('tokens', 'a ,b,c\r\n', ', ')).toEqual(['a', 'b', 'c\r\n']);
    expect(call('tokens', 'a,b, c\n', ', ', 'nocrlf')).toEqual(['a', 'b', 'c']);
    expect(call('tokens', 'a,b\r\n,c\n', ',', 'nocrlf')).toEqual(['a', 'b', 'c']);
    expect(call('tokens', '\r\n', ',', 'nocrlf')).toEqual([]);
    expect(call('tokens', '哈哈, 你好, 是的\r\n', ', ', 'nocrlf')).toEqual(['哈哈', '你好', '是的']);
  });
});

describe('concat, pad, replace, find, ascii, rm_prefix', () => {
  test('concat joins the text of its arguments', () => {
    expect(call('concat', 'a', 'b')).toBe('ab');
    expect(call('concat', '哈哈', '你好')).toBe('哈哈你好');
    expect(call('concat', '', 'a')).toBe('a');
    expect(call('concat', '', '')).toBe('');
    expect(call('concat', 'n=', 1)).toBe('n=1');
    expect(call('concat', ['a', 1, { b: 2 }, true])).toBe('a1{"b":2}true');
  });

  test('pad to a length, trailing by default, with spaces or a given string', () => {
    expect(call('pad', 'abc', 5)).toBe('abc  ');
    expect(call('pad', 'abc', 0)).toBe('abc');
    expect(call('pad', 'abc', 5, 'trailing')).toBe('abc  ');
    expect(call('pad', 'abc', 5, 'both')).toBe(' abc ');
    expect(call('pad', 'abc', 6, 'both')).toBe(' abc  ');
    expect(call('pad', 'abc', 5, 'leading')).toBe('  abc');
    expect(call('pad', 'abc', 0, 'leading')).toBe('abc');
    expect(call('pad', 'abc', 5, 'trailing', 'e')).toBe('abcee');
    expect(call('pad', 'abc', 5, 'trailing', 'ex')).toBe('abcexex');
    expect(call('pad', 'abc', 5, 'both', 'e')).toBe('eabce');
    expect(call('pad', 'abc', 5, 'both', 'ex')).toBe('exabcex');
    expect(call('pad', 'abc', 5, 'leading', 'ex')).toBe('exexabc');
    expect(call('pad', '你好', 3)).toBe('你好 ');
    expect(() => call('pad', 'abc', 5, 'middle')).toThrow(RuleFunctionError);
    expect(() => call('pad', 'abc', 1e9)).toThrow(/too long/);
  });

  test('replace every, the first or the last occurrence', () => {
    expect(call('replace', 'ab c  ', ' ', '-')).toBe('ab-c--');
    expect(call('replace', 'ab c  ', ' ', '::')).toBe('ab::c::::');
    expect(call('replace', 'ab c  ', ' ', '-', 'all')).toBe('ab-c--');
    expect(call('replace', 'ab c  ', ' ', '-', 'leading')).toBe('ab-c  ');
    expect(call('replace', 'ab c  ', ' ', '-', 'trailing')).toBe('ab c -');
    expect(call('replace', 'abc', '', '-')).toBe('abc');
  });

  test('find returns the rest of the string from the first (or last) match, or ""', () => {
    expect(call('find', 'acbcd', 'c')).toBe('cbcd');
    expect(call('find', 'acbcd', 'c', 'leading')).toBe('cbcd');
    expect(call('find', 'acbcd', 'e')).toBe('');
    expect(call('find', '', 'c')).toBe('');
    expect(call('find', '', '')).toBe('');
    expect(call('find', 'acbcd', 'c', 'trailing')).toBe('cd');
    expect(call('find', 'acbcd', 'e', 'trailing')).toBe('');
    expect(call('find', 'abc', '')).toBe('abc');
  });

  test('ascii gives the first byte; rm_prefix drops a matching prefix', () => {
    expect(call('ascii', 'a')).toBe(97);
    expect(call('ascii', 'ab')).toBe(97);
    expect(() => call('ascii', '')).toThrow(RuleFunctionError);
    expect(call('rm_prefix', 'foo/bar', 'foo/')).toBe('bar');
    expect(call('rm_prefix', 'foo/bar', 'baz')).toBe('foo/bar');
    expect(call('rm_prefix', 12, 'x')).toBe(12);
  });
});
