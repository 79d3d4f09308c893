// The SQL operators with the type rules of EMQX's rule runtime (emqx_rule_runtime compare/2 and the
// arithmetic of emqx_rule_funcs): a failed operation throws SqlEvalError with EMQX's reason.
import type { ArithOp, CompareOp } from './ast';
import { SqlEvalError } from './errors';
import { compareTerms, isBinary, isInteger, isNumber, termEquals, textOf, toText, type Binary } from './terms';
import { topicMatches } from '../../../shared/topic';

const INTEGER = /^[+-]?[0-9]+$/;
const FLOAT = /^[+-]?[0-9]+\.[0-9]+(?:[eE][+-]?[0-9]+)?$/;

/** A numeric string as Erlang reads it (`binary_to_integer`, then `binary_to_float`); anything else is badarg. */
export function parseNumber(b: Binary): number {
  const s = textOf(b);
  if (INTEGER.test(s) || FLOAT.test(s)) return Number(s);
  throw new SqlEvalError('badarg', `cannot compare a number with the string ${JSON.stringify(s)}`);
}

const atomText = (v: unknown): string | undefined => (v === true ? 'true' : v === false ? 'false' : v === null ? 'null' : undefined);

/**
 * `=`, `!=`/`<>`, `<`, `>`, `<=`, `>=`, `=~`. A missing value (undefined) on one side makes any comparison false;
 * a number against a string compares numerically (a non-numeric string is an error); `true`/`false`/`null`
 * against a string compare as their names; otherwise Erlang's term order applies.
 */
export function compare(op: CompareOp, l: unknown, r: unknown): boolean {
  if (l === undefined || r === undefined) {
    if (l !== r) return false;
  } else if (isNumber(l) && isBinary(r)) {
    r = parseNumber(r);
  } else if (isBinary(l) && isNumber(r)) {
    l = parseNumber(l);
  } else if (isBinary(r)) {
    const a = atomText(l);
    if (a !== undefined) l = a;
  } else if (isBinary(l)) {
    const a = atomText(r);
    if (a !== undefined) r = a;
  }
  switch (op) {
    case '=':
      return termEquals(l, r);
    case '!=':
    case '<>':
      return !termEquals(l, r);
    case '<':
      return compareTerms(l, r) < 0;
    case '>':
      return compareTerms(l, r) > 0;
    case '<=':
      return compareTerms(l, r) <= 0;
    case '>=':
      return compareTerms(l, r) >= 0;
    case '=~':
      if (!isBinary(l) || !isBinary(r)) throw new SqlEvalError('badarg', '=~ needs a topic and a topic filter (strings)');
      return topicMatches(textOf(r), textOf(l)); // topic =~ filter
  }
}

const badArgument = (op: string, l: unknown, r: unknown): SqlEvalError =>
  new SqlEvalError({ reason: 'bad_sql_function_argument', arguments: [l, r], function_name: op }, `${op} cannot take ${describeValue(l)} and ${describeValue(r)}`);

const badarith = (detail: string): SqlEvalError => new SqlEvalError('badarith', detail);

/** A short description of a value for error sentences. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'an undefined value';
  if (v === null) return 'null';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (Buffer.isBuffer(v)) return 'binary data';
  if (isNumber(v)) return `the number ${String(v)}`;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'a list';
  return 'a map';
}

const toNum = (v: number | bigint): number => (typeof v === 'bigint' ? Number(v) : v);

/** `+ - * / div mod`: `+` joins text when either side is a string; `/` divides as floats; div and mod want integers. */
export function arith(op: ArithOp, l: unknown, r: unknown): unknown {
  if (op === '+') {
    if (typeof l === 'number' && typeof r === 'number') return l + r;
    if (isNumber(l) && isNumber(r)) return toNum(l) + toNum(r);
    if (isBinary(l) || isBinary(r)) return toText(l) + toText(r);
    throw badArgument(op, l, r);
  }
  if (!isNumber(l) || !isNumber(r)) throw badArgument(op, l, r);
  const a = toNum(l);
  const b = toNum(r);
  switch (op) {
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      if (b === 0) throw badarith('division by zero');
      return a / b;
    case 'div':
    case 'mod': {
      if (!isInteger(l) || !isInteger(r)) throw badArgument(op, l, r);
      if (b === 0) throw badarith(`${op} by zero`);
      const q = op === 'div' ? Math.trunc(a / b) : a % b;
      return q === 0 ? 0 : q;
    }
  }
}

/** Unary minus: numbers only (EMQX raises badarith otherwise). */
export function negate(v: unknown): unknown {
  if (typeof v === 'number') return v === 0 ? 0 : -v;
  if (typeof v === 'bigint') return -v;
  throw badarith(`cannot negate ${describeValue(v)}`);
}
