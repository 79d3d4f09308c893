// The clickhouse action's SQL template as EMQX 5.8 renders it (emqx_bridge_clickhouse_connector):
//   one message  = the `sql` text with every `${…}` replaced by the value's text (emqx_placeholder:proc_tmpl: no
//                  quoting or escaping, the template carries its own quotes; a missing value is `undefined`, or
//                  `NULL` with undefined_vars_as_null)
//   a batch      = the first message's whole statement, then for each other message `batch_value_separator` and
//                  the statement's VALUES part (or FORMAT data) rendered with that message: one INSERT, many rows
//   the split    = EMQX's split_clickhouse_insert_sql: `INSERT INTO t [(cols)] VALUES (…)[, (…)…][;]` keeps the
//                  rows, `INSERT INTO t [(cols)] FORMAT <name> <data>` keeps the data; anything else is not an insert
//                  and the action cannot be installed. EMQX's recursive regex is restated as a parenthesis scan.
import { DecodeMemo, MISSING, parseTemplate, toText, valueAt, type Template } from '../../../../shared/template';

export const NOT_INSERT = 'The SQL template should be an SQL INSERT statement but it is something else.';

/** the index after the balanced `(…)` that starts at `i`, or -1 */
function balanced(s: string, i: number): number {
  if (s[i] !== '(') return -1;
  let depth = 0;
  for (; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

const skipSpace = (s: string, i: number): number => {
  while (i < s.length && /\s/.test(s[i])) i++;
  return i;
};

/** the part of an INSERT each further row of a batch repeats (the VALUES rows or the FORMAT data); throws NOT_INSERT */
export function splitInsert(sql: string): string {
  const head = /^\s*insert\s+into\s+[^\s()]+\s*/i.exec(sql);
  if (!head) throw new Error(NOT_INSERT);
  let i = head[0].length;
  // column lists: `(a, b)` groups, optionally separated by commas
  while (sql[i] === '(') {
    const end = balanced(sql, i);
    if (end < 0) throw new Error(NOT_INSERT);
    i = skipSpace(sql, end);
    if (sql[i] === ',') i = skipSpace(sql, i + 1);
  }
  i = skipSpace(sql, i);
  const rest = sql.slice(i);
  const values = /^values\s*/i.exec(rest);
  if (values) {
    let j = i + values[0].length;
    const start = j;
    let end = balanced(sql, j);
    if (end < 0) throw new Error(NOT_INSERT);
    for (;;) {
      const k = skipSpace(sql, end);
      if (sql[k] !== ',') break;
      const next = balanced(sql, skipSpace(sql, k + 1));
      if (next < 0) break;
      end = next;
    }
    j = skipSpace(sql, end);
    if (sql[j] === ';') j++;
    if (sql.slice(j).trim() !== '') throw new Error(NOT_INSERT);
    return sql.slice(start, end);
  }
  // `.` stops at a line end as PCRE's; the data must hold some space after its first character (EMQX's pattern)
  const format = /^format\s+[a-zA-Z]+\s+((?!\s)(?=.*\s).*)\s*$/i.exec(rest);
  if (format) return format[1];
  throw new Error(NOT_INSERT);
}

export interface ClickhouseTemplates {
  statement: Template;
  /** separator + the rows part, rendered for the 2nd… message of a batch */
  extension: Template;
  nullForMissing: boolean;
}

export function compileSql(sql: string, separator: string, nullForMissing: boolean): ClickhouseTemplates {
  return { statement: parseTemplate(sql), extension: parseTemplate(separator + splitInsert(sql)), nullForMissing };
}

/** emqx_placeholder:proc_tmpl / proc_nullable_tmpl */
export function renderSql(t: Template, data: unknown, nullForMissing: boolean, memo = new DecodeMemo()): string {
  let out = '';
  for (const part of t) {
    if (typeof part === 'string') out += part;
    else {
      const v = valueAt(part.path, data, memo);
      out += v === MISSING || v === undefined ? (nullForMissing ? 'NULL' : 'undefined') : toText(v);
    }
  }
  return out;
}

/** what one message contributes: its whole statement (sent alone or first) and its rows (further in a batch) */
export interface ClickhouseRequest {
  statement: string;
  extension: string;
}

export function renderRequest(t: ClickhouseTemplates, data: unknown): ClickhouseRequest {
  const memo = new DecodeMemo();
  return { statement: renderSql(t.statement, data, t.nullForMissing, memo), extension: renderSql(t.extension, data, t.nullForMissing, memo) };
}

/** EMQX objects_to_sql: the first statement, then the others' rows */
export function batchSql(reqs: ClickhouseRequest[]): string {
  return (
    reqs[0].statement +
    reqs
      .slice(1)
      .map((r) => r.extension)
      .join('')
  );
}
