// The evaluation environment of one rule run, and how a field name is looked up in it.
//
// EMQX evaluates a SELECT (or DO, or FOREACH) field against [the output built so far, the columns]: a name is
// looked up in the output first and, when that gives nothing, in the columns. WHERE and INCASE see the columns
// merged with the output (the output wins), plus the FOREACH item. Env keeps these layers apart instead of
// merging maps, so a run allocates nothing for lookups.
import type { FuncContext } from '../funcs/types';
import { decodePayload, keyReader, walker, type Step } from './paths';

const hasOwn = Object.prototype.hasOwnProperty;
const NONE = Symbol('none');

export class Env {
  /** the output of SELECT/FOREACH, merged over the columns for WHERE, INCASE and DO */
  selected: Record<string, unknown> | null = null;
  /** the FOREACH item under its name (`item` unless the collection has an alias) */
  itemKey: string | null = null;
  item: unknown = undefined;
  /** the object the current clause is building: looked up first, the other layers when it gives undefined */
  action: Record<string, unknown> | null = null;
  private payloadRaw: unknown = NONE;
  private payloadJson: unknown = undefined;

  constructor(
    readonly columns: Record<string, unknown>,
    readonly ctx: FuncContext,
  ) {}

  /** The payload decoded as JSON, once per run for the same payload value. */
  payloadJsonOf(raw: unknown): unknown {
    if (typeof raw !== 'string' && !Buffer.isBuffer(raw)) return raw;
    if (this.payloadRaw === raw) return this.payloadJson;
    const json = decodePayload(raw);
    this.payloadRaw = raw;
    this.payloadJson = json;
    return json;
  }
}

export type Evaluator = (env: Env) => unknown;

/** The names a layer can hold at a read site, known when compiling ('all' once a `*` copied the columns in). */
export type Names = ReadonlySet<string> | 'all';

/** What the output being built (action) and the selected output hold where an expression is compiled. */
export interface Scope {
  action: Names;
  selected: Names;
}

export const ANY_SCOPE: Scope = { action: 'all', selected: 'all' };

const holds = (names: Names, key: string): boolean => names === 'all' || names.has(key);

/**
 * A top-level name in the merged layers: the FOREACH item, then the selected output (even an undefined value
 * there hides the column), then the columns. A layer that cannot hold the name is not looked at.
 */
function baseReader(key: string, scope: Scope): Evaluator {
  const fromColumns = keyReader(key);
  if (!holds(scope.selected, key)) return (env) => (env.itemKey === key ? env.item : fromColumns(env.columns));
  const fromSelected = keyReader(key);
  return (env) => {
    if (env.itemKey === key) return env.item;
    const s = env.selected;
    if (s !== null) {
      const v = fromSelected(s);
      if (v !== undefined || hasOwn.call(s, key)) return v;
    }
    return fromColumns(env.columns);
  };
}

/** A bare name (`clientid`, `payload`): the output being built first, then the merged layers. */
export function readVar(key: string, scope: Scope): Evaluator {
  const fromBase = baseReader(key, scope);
  if (!holds(scope.action, key)) return fromBase;
  const fromAction = keyReader(key);
  return (env) => {
    const a = env.action;
    if (a !== null) {
      const v = fromAction(a);
      if (v !== undefined) return v;
    }
    return fromBase(env);
  };
}

/** A path (`payload.a.b`, `x[1].y`): a path into `payload` reads the payload as JSON (a non-JSON payload fails the run). */
export function readPath(root: string, steps: Step[], scope: Scope): Evaluator {
  const fromBase = baseReader(root, scope);
  const get = walker(steps);
  const walk =
    root === 'payload'
      ? (env: Env, v: unknown): unknown => (v === undefined ? undefined : get(env.payloadJsonOf(v), env))
      : (env: Env, v: unknown): unknown => (v === undefined ? undefined : get(v, env));
  if (!holds(scope.action, root)) return (env) => walk(env, fromBase(env));
  const fromAction = keyReader(root);
  return (env) => {
    const a = env.action;
    if (a !== null) {
      const v = walk(env, fromAction(a));
      if (v !== undefined) return v;
    }
    return walk(env, fromBase(env));
  };
}
