// Data type judgment (EMQX "Data Type Judgment"): is_null … is_empty. `undefined` is EMQX's undefined (a missing
// value, null()); `null` is a JSON null from a decoded payload, which only the *_var forms count as null.
import { toMap } from './conversion';
import { defineGroup, isBinary, isFloat, isInt, isMap, isNum, termEquals, type Def } from './values';

const test = (f: (v: unknown) => boolean): Def => [1, ([v]) => f(v)];
const isNull = (v: unknown) => v === undefined;
const isNullVar = (v: unknown) => v === undefined || v === null;

function isEmpty(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isBinary(v) && v.length === 0) return true;
  return Object.keys(toMap(v)).length === 0;
}

export const predicatesFunctions = defineGroup({
  is_null: test(isNull),
  is_null_var: test(isNullVar),
  is_not_null: test((v) => !isNull(v)),
  is_not_null_var: test((v) => !isNullVar(v)),
  is_str: test(isBinary),
  is_bool: test((v) => typeof v === 'boolean'),
  is_int: test(isInt),
  is_float: test(isFloat),
  is_num: test(isNum),
  is_map: test(isMap),
  is_array: test(Array.isArray),
  is_empty: test(isEmpty),
  // eq(X, Y): Erlang's == (numbers by value, everything else by content), exported by emqx_rule_funcs as arithmetic
  eq: [2, ([x, y]) => termEquals(x, y)],
});
