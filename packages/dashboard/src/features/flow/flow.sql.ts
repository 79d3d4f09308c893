// Text-level pieces of rule SQL the flow designer reads and writes (as EMQX's Flow Designer does): the SELECT fields,
// the WHERE condition split into AND/OR conditions, and the SQL written back from them. Strings, parentheses and
// `--` comments are skipped, so a keyword inside them is not taken for a clause. What is not a plain
// `SELECT … FROM … [WHERE …]` (FOREACH, CASE at the top…) is left to an SQL node.

export interface SqlParts {
  fields: string;
  where?: string;
}

/** Calls `visit(i)` for each offset at parenthesis depth 0 outside strings and comments; returns false to stop. */
function scanTop(sql: string, visit: (i: number) => boolean | void): void {
  let depth = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < sql.length && sql[j] !== c) j += sql[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && visit(i) === false) return;
  }
}

/** Top-level keywords (lower case) with their offsets. */
function keywords(sql: string): Array<{ word: string; at: number }> {
  const out: Array<{ word: string; at: number }> = [];
  let skipTo = -1;
  scanTop(sql, (i) => {
    if (i < skipTo) return;
    if (/[a-z_]/i.test(sql[i]) && !/[\w.$]/.test(sql[i - 1] ?? ' ')) {
      const w = /^[a-z_]\w*/i.exec(sql.slice(i))![0];
      out.push({ word: w.toLowerCase(), at: i });
      skipTo = i + w.length;
    }
  });
  return out;
}

/** The SELECT fields and WHERE condition of a plain `SELECT … FROM … [WHERE …]`; undefined for anything else. */
export function splitSql(sql: string): SqlParts | undefined {
  const kws = keywords(sql).filter((k) => ['select', 'from', 'where', 'foreach', 'do', 'incase'].includes(k.word));
  const names = kws.map((k) => k.word);
  if (names.includes('foreach') || names.includes('do') || names.includes('incase')) return undefined;
  if (names[0] !== 'select' || names[1] !== 'from' || names.filter((n) => n === 'select').length !== 1 || names.filter((n) => n === 'from').length !== 1) return undefined;
  const [select, from] = kws;
  if (
    sql
      .slice(0, select.at)
      .replace(/--[^\n]*/g, '')
      .trim()
  )
    return undefined;
  const wheres = kws.filter((k) => k.word === 'where');
  if (wheres.length > 1) return undefined;
  const fields = sql.slice(select.at + 6, from.at).trim();
  if (!fields) return undefined;
  const where = wheres[0] ? sql.slice(wheres[0].at + 5).trim() : undefined;
  if (wheres[0] && !where) return undefined;
  return where === undefined ? { fields } : { fields, where };
}

/** Splits at top-level commas (outside strings and parentheses). */
export function splitTopLevel(text: string, separator = ','): string[] {
  const out: string[] = [];
  let start = 0;
  scanTop(text, (i) => {
    if (text[i] === separator) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  });
  out.push(text.slice(start).trim());
  return out.filter((s, i, all) => s.length > 0 || all.length === 1);
}

export interface SelectField {
  expression: string;
  alias: string;
}

/** `payload.t as temp` → { expression: 'payload.t', alias: 'temp' }: the last top-level AS names the field. */
export function parseField(text: string): SelectField {
  let asAt = -1;
  for (const k of keywords(text)) if (k.word === 'as') asAt = k.at;
  if (asAt < 0) return { expression: text.trim(), alias: '' };
  return { expression: text.slice(0, asAt).trim(), alias: text.slice(asAt + 2).trim() };
}

export const fieldsText = (fields: readonly SelectField[]) =>
  fields.map((f) => (f.alias.trim() ? `${f.expression.trim()} as ${f.alias.trim()}` : f.expression.trim())).join(',\n  ');

/** The comparison operators of EMQX's filter form (longest first when parsing). */
export const FILTER_OPERATORS = ['=', '!=', '<>', '>', '>=', '<', '<=', '=~'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export type GroupOperator = 'AND' | 'OR';

export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  /** As typed: a number, true/false or a quoted string is written as it is, other text in single quotes. */
  value: string;
}

/** A group inside the filter (EMQX's second level): its own AND/OR over conditions only. */
export interface FilterGroup {
  operator: GroupOperator;
  conditions: FilterCondition[];
}

export type FilterItem = FilterCondition | FilterGroup;

/** EMQX's filter form: one AND/OR over conditions and groups of conditions (two levels at most). */
export interface FilterForm {
  operator: GroupOperator;
  conditions: FilterItem[];
}

export const isGroup = (item: FilterItem): item is FilterGroup => Array.isArray((item as FilterGroup).conditions);

/** Every condition of the form, those of its groups included. */
export const leafConditions = (form: FilterForm): FilterCondition[] => form.conditions.flatMap((c) => (isGroup(c) ? c.conditions : [c]));

/** Splits at a top-level AND or OR (case-insensitive, a whole word). */
function splitWord(sql: string, word: 'and' | 'or'): string[] {
  const cuts = keywords(sql)
    .filter((k) => k.word === word)
    .map((k) => k.at);
  const parts: string[] = [];
  let start = 0;
  for (const at of cuts) {
    parts.push(sql.slice(start, at).trim());
    start = at + word.length;
  }
  parts.push(sql.slice(start).trim());
  return parts;
}

const OPERATOR_RE = /^(.+?)\s*(=~|<=|>=|<>|!=|=|<|>)\s*(.+)$/s;

function parseCondition(text: string): FilterCondition | undefined {
  const m = OPERATOR_RE.exec(text.trim());
  if (!m) return undefined;
  const field = m[1].trim();
  const raw = m[3].trim();
  // a field is a path (payload.a.b, clientid, payload.x[1]); anything else (a function, NOT, IN…) is left to SQL
  if (!/^[A-Za-z_$][\w.$]*(\[\d+\])*(\.[\w$]+)*$/.test(field)) return undefined;
  if (/\s(and|or|not|in|is)\s/i.test(` ${raw} `) && !/^'.*'$/s.test(raw)) return undefined;
  const quoted = /^'((?:[^'\\]|\\.)*)'$/s.exec(raw);
  const value = quoted ? quoted[1] : raw;
  if (!quoted && !isLiteral(raw)) return undefined;
  return { field, operator: m[2] as FilterOperator, value };
}

const isLiteral = (v: string) => /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v) || /^(true|false)$/i.test(v);

/** The text inside one pair of parentheses that wraps all of it, or undefined when it is not wrapped so. */
function unwrap(text: string): string | undefined {
  const t = text.trim();
  if (!t.startsWith('(') || !t.endsWith(')')) return undefined;
  // wrapped when the opening parenthesis closes at the very end: nothing of the inside is at the top level
  let top = false;
  scanTop(t, () => {
    top = true;
    return false;
  });
  return top ? undefined : t.slice(1, -1).trim();
}

/** An AND/OR tree of the condition, as EMQX's useParseWhere reads it: OR binds looser than AND, parentheses group. */
type Tree = FilterCondition | { operator: GroupOperator; items: Tree[] };

function parseTree(text: string): Tree | undefined {
  const inner = unwrap(text);
  if (inner !== undefined) return inner ? parseTree(inner) : undefined;
  for (const operator of ['OR', 'AND'] as const) {
    const parts = splitWord(text, operator === 'OR' ? 'or' : 'and');
    if (parts.length > 1) {
      const items = parts.map(parseTree);
      if (items.some((i) => !i)) return undefined;
      return { operator, items: items as Tree[] };
    }
  }
  return parseCondition(text);
}

const isBranch = (t: Tree): t is { operator: GroupOperator; items: Tree[] } => 'items' in t;

/**
 * The filter form of a WHERE condition: an AND/OR of conditions and groups of conditions (EMQX's two levels);
 * undefined when it is more (a group in a group, NOT, IN, a function…), which stays SQL rather than lose a part.
 */
export function parseWhere(where: string): FilterForm | undefined {
  const trimmed = where.trim();
  if (!trimmed) return undefined;
  const tree = parseTree(trimmed);
  if (!tree) return undefined;
  if (!isBranch(tree)) return { operator: 'AND', conditions: [tree] };
  const conditions: FilterItem[] = [];
  for (const item of tree.items) {
    if (!isBranch(item)) conditions.push(item);
    else if (item.items.every((i) => !isBranch(i))) conditions.push({ operator: item.operator, conditions: item.items as FilterCondition[] });
    else return undefined;
  }
  return { operator: tree.operator, conditions };
}

/** A condition's value as SQL: numbers and booleans as they are, any other text quoted. */
export const valueSql = (v: string) => (isLiteral(v.trim()) ? v.trim() : `'${v}'`);

const conditionText = (c: FilterCondition) => `${c.field.trim()} ${c.operator} ${valueSql(c.value)}`;

/** The WHERE condition of the form, a group in parentheses (EMQX's getFilterExpressionFromFormData). */
export function whereText(form: FilterForm): string {
  return form.conditions
    .map((c) => (!isGroup(c) ? conditionText(c) : c.conditions.length === 1 ? conditionText(c.conditions[0]) : `(${c.conditions.map(conditionText).join(` ${c.operator} `)})`))
    .join(` ${form.operator} `);
}

/** The rule SQL as EMQX's flow designer writes it: SELECT fields, FROM the inputs one per line, WHERE condition. */
export function buildSql(fields: string, from: readonly string[], where?: string): string {
  const inputs = from.map((i) => `"${i}"`).join(',\n  ');
  return `SELECT\n  ${fields.trim() || '*'}\nFROM\n  ${inputs}${where?.trim() ? `\nWHERE\n  ${where.trim()}` : ''}`;
}
