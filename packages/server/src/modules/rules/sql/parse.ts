// parseRuleSql: SQL text → RuleSql (ast.ts), or a RuleSqlSyntaxError naming the position.
// The parser is generated from rule-sql.peggy once per process, on first use.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import peggy from 'peggy';
import { walkSql, type Expr, type RuleSql } from './ast';
import { RuleSqlSyntaxError } from './errors';

const GRAMMAR = fileURLToPath(new URL('./rule-sql.peggy', import.meta.url));

/** EMQX's functions that run asynchronously (off the event loop). */
const ASYNC_FUNCTIONS = new Set(['jq']);

type ParsedQuery = Omit<RuleSql, 'text' | 'functions' | 'usesAsync'>;
let parser: peggy.Parser | undefined;

function getParser(): peggy.Parser {
  // cache: a PEG parser backtracks; memoising keeps nested parentheses linear
  parser ??= peggy.generate(readFileSync(GRAMMAR, 'utf8'), { cache: true });
  return parser;
}

export function parseRuleSql(text: string): RuleSql {
  if (text.trim() === '') throw new RuleSqlSyntaxError('syntax error: the SQL is empty', 1, 1, 0);
  const p = getParser();
  let query: ParsedQuery;
  try {
    query = p.parse(text) as ParsedQuery;
  } catch (err) {
    if (err instanceof p.SyntaxError) throw toSyntaxError(text, err);
    throw err;
  }
  const functions = new Set<string>();
  walkSql(query, (e: Expr) => {
    if (e.type === 'call') functions.add(e.name.toLowerCase());
  });
  const names = [...functions];
  return { ...query, text, functions: names, usesAsync: names.some((n) => ASYNC_FUNCTIONS.has(n)) };
}

// ---- error text -----------------------------------------------------------------------------------------

const KEYWORD = /^[a-z]+$/i;

function describe(e: peggy.parser.Expectation): string | undefined {
  switch (e.type) {
    case 'literal':
      return KEYWORD.test(e.text) ? e.text.toUpperCase() : `'${e.text}'`;
    case 'other':
      return e.description === 'whitespace' ? undefined : e.description;
    case 'end':
      return 'end of input';
    default:
      return undefined;
  }
}

// Tokens that can start an expression: when the parser would take any expression, say so once.
const EXPRESSION_START = ['number', 'string', 'name', 'list', 'range', "'('", 'CASE'];

function expectedText(expected: peggy.parser.Expectation[] | null): string {
  const all = [...new Set((expected ?? []).map(describe).filter((d): d is string => d !== undefined))];
  let items = all;
  if (EXPRESSION_START.every((t) => all.includes(t))) {
    items = ['an expression', ...all.filter((t) => !EXPRESSION_START.includes(t) && !["'-'", "'+'", 'NOT', 'DIV', 'MOD'].includes(t))];
  }
  // operators that may always follow an operand make the list long and say little
  items = items.filter((t) => !["'*'", "'/'", 'DIV', 'MOD', "'.'", "'['"].includes(t) || items.length <= 4);
  if (items.length === 0) return '';
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const TOKEN = /^(?:'(?:''|\\.|[^'\\])*'?|"(?:""|[^"])*"?|[A-Za-z0-9_$@~]+|<>|<=|>=|!=|=~|--|\/\*|\S)/s;

function toSyntaxError(text: string, err: peggy.parser.SyntaxError): RuleSqlSyntaxError {
  const { offset, line, column } = err.location.start;
  const rest = text.slice(offset).replace(/^\s+/, '');
  const token = TOKEN.exec(rest)?.[0];
  const where = token === undefined ? `at the end of the SQL (line ${line}, column ${column})` : `at line ${line}, column ${column}, before ${JSON.stringify(token)}`;
  const expected = expectedText(err.expected);
  const message = `syntax error ${where}${expected ? `: expected ${expected}` : ''}`;
  return new RuleSqlSyntaxError(message, line, column, offset);
}
