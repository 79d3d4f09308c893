// The three ways a rule's SQL fails: it does not parse (RuleSqlSyntaxError), it names something that does
// not exist (RuleSqlCompileError), or a run fails on the data it got (RuleRuntimeError).

/**
 * The SQL does not follow the grammar. `message` reads like EMQX's (it contains "syntax error") and fits the
 * 400 body of `/rules` and `/rule_test` as is.
 */
export class RuleSqlSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based line and column, 0-based offset of the first character that did not fit */
    readonly line: number,
    readonly column: number,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'RuleSqlSyntaxError';
  }
}

/** The SQL parses but cannot run: an unknown function, a function module that is not allowed … */
export class RuleSqlCompileError extends Error {
  constructor(
    message: string,
    /** EMQX's reason: `sql_function_not_supported`, `sql_function_provider_module_not_allowed`, `bad_sql` */
    readonly reason: string,
    readonly line?: number,
    readonly column?: number,
    readonly offset?: number,
  ) {
    super(message);
    this.name = 'RuleSqlCompileError';
  }
}

/** Which clause failed, with EMQX's name for it (the key of the error in its API answers). */
export type RuleClause = 'SELECT' | 'WHERE' | 'FOREACH' | 'INCASE' | 'DO';
const CLAUSE_ERROR: Record<RuleClause, string> = {
  SELECT: 'select_and_transform_error',
  WHERE: 'match_conditions_error',
  FOREACH: 'select_and_collect_error',
  INCASE: 'match_incase_error',
  DO: 'doeach_error',
};

/**
 * An evaluation error inside an expression, before it is tied to its clause: `reason` is EMQX's term for it
 * (`badarith`, `badarg`, `decode_json_failed`, or a map such as `{reason: 'bad_sql_function_argument', …}`),
 * `detail` a sentence for an operator.
 */
export class SqlEvalError extends Error {
  constructor(
    readonly reason: unknown,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'SqlEvalError';
  }
}

/**
 * A rule run failed (EMQX counts it as `failed.exception`). `message` is EMQX's API text for it, e.g.
 * `{"select_and_transform_error":"badarith"}`; `detail` says the same in a sentence; `clause` and `reason` are the parts.
 */
export class RuleRuntimeError extends Error {
  readonly kind: string;
  constructor(
    readonly clause: RuleClause,
    readonly reason: unknown,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(JSON.stringify({ [CLAUSE_ERROR[clause]]: reason }, jsonSafe), options);
    this.kind = CLAUSE_ERROR[clause];
    this.name = 'RuleRuntimeError';
  }
}

function jsonSafe(_key: string, v: unknown): unknown {
  if (v === undefined) return 'undefined';
  if (typeof v === 'bigint') return v.toString();
  if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer') {
    const data = (v as { data?: unknown }).data;
    return Array.isArray(data) ? Buffer.from(data as number[]).toString('utf8') : v;
  }
  return v;
}

/** Tie an error thrown while evaluating a clause to that clause. */
export function toRuntimeError(clause: RuleClause, err: unknown): RuleRuntimeError {
  if (err instanceof RuleRuntimeError) return err;
  if (err instanceof SqlEvalError) return new RuleRuntimeError(clause, err.reason, `${clause}: ${err.detail}`, { cause: err });
  const message = err instanceof Error ? err.message : String(err);
  return new RuleRuntimeError(clause, message, `${clause}: ${message}`, { cause: err });
}
