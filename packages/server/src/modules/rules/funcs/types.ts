// The seam between the rule SQL and its built-in functions (docs/rule-engine.md "Functions → SQL").
//
// How EMQX's Erlang values map to the JS values a rule column holds:
// - binary string (`<<"abc">>`) → `string` (UTF-8 text); a binary payload that is not text stays a `Buffer`.
//   Functions that take "a binary" accept both; a function that returns bytes which need not be UTF-8
//   (hexstr2bin, subbits as bits, gunzip …) returns a `Buffer`, or a string when the bytes are valid UTF-8
//   (`binaryResult` in values.ts): both are the same binary to every function and to the output.
// - a bitstring whose length is not a whole number of bytes (`subbits(…, 'bits')` can return one) → `BitString`
//   (funcs/values.ts); `bitsize`, `subbits` and `bin2hexstr` take it.
// - integer and float → `number` (a function also accepts a `bigint`). JS has one number type, so a float with an
//   integral value (2.0) is indistinguishable from the integer 2: a number is an "integer" exactly when
//   `Number.isInteger(n)` holds. So `is_float(2.0)` is false and `str(2.0)` gives "2" where EMQX gives "2.0";
//   `float(1)` gives 1. Non-integral floats behave as EMQX's (`int(1.5)` = 1, `str(0.1)` = "0.1"). Integers beyond
//   2^53 lose precision (EMQX has bignums); the bit functions compute with BigInt and return a `number`.
//   A math result that is not finite (NaN, ±Infinity) is EMQX's `badarith`: the function throws.
// - atom `undefined` (a missing column or key, and what `null()` returns) → `undefined`; the JSON `null` of a
//   decoded payload (an atom `null` in EMQX, which `is_null` does not count) → `null`. `true`/`false` → `boolean`.
//   Other atoms (event reasons, flag names) are strings.
// - list → array; map → plain object (keys are strings, kept in insertion order where EMQX sorts small maps).
// - a function error (`error(...)` / a badarg in EMQX) → a thrown `RuleFunctionError`; the SQL compiler catches it
//   and reports the rule run as failed (exception), as EMQX does.

/** The per-node key–value store behind `kv_store_get/put/del` (keys are any rule value, compared as EMQX terms). */
export interface KvStore {
  get(key: unknown): unknown;
  put(key: unknown, value: unknown): void;
  del(key: unknown): void;
}

/** The schema registry's functions (modules/schema-registry), which the node hands to the rule runtime. */
export interface SchemaFunctions {
  call(name: string, args: unknown[]): unknown;
}

export interface FuncContext {
  columns: Record<string, unknown>;
  node: string;
  kv: KvStore;
  jqTimeoutMs: number;
  /** absent on a node without the schema registry */
  schemas?: SchemaFunctions;
}

export type RuleFunction = (args: unknown[], ctx: FuncContext) => unknown; // sync
export type AsyncRuleFunction = (args: unknown[], ctx: FuncContext) => Promise<unknown>; // jq

export interface FunctionTable {
  get(name: string): { fn: RuleFunction | AsyncRuleFunction; async: boolean } | undefined;
}

/** What each group file (`math.ts`, `hash.ts` …) exports for `registry.ts` to join. Names are lower case. */
export interface FunctionGroup {
  readonly sync: Readonly<Record<string, RuleFunction>>;
  readonly async?: Readonly<Record<string, AsyncRuleFunction>>;
}

/** A built-in function refused its arguments or failed: the rule run fails with this message. */
export class RuleFunctionError extends Error {
  constructor(
    message: string,
    /** the SQL function's name, when known */
    readonly func?: string,
  ) {
    super(message);
    this.name = 'RuleFunctionError';
  }
}
