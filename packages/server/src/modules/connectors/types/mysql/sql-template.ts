// SQL templates as EMQX 5.8 renders them for its SQL actions (emqx_template_sql, emqx_utils_sql), shared by the
// mysql and pgsql types:
//   - prepared statements: every `${…}` becomes a bind marker (`?` for MySQL, `$1…$n` for PostgreSQL) and its value
//     is bound (to_sql_value: a missing value is NULL, an object is its JSON text, null — an Erlang atom there — is
//     the text "null");
//   - batch inserts: `INSERT INTO t (…) VALUES (…)` is cut into the insert part and the row `(…)`, and a batch is one
//     statement with many rows (EMQX's parse_insert; its recursive regex is restated as a parenthesis scan);
//   - MySQL's batch rows are SQL text with values escaped as literals (to_sql_string with mysql escaping).
import { DecodeMemo, MISSING, parseTemplate, toJson, toText, valueAt, type Placeholder, type Template } from '../../../../shared/template';

export type StatementType = 'select' | 'insert' | 'update' | 'delete' | undefined;

/** EMQX get_statement_type: the first word */
export function statementType(sql: string): StatementType {
  const m = /^\s*([a-zA-Z]+)/.exec(sql);
  const w = m?.[1].toLowerCase();
  return w === 'select' || w === 'insert' || w === 'update' || w === 'delete' ? w : undefined;
}

const INSERT_HEAD = /^\s*(insert\s+into\s+[^\s()]+\s*(?:\([^)]*\))?)\s*values\s*/i;

/**
 * EMQX parse_insert: `INSERT INTO <table> [(<columns>)] VALUES (<row>)` with nothing after the row → the insert
 * part and the row (with its parentheses); undefined for anything else (several rows, ON DUPLICATE KEY…, SELECT…).
 */
export function parseInsert(sql: string): { insert: string; row: string } | undefined {
  const head = INSERT_HEAD.exec(sql);
  if (!head) return undefined;
  let i = head[0].length;
  if (sql[i] !== '(') return undefined;
  const start = i;
  let depth = 0;
  for (; i < sql.length; i++) {
    if (sql[i] === '(') depth++;
    else if (sql[i] === ')' && --depth === 0) break;
  }
  if (depth !== 0 || sql.slice(i + 1).trim() !== '') return undefined;
  return { insert: head[1], row: sql.slice(start, i + 1) };
}

/** a statement with bind markers and the placeholders whose values fill them, in order */
export interface Prepared {
  text: string;
  vars: Placeholder[];
}

/** EMQX parse_prepstmt: `${x}` → `?` or `$n` (numbered from `first`) */
export function prepare(sql: string | Template, marker: 'question' | 'dollar', first = 1): Prepared {
  const t = typeof sql === 'string' ? parseTemplate(sql) : sql;
  let n = first;
  let text = '';
  const vars: Placeholder[] = [];
  for (const part of t) {
    if (typeof part === 'string') text += part;
    else {
      vars.push(part);
      text += marker === 'question' ? '?' : `$${n++}`;
    }
  }
  return { text, vars };
}

/** one value as EMQX binds it (to_sql_value); arrays, which EMQX hands the driver as lists, go as JSON text */
export function toSqlValue(v: unknown): string | number | boolean | Buffer | null {
  if (v === undefined) return null;
  if (v === null) return 'null';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return v.toString();
  if (Buffer.isBuffer(v)) return v;
  return toJson(v);
}

/** the bound values of one rule output */
export function bindValues(vars: Placeholder[], data: unknown, memo = new DecodeMemo()): ReturnType<typeof toSqlValue>[] {
  return vars.map((p) => {
    const v = valueAt(p.path, data, memo);
    return toSqlValue(v === MISSING ? undefined : v);
  });
}

/** EMQX escape_mysql: quoted, with `'`, `\` and NUL escaped by a backslash */
export function escapeMysql(s: string): string {
  return `'${s.replace(/[\\'\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`))}'`;
}

const isUtf8 = (b: Buffer): boolean => Buffer.compare(Buffer.from(b.toString('utf8'), 'utf8'), b) === 0;

/**
 * EMQX to_sql_string with mysql escaping: text quoted and escaped (bytes that are not UTF-8 as 0x… hex), numbers
 * and booleans as they read, objects as escaped JSON, a missing value as `undefinedAs` (EMQX: the text 'undefined',
 * or NULL with undefined_vars_as_null).
 */
export function mysqlLiteral(v: unknown, undefinedAs: 'undefined' | 'NULL'): string {
  if (v === undefined) return undefinedAs === 'NULL' ? 'NULL' : escapeMysql('undefined');
  if (typeof v === 'string') return escapeMysql(v);
  if (Buffer.isBuffer(v)) return isUtf8(v) ? escapeMysql(v.toString('utf8')) : `0x${v.toString('hex').toUpperCase()}`;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return toText(v);
  // null (an atom in EMQX), objects and arrays: their text, escaped
  return escapeMysql(toText(v));
}

/** a row template rendered as MySQL literals */
export function renderMysqlRow(t: Template, data: unknown, undefinedAs: 'undefined' | 'NULL', memo = new DecodeMemo()): string {
  let out = '';
  for (const part of t) {
    if (typeof part === 'string') out += part;
    else {
      const v = valueAt(part.path, data, memo);
      out += mysqlLiteral(v === MISSING ? undefined : v, undefinedAs);
    }
  }
  return out;
}
