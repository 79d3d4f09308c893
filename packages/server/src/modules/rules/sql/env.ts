// The evaluation environment of one rule run, and how a field name is looked up in it.
//
// EMQX evaluates a SELECT (or DO, or FOREACH) field against [the output built so far, the columns]: a name is
// looked up in the output first and, when that gives nothing, in the columns. WHERE and INCASE see the columns
// merged with the output (the output wins), plus the FOREACH item. Env keeps these layers apart instead of
// merging maps, so a run allocates nothing for lookups.
import type { FuncContext } from '../funcs/types';
import { decodePayload, getIn, readKey, type Step } from './paths';

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

  /** A top-level name in the merged layers (item, then output, then columns); the action layer is not included. */
  base(key: string, safe: boolean): unknown {
    if (this.itemKey !== null && this.itemKey === key) return this.item;
    const s = this.selected;
    if (s !== null && hasOwn.call(s, key)) return s[key];
    return readKey(this.columns, key, safe);
  }

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

/** A bare name (`clientid`, `payload`). */
export function readVar(key: string, safe: boolean): Evaluator {
  return (env) => {
    const a = env.action;
    if (a !== null) {
      const v = readKey(a, key, safe);
      if (v !== undefined) return v;
    }
    return env.base(key, safe);
  };
}

/** A path (`payload.a.b`, `x[1].y`): a path into `payload` reads the payload as JSON (a non-JSON payload fails the run). */
export function readPath(root: string, safe: boolean, steps: Step[]): Evaluator {
  const walk =
    root === 'payload'
      ? (env: Env, v: unknown): unknown => (v === undefined ? undefined : getIn(env.payloadJsonOf(v), steps, 0, env))
      : (env: Env, v: unknown): unknown => (v === undefined ? undefined : getIn(v, steps, 0, env));
  return (env) => {
    const a = env.action;
    if (a !== null) {
      const v = walk(env, readKey(a, root, safe));
      if (v !== undefined) return v;
    }
    return walk(env, env.base(root, safe));
  };
}
