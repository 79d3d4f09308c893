// parseRuleSql: SQL text → RuleSql (ast.ts), or a RuleSqlSyntaxError naming the position.
// The parser is rule-sql.gen.ts, generated from the grammar rule-sql.peggy by generate-parser.ts.
import { walkSql, type Expr, type RuleSql } from './ast';
import { RuleSqlSyntaxError } from './errors';
import { grammarFailure, parseSql, type Expectation, type GrammarFailure } from './rule-sql.gen';

/** EMQX's functions that run asynchronously (off the event loop). */
const ASYNC_FUNCTIONS = new Set(['jq']);

type ParsedQuery = Omit<RuleSql, 'text' | 'functions' | 'usesAsync'>;

export function parseRuleSql(text: string): RuleSql {
  if (text.trim() === '') throw new RuleSqlSyntaxError('syntax error: the SQL is empty', 1, 1, 0);
  let query: ParsedQuery;
  try {
    query = parseSql(text) as ParsedQuery;
  } catch (err) {
    const failure = grammarFailure(err);
    if (failure) throw toSyntaxError(text, failure);
    if (err instanceof RangeError) throw new RuleSqlSyntaxError('syntax error: the SQL nests expressions too deeply', 1, 1, 0);
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

function describe(e: Expectation): string | undefined {
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

const CONTINUATIONS = new Set(["'('", "'+'", "'-'", "'*'", "'/'", 'DIV', 'MOD', "'.'", "'['", "'=~'", "'!='", "'<>'", "'<='", "'>='", "'='", "'<'", "'>'"]);

function expectedText(expected: Expectation[] | null): string {
  const all = [...new Set((expected ?? []).map(describe).filter((d): d is string => d !== undefined))];
  let items = all;
  if (EXPRESSION_START.every((t) => all.includes(t))) {
    items = ['an expression', ...all.filter((t) => !EXPRESSION_START.includes(t) && !["'-'", "'+'", 'NOT', 'DIV', 'MOD'].includes(t))];
  }
  // after an operand, any operator could follow: name them only when nothing else (a comma, a keyword) could
  // (where an expression may start, '*' is the field `*`, not a product)
  const continues = (t: string): boolean => CONTINUATIONS.has(t) && !(t === "'*'" && items.includes('an expression'));
  if (items.some((t) => !continues(t))) items = items.filter((t) => !continues(t));
  // an alias may come with or without AS: AS says it
  if (items.includes('AS')) items = items.filter((t) => t !== 'name');
  if (items.length === 0) return '';
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const TOKEN = /^(?:'(?:''|\\.|[^'\\])*'?|"(?:""|[^"])*"?|[A-Za-z0-9_$@~]+|<>|<=|>=|!=|=~|--|\/\*|\S)/s;

function toSyntaxError(text: string, err: GrammarFailure): RuleSqlSyntaxError {
  const { offset, line, column } = err.location.start;
  const rest = text.slice(offset).replace(/^\s+/, '');
  const token = TOKEN.exec(rest)?.[0];
  const where = token === undefined ? `at the end of the SQL (line ${line}, column ${column})` : `at line ${line}, column ${column}, before ${JSON.stringify(token)}`;
  // the grammar's own complaints (error() in an action) carry their message and no expectations
  const expected = err.expected ? expectedText(err.expected) : '';
  const why = expected ? `: expected ${expected}` : err.expected ? '' : `: ${err.message}`;
  const message = `syntax error ${where}${why}`;
  return new RuleSqlSyntaxError(message, line, column, offset);
}
