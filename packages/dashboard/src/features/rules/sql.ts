// Text-level helpers over rule SQL for the editor (the node parses it for real): the FROM inputs, the event a test
// context stands for, and where the node's syntax error points. Quotes, parentheses and `--` comments are skipped
// so a FROM inside a string or a function call is not taken for the clause.

export const MESSAGE_EVENT = '$events/message_publish';
export const EVENT_PREFIX = '$events/';
export const BRIDGE_PREFIX = '$bridges/';

interface Clause {
  /** Offset just after the FROM keyword. */
  start: number;
  /** Offset of WHERE (or the end of the text). */
  end: number;
}

/** Offsets of top-level keywords (`from`, `where`) outside strings, comments and parentheses. */
function keywordOffsets(sql: string, words: string[]): Array<{ word: string; at: number }> {
  const out: Array<{ word: string; at: number }> = [];
  let depth = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === '"' || c === "'") {
      const close = sql.indexOf(c, i + 1);
      i = close < 0 ? sql.length : close;
    } else if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && /[a-z]/i.test(c) && !/[\w.$]/.test(sql[i - 1] ?? ' ')) {
      const m = /^[a-z_]\w*/i.exec(sql.slice(i));
      const w = m![0].toLowerCase();
      if (words.includes(w)) out.push({ word: w, at: i });
      i += m![0].length - 1;
    }
  }
  return out;
}

function fromClause(sql: string): Clause | undefined {
  const kws = keywordOffsets(sql, ['from', 'where']);
  const from = kws.find((k) => k.word === 'from');
  if (!from) return undefined;
  const where = kws.find((k) => k.word === 'where' && k.at > from.at);
  return { start: from.at + 4, end: where ? where.at : sql.length };
}

/** The inputs of the FROM clause, unquoted: topics, `$events/…`, `$bridges/…`. */
export function fromInputs(sql: string): string[] {
  const c = fromClause(sql);
  if (!c) return [];
  const text = sql.slice(c.start, c.end).replace(/--[^\n]*/g, '');
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1] ?? m[2]).filter((s) => s.length > 0);
}

/** The SQL with its FROM inputs replaced (one per line, as EMQX's console writes them); appended when there is none. */
export function setFromInputs(sql: string, inputs: string[]): string {
  const list = inputs.map((i) => `"${i}"`).join(',\n  ');
  const c = fromClause(sql);
  if (!c) return `${sql.trimEnd()}\nFROM\n  ${list}`;
  const after = sql.slice(c.end);
  return `${sql.slice(0, c.start)}\n  ${list}${after ? `\n${after}` : ''}`;
}

export type InputKind = 'topic' | 'event' | 'source';
export const inputKind = (input: string): InputKind => (input.startsWith(EVENT_PREFIX) ? 'event' : input.startsWith(BRIDGE_PREFIX) ? 'source' : 'topic');

/** What a FROM input feeds the rule with: a topic is a message (`$events/message_publish`), others are themselves. */
export const dataSourceOf = (input: string): string => (inputKind(input) === 'topic' ? MESSAGE_EVENT : input);

/** True when the test's data source is one of the SQL's inputs ('Data source doesn't match the entered SQL' otherwise). */
export function sourceMatchesSql(source: string, sql: string): boolean {
  const inputs = fromInputs(sql);
  if (inputs.length === 0) return true;
  return inputs.map(dataSourceOf).includes(source);
}

/** The test context's event_type for a data source: the event's name, `$bridges/<type>:*` for a source. */
export function eventTypeOf(source: string): string {
  if (source.startsWith(BRIDGE_PREFIX)) return `${BRIDGE_PREFIX}${source.slice(BRIDGE_PREFIX.length).split(':')[0]}:*`;
  // '$events/sys/alarm_activated' is tested as event_type 'alarm_activated' (EMQX 5.8's alarm events)
  return source.replace(/^\$events\/(sys\/)?/, '');
}

/** A concrete topic matching a topic filter, for the test context ('sensors/#' → 'sensors/test'). */
export function sampleTopic(filter: string): string {
  return filter
    .split('/')
    .map((level) => (level === '+' || level === '#' ? 'test' : level))
    .join('/');
}

/**
 * Where a syntax error of the node points, as [from, to) offsets into `sql`: "line L column C" (also "L:C"),
 * "position P" / "offset P", or only "line L" (the whole line). Undefined when the message names no place.
 */
export function errorRange(message: string, sql: string): { from: number; to: number } | undefined {
  const lineStart = (line: number) => {
    let at = 0;
    for (let l = 1; l < line; l++) {
      const nl = sql.indexOf('\n', at);
      if (nl < 0) return undefined;
      at = nl + 1;
    }
    return at;
  };
  const lineEnd = (start: number) => {
    const nl = sql.indexOf('\n', start);
    return nl < 0 ? sql.length : nl;
  };
  const clamp = (from: number) => {
    // an error at the very end marks the last character, so there is something to see
    const f = Math.max(0, Math.min(from, sql.length - 1));
    const word = /^[^\s,()]+/.exec(sql.slice(f));
    return { from: f, to: Math.min(sql.length, f + Math.max(1, word?.[0].length ?? 1)) };
  };
  const lc = /line\D{0,3}(\d+)\D{1,12}?col(?:umn)?\D{0,3}(\d+)/i.exec(message) ?? /\b(\d+):(\d+)\b/.exec(message);
  if (lc) {
    const start = lineStart(Number(lc[1]));
    if (start !== undefined) return clamp(start + Number(lc[2]) - 1);
  }
  const pos = /(?:position|offset)\D{0,3}(\d+)/i.exec(message);
  if (pos) return clamp(Number(pos[1]));
  const line = /line\D{0,3}(\d+)/i.exec(message);
  if (line) {
    const start = lineStart(Number(line[1]));
    if (start !== undefined) return { from: start, to: Math.max(start + 1, lineEnd(start)) };
  }
  return undefined;
}

/** True when a node's 400 is about the SQL (a syntax or compile error, or a place in it), not e.g. the rule's ID. */
export const isSqlProblem = (message: string) => /syntax error|\bsql\b|\bline \d+|unknown (sql )?function/i.test(message);
