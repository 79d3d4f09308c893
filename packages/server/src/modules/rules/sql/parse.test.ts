// The grammar: what EMQX's rulesql accepts and refuses (its rulesql_tests, restated), and the syntax error text.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Field } from './ast';
import { RuleSqlSyntaxError } from './errors';
import { parserSource, PARSER_FILE } from './generate-parser';
import { parseRuleSql } from './parse';

const fieldsOf = (sql: string): Field[] => parseRuleSql(sql).fields;
const exprOf = (sql: string) => {
  const f = fieldsOf(sql)[0];
  if (f.type !== 'field') throw new Error('not a field');
  return f.expr;
};
const syntaxError = (sql: string): RuleSqlSyntaxError => {
  try {
    parseRuleSql(sql);
  } catch (err) {
    if (err instanceof RuleSqlSyntaxError) return err;
    throw err;
  }
  throw new Error(`parsed: ${sql}`);
};

describe('statements', () => {
  test('SELECT with FROM topics in double quotes, single quotes or bare names, and an optional WHERE', () => {
    const sql = parseRuleSql('SELECT * FROM "t/#", \'$events/client_connected\', abc WHERE 1 = 1');
    expect(sql.kind).toBe('select');
    expect(sql.from).toEqual(['t/#', '$events/client_connected', 'abc']);
    expect(sql.fields).toEqual([{ type: 'star' }]);
    expect(sql.where).toEqual({ type: 'compare', op: '=', left: { type: 'const', value: 1 }, right: { type: 'const', value: 1 } });
    expect(parseRuleSql('select x from "t"').where).toBeUndefined();
  });

  test('keywords are case-insensitive; names keep their case', () => {
    const sql = parseRuleSql('sElEcT ClientId aS Who fRoM "t" WhErE ClientId = \'a\'');
    expect(sql.fields).toEqual([{ type: 'field', expr: { type: 'var', name: 'ClientId' }, alias: { type: 'var', name: 'Who' } }]);
  });

  test('FOREACH with DO and INCASE in any combination', () => {
    const full = parseRuleSql('FOREACH payload.s as s DO s.a as a, clientid INCASE s.a <> 1 FROM "t" WHERE x = 1');
    expect(full.kind).toBe('foreach');
    expect(full.doClause).toHaveLength(2);
    expect(full.incase).toMatchObject({ type: 'compare', op: '<>' });
    expect(full.where).toBeDefined();
    expect(parseRuleSql('FOREACH a FROM abc').doClause).toBeUndefined();
    expect(parseRuleSql('FOREACH a incase a > 1.2 or a < 0 FROM abc').incase).toMatchObject({ type: 'or' });
    expect(parseRuleSql('FOREACH a DO item.a as a FROM abc').incase).toBeUndefined();
  });

  test('the FROM topics must be separated by commas, and FROM is required', () => {
    expect(() => parseRuleSql('SELECT * FROM abc ec')).toThrow(RuleSqlSyntaxError);
    expect(() => parseRuleSql('SELECT a')).toThrow(RuleSqlSyntaxError);
    expect(() => parseRuleSql('')).toThrow(/syntax error/);
  });

  test('comments: -- to the end of the line and /* … */', () => {
    const sql = parseRuleSql('-- a rule\nSELECT a, /* the second */ b -- trailing\nFROM "t" /* end */');
    expect(sql.fields).toHaveLength(2);
  });
});

describe('fields and aliases', () => {
  test('AS, an alias without AS, *, and aliases that are paths or indexes', () => {
    expect(fieldsOf('SELECT a as b, x, * FROM "abc"')).toEqual([
      { type: 'field', expr: { type: 'var', name: 'a' }, alias: { type: 'var', name: 'b' } },
      { type: 'field', expr: { type: 'var', name: 'x' }, alias: undefined },
      { type: 'star' },
    ]);
    expect(fieldsOf('SELECT a b FROM "abc"')[0]).toMatchObject({ alias: { type: 'var', name: 'b' } });
    expect(fieldsOf('SELECT e.f as c.d[1] FROM abc')[0]).toMatchObject({
      alias: {
        type: 'path',
        root: 'c',
        segs: [
          { kind: 'key', key: 'd' },
          { kind: 'index', index: 1 },
        ],
      },
    });
    expect(fieldsOf('SELECT e as a[-0], e as a[0], e as a[-1] FROM abc').map((f) => f.type === 'field' && f.alias)).toEqual([
      { type: 'path', root: 'a', segs: [{ kind: 'index', index: 'tail' }] },
      { type: 'path', root: 'a', segs: [{ kind: 'index', index: 'head' }] },
      { type: 'path', root: 'a', segs: [{ kind: 'index', index: -1 }] },
    ]);
  });

  test('a range cannot be the target of AS', () => {
    expect(() => parseRuleSql('SELECT a as [1..3] FROM abc')).toThrow(RuleSqlSyntaxError);
    expect(() => parseRuleSql('SELECT a as e[1..3] FROM abc')).toThrow(RuleSqlSyntaxError);
  });

  test('a comparison can be selected (with AS), boolean logic cannot', () => {
    expect(exprOf("SELECT a = 'b' as c FROM abc")).toMatchObject({ type: 'compare', op: '=' });
    expect(() => parseRuleSql('SELECT a > 1 and b < 2 as x FROM abc')).toThrow(RuleSqlSyntaxError);
  });
});

describe('paths', () => {
  test('keys, integer keys, quoted keys and indexes', () => {
    expect(exprOf('SELECT a.b.c FROM t')).toEqual({
      type: 'path',
      root: 'a',
      segs: [
        { kind: 'key', key: 'b' },
        { kind: 'key', key: 'c' },
      ],
    });
    expect(exprOf("SELECT a.1.'b' FROM abc")).toMatchObject({ segs: [{ key: '1' }, { key: 'b' }] });
    expect(exprOf("SELECT a.'1.5' FROM abc")).toMatchObject({ segs: [{ key: '1.5' }] });
    expect(exprOf("SELECT a.b.c[1].'1'.100 FROM abc")).toMatchObject({
      segs: [{ key: 'b' }, { key: 'c' }, { kind: 'index', index: 1 }, { key: '1' }, { key: '100' }],
    });
    expect(exprOf('SELECT a[1][2].b[c] FROM abc')).toMatchObject({
      root: 'a',
      segs: [{ index: 1 }, { index: 2 }, { key: 'b' }, { index: { type: 'var', name: 'c' } }],
    });
    expect(exprOf('SELECT a[e[1]] FROM abc')).toMatchObject({ segs: [{ index: { type: 'path', root: 'e', segs: [{ index: 1 }] } }] });
    expect(exprOf('SELECT "a b".c FROM abc')).toMatchObject({ root: 'a b', segs: [{ key: 'c' }] });
  });

  test('paths EMQX refuses: a number or list as root, an index after a dot, an ambiguous a.1.100', () => {
    for (const sql of ['SELECT 1.b FROM abc', 'SELECT [1].b FROM abc', 'SELECT a[1].[2] FROM abc', 'SELECT a.1.100 FROM abc']) {
      expect(() => parseRuleSql(sql), sql).toThrow(RuleSqlSyntaxError);
    }
  });

  test('ranges: a literal [1..3] and a slice a[1..-1] of a path', () => {
    expect(exprOf('SELECT [1..3] as a FROM abc')).toEqual({ type: 'range', begin: 1, end: 3 });
    expect(exprOf('SELECT a[1..-1] as b FROM abc')).toEqual({ type: 'get_range', begin: 1, end: -1, of: { type: 'var', name: 'a' } });
    expect(exprOf('SELECT a[b][1..3] as r FROM abc')).toMatchObject({ type: 'get_range', of: { type: 'path', segs: [{ index: { name: 'b' } }] } });
    expect(() => parseRuleSql('SELECT a.b[1..3].c FROM abc')).toThrow(RuleSqlSyntaxError);
  });
});

describe('literals and operators', () => {
  test('numbers: integers, floats, exponents, hex; a leading minus is a negative constant', () => {
    const values = fieldsOf('SELECT 1, 1.100, 2.5e3, 0x1f, -1, -1.5 FROM t').map((f) => f.type === 'field' && f.expr);
    expect(values).toEqual([1, 1.1, 2500, 31, -1, -1.5].map((value) => ({ type: 'const', value })));
  });

  test("strings in single quotes ('' and backslash escapes); double quotes name a field", () => {
    expect(exprOf("SELECT 'it''s' FROM t")).toEqual({ type: 'const', value: "it's" });
    expect(exprOf("SELECT 'a\\nb\\'c\\d' FROM t")).toEqual({ type: 'const', value: "a\nb'c\\d" });
    expect(exprOf('SELECT "topic" FROM t')).toEqual({ type: 'var', name: 'topic' });
  });

  test('true and false are constants; "true" in double quotes is a field', () => {
    expect(exprOf('SELECT true FROM t')).toEqual({ type: 'const', value: true });
    expect(exprOf('SELECT false FROM t')).toEqual({ type: 'const', value: false });
    expect(exprOf('SELECT "true" FROM t')).toEqual({ type: 'var', name: 'true' });
  });

  test('list literals hold expressions', () => {
    expect(exprOf("SELECT [a, 1, 'b', [3, 3.4, e]] FROM abc")).toMatchObject({ type: 'list', items: [{}, {}, {}, { type: 'list' }] });
    expect(exprOf('SELECT [] FROM abc')).toEqual({ type: 'list', items: [] });
    expect(exprOf('SELECT [21 + 21, abs(-2)] FROM abc')).toMatchObject({ items: [{ type: 'binary' }, { type: 'call' }] });
  });

  test('arithmetic precedence: * / div mod bind tighter than + -, parentheses group, unary minus binds tightest', () => {
    expect(exprOf('SELECT z + x * y FROM abc')).toMatchObject({ op: '+', right: { op: '*' } });
    expect(exprOf('SELECT (z + x) * y FROM abc')).toMatchObject({ op: '*', left: { op: '+' } });
    expect(exprOf('SELECT 7 div 2 + 5 mod 3 FROM abc')).toMatchObject({ op: '+', left: { op: 'div' }, right: { op: 'mod' } });
    expect(exprOf('SELECT -a * b FROM abc')).toMatchObject({ op: '*', left: { type: 'unary', op: '-' } });
    expect(exprOf('SELECT 1 - 1 - 1 FROM abc')).toMatchObject({ op: '-', left: { op: '-' } });
  });

  test('conditions: OR is weakest, then AND, then NOT; IN and NOT IN; parentheses', () => {
    const where = (w: string) => parseRuleSql(`SELECT * FROM "t" WHERE ${w}`).where;
    expect(where('a = 1 or b = 2 and c = 3')).toMatchObject({ type: 'or', right: { type: 'and' } });
    expect(where('(a = 1 or b = 2) and c = 3')).toMatchObject({ type: 'and', left: { type: 'or' } });
    expect(where('not a = 1 and b = 2')).toMatchObject({ type: 'and', left: { type: 'not' } });
    expect(where("x in (1, 'a', y)")).toMatchObject({ type: 'in', list: [{}, {}, {}] });
    expect(where('x not in (1, 2)')).toMatchObject({ type: 'not', arg: { type: 'in' } });
    expect(where('is_map(x)')).toMatchObject({ type: 'call', name: 'is_map' });
    for (const op of ['=', '!=', '<>', '<', '>', '<=', '>=', '=~']) expect(where(`a ${op} b`)).toMatchObject({ type: 'compare', op });
    expect(() => parseRuleSql('SELECT * FROM "t" WHERE a = b = c')).toThrow(RuleSqlSyntaxError);
  });

  test('CASE with and without a subject, with and without ELSE', () => {
    expect(exprOf('SELECT case when a > b then 1 end FROM "abc"')).toEqual({
      type: 'case',
      subject: undefined,
      whens: [{ when: { type: 'compare', op: '>', left: { type: 'var', name: 'a' }, right: { type: 'var', name: 'b' } }, then: { type: 'const', value: 1 } }],
      else: undefined,
    });
    expect(exprOf('SELECT CASE x WHEN 1 THEN 2 WHEN 2 THEN 3 ELSE 4 END as y FROM t')).toMatchObject({
      subject: { type: 'var', name: 'x' },
      whens: [{}, {}],
      else: { type: 'const', value: 4 },
    });
    expect(exprOf('SELECT case when a = 1 then a else a-1 end FROM abc')).toMatchObject({ else: { type: 'binary', op: '-' } });
  });

  test('function calls: names are looked up in lower case; div and mod are functions too; a module prefix is kept', () => {
    expect(exprOf('SELECT nth(1, a) FROM t')).toMatchObject({ type: 'call', name: 'nth', args: [{}, {}] });
    const sql = parseRuleSql('SELECT Abs(-1), mod(3, 2), div(7, 2), emqx_rule_funcs.upper(x), map_new() FROM t');
    expect(sql.functions).toEqual(['abs', 'mod', 'div', 'upper', 'map_new']);
    expect(sql.fields[3]).toMatchObject({ expr: { name: 'upper', module: 'emqx_rule_funcs' } });
    expect(sql.usesAsync).toBe(false);
    expect(parseRuleSql("SELECT jq('.a', payload) FROM t").usesAsync).toBe(true);
  });
});

describe('syntax errors', () => {
  test('name the position and what was expected, and read "syntax error" as EMQX answers', () => {
    const err = syntaxError('BAD_SQL');
    expect(err.message).toBe('syntax error at line 1, column 1, before "BAD_SQL": expected SELECT or FOREACH');
    expect([err.line, err.column, err.offset]).toEqual([1, 1, 0]);
  });

  test('a missing FROM topic, a missing field, an unfinished expression', () => {
    expect(syntaxError('SELECT a FROM').message).toBe('syntax error at the end of the SQL (line 1, column 14): expected topic filter');
    expect(syntaxError('SELECT FROM "t"').message).toBe('syntax error at line 1, column 8, before "FROM": expected an expression or \'*\'');
    const err = syntaxError('SELECT a,\n  b +\nFROM "t"');
    expect(err.message).toBe('syntax error at line 3, column 1, before "FROM": expected an expression');
    expect([err.line, err.column, err.offset]).toEqual([3, 1, 16]);
  });

  test('after an operand the message names what ends it, not every operator that could continue it', () => {
    expect(syntaxError('SELECT a').message).toBe("syntax error at the end of the SQL (line 1, column 9): expected AS, ',' or FROM");
    expect(syntaxError('FOREACH a').message).toBe("syntax error at the end of the SQL (line 1, column 10): expected AS, ',', DO, INCASE or FROM");
    expect(syntaxError('SELECT a FROM t WHERE a = 1 x').message).toBe('syntax error at line 1, column 29, before "x": expected AND or OR');
    expect(syntaxError('SELECT a = b c FROM t').message).toBe('syntax error at line 1, column 8, before "a": a comparison needs AS before its alias');
  });

  test('an expression nested beyond the stack is refused as a syntax error', () => {
    const deep = `SELECT ${'('.repeat(20000)}1${')'.repeat(20000)} FROM "t"`;
    expect(syntaxError(deep).message).toBe('syntax error: the SQL nests expressions too deeply');
  });

  test('an unclosed parenthesis or string', () => {
    expect(syntaxError('SELECT * FROM "t" WHERE (a = 1').message).toMatch(/^syntax error at the end of the SQL .*\)'$/);
    expect(syntaxError("SELECT 'abc FROM t").message).toMatch(/^syntax error at line 1, column 8, before "'abc FROM t"/);
  });
});

describe('the generated parser', () => {
  test('rule-sql.gen.ts is what generate-parser.ts makes from rule-sql.peggy (run it after editing the grammar)', () => {
    expect(readFileSync(PARSER_FILE, 'utf8')).toBe(parserSource());
  });
});
