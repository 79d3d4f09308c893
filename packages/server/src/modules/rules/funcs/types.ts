// The seam between the rule SQL and its built-in functions (docs/rule-engine.md "Functions → SQL").
//
// How EMQX's Erlang values map to the JS values a rule column holds:
// - binary string (`<<"abc">>`) → `string` (UTF-8 text); a binary payload that is not text stays a `Buffer`.
//   Functions that take "a binary" accept both; a function that returns bytes which need not be UTF-8
//   (hexstr2bin, subbits as bits, gunzip …) returns a `Buffer`.
// - integer and float → `number`. JS has one number type, so a float with an integral value (1.0) is indistinguishable
//   from the integer 1: a number is an "integer" exactly when `Number.isInteger(n)` holds. So `is_float(1.0)` is false,
//   `str(1.0)` gives "1", `float(1)` gives 1; `float(1.5)` and `int(1.5)` behave as EMQX's do. Integers beyond 2^53
//   lose precision (EMQX has bignums); the bit functions work on 64-bit values through BigInt internally and return
//   a `number` when it is exact, otherwise a `bigint`.
// - atoms `true`/`false` → `boolean`; `undefined` (a missing column or key) → `undefined`; `null()` → `null`.
//   Other atoms a function returns become strings.
// - list → array; map → plain object (keys are strings).
// - a function error (`error(...)` / a badarg in EMQX) → a thrown `RuleFunctionError`; the SQL compiler catches it
//   and reports the rule run as failed (exception), as EMQX does.

/** The per-node key–value store behind `kv_store_get/put/del` (keys are any rule value, compared as EMQX terms). */
export interface KvStore {
  get(key: unknown): unknown;
  put(key: unknown, value: unknown): void;
  del(key: unknown): void;
}

export interface FuncContext {
  columns: Record<string, unknown>;
  node: string;
  kv: KvStore;
  jqTimeoutMs: number;
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
