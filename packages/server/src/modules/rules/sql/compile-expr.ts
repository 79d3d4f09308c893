// Expressions → closures. Each node becomes `{ f, a }`: `f(env)` computes its value, `a` says whether that
// value is a Promise (only when the node or a node below it calls an asynchronous function such as jq), so a
// rule without one runs fully synchronously.
import { RuleFunctionError, type FunctionTable } from '../funcs/types';
import type { Expr, PathSeg, VarOrPath } from './ast';
import { ANY_SCOPE, Env, readPath, readVar, type Evaluator, type Scope } from './env';
import { RuleSqlCompileError, SqlEvalError } from './errors';
import { arith, compare, describeValue, negate } from './ops';
import { dynIndexStep, indexStep, keyStep, rangeList, rangeOf, type Step } from './paths';
import { termEquals } from './terms';

export interface Compiled {
  f: Evaluator;
  /** f returns a Promise */
  a: boolean;
}

const sync = (f: Evaluator): Compiled => ({ f, a: false });

function map1(c: Compiled, fn: (v: unknown) => unknown): Compiled {
  const f = c.f;
  return c.a ? { a: true, f: async (env) => fn(await f(env)) } : sync((env) => fn(f(env)));
}

function map2(l: Compiled, r: Compiled, fn: (x: unknown, y: unknown) => unknown): Compiled {
  const lf = l.f;
  const rf = r.f;
  if (!l.a && !r.a) return sync((env) => fn(lf(env), rf(env)));
  return { a: true, f: async (env) => fn(await lf(env), await rf(env)) };
}

function all(cs: Compiled[]): { f: (env: Env) => unknown[] | Promise<unknown[]>; a: boolean } {
  const fs = cs.map((c) => c.f);
  const n = fs.length;
  if (!cs.some((c) => c.a)) {
    return {
      a: false,
      f: (env) => {
        const out = new Array<unknown>(n);
        for (let i = 0; i < n; i++) out[i] = fs[i](env);
        return out;
      },
    };
  }
  return {
    a: true,
    f: async (env) => {
      const out = new Array<unknown>(n);
      for (let i = 0; i < n; i++) out[i] = await fs[i](env);
      return out;
    },
  };
}

export function compileSteps(segs: PathSeg[], cx: ExprCompiler): Step[] {
  return segs.map((s): Step => {
    if (s.kind === 'key') return keyStep(s.key);
    // an index read from a field is a name or a path: never asynchronous
    return typeof s.index === 'object' ? dynIndexStep(cx.compile(s.index).f) : indexStep(s.index);
  });
}

/** The boolean a condition needs on the left of AND/OR (EMQX's andalso/orelse refuse anything else). */
function needBoolean(v: unknown, op: string): boolean {
  if (v === true || v === false) return v;
  throw new SqlEvalError('badarg', `${op} needs true or false, got ${describeValue(v)}`);
}

const FUNC_MODULE = 'emqx_rule_funcs';

export class ExprCompiler {
  /** whether any compiled call is to an asynchronous function */
  usesAsync = false;
  /** what the layers can hold where the next expression runs (set by the clause compiler) */
  scope: Scope = ANY_SCOPE;

  constructor(private readonly funcs: FunctionTable) {}

  compile(e: Expr): Compiled {
    switch (e.type) {
      case 'const': {
        const v = e.value;
        return sync(() => v);
      }
      case 'var':
        return sync(readVar(e.name, this.scope));
      case 'path':
        return sync(readPath(e.root, compileSteps(e.segs, this), this.scope));
      case 'range': {
        const { begin, end } = e;
        return sync(() => rangeList(begin, end));
      }
      case 'get_range': {
        const { begin, end } = e;
        return map1(this.compile(e.of), (v) => rangeOf(begin, end, v));
      }
      case 'list': {
        const items = all(e.items.map((i) => this.compile(i)));
        return { a: items.a, f: items.f };
      }
      case 'unary':
        return e.op === '-' ? map1(this.compile(e.arg), negate) : this.compile(e.arg);
      case 'binary': {
        const op = e.op;
        return map2(this.compile(e.left), this.compile(e.right), (l, r) => arith(op, l, r));
      }
      case 'compare': {
        const op = e.op;
        return map2(this.compile(e.left), this.compile(e.right), (l, r) => compare(op, l, r));
      }
      case 'and':
      case 'or':
        return this.logical(e.type, this.compile(e.left), this.compile(e.right));
      case 'not':
        // EMQX: NOT of anything but true/false is false
        return map1(this.compile(e.arg), (v) => (v === true ? false : v === false));
      case 'in': {
        const list = all(e.list.map((i) => this.compile(i)));
        const arg = this.compile(e.arg);
        return map2(arg, { a: list.a, f: list.f }, (v, vs) => (vs as unknown[]).some((x) => termEquals(v, x)));
      }
      case 'case':
        return this.caseOf(e);
      case 'call':
        return this.call(e);
    }
  }

  private logical(op: 'and' | 'or', l: Compiled, r: Compiled): Compiled {
    const lf = l.f;
    const rf = r.f;
    const word = op.toUpperCase();
    const stop = op === 'or'; // the left value that decides the result alone
    if (!l.a && !r.a) {
      return sync((env) => (needBoolean(lf(env), word) === stop ? stop : rf(env)));
    }
    return { a: true, f: async (env) => (needBoolean(await lf(env), word) === stop ? stop : rf(env)) };
  }

  private caseOf(e: Extract<Expr, { type: 'case' }>): Compiled {
    const subject = e.subject ? this.compile(e.subject) : undefined;
    const whens = e.whens.map((w) => ({ when: this.compile(w.when), then: this.compile(w.then) }));
    const otherwise = e.else ? this.compile(e.else) : undefined;
    const anyAsync = [subject, otherwise, ...whens.flatMap((w) => [w.when, w.then])].some((c) => c?.a);
    // CASE x WHEN v: x equals v exactly; CASE WHEN cond: cond is true
    const hit = subject ? (s: unknown, w: unknown) => termEquals(s, w) : (_s: unknown, w: unknown) => w === true;
    if (!anyAsync) {
      const sf = subject?.f;
      const ws = whens.map((w) => ({ when: w.when.f, then: w.then.f }));
      const ef = otherwise?.f;
      return sync((env) => {
        const s = sf ? sf(env) : undefined;
        for (const w of ws) if (hit(s, w.when(env))) return w.then(env);
        return ef ? ef(env) : undefined;
      });
    }
    return {
      a: true,
      f: async (env) => {
        const s = subject ? await subject.f(env) : undefined;
        for (const w of whens) if (hit(s, await w.when.f(env))) return w.then.f(env);
        return otherwise ? otherwise.f(env) : undefined;
      },
    };
  }

  private call(e: Extract<Expr, { type: 'call' }>): Compiled {
    const name = e.name.toLowerCase();
    if (e.module !== undefined && e.module !== FUNC_MODULE) {
      const loaded = e.module.startsWith(FUNC_MODULE) || e.module.startsWith('EmqxRuleFuncs');
      throw new RuleSqlCompileError(
        `SQL function module "${e.module}" is not ${loaded ? 'available on this node' : 'allowed'} (line ${e.line}, column ${e.column}); only ${FUNC_MODULE} is`,
        loaded ? 'sql_function_provider_module_not_loaded' : 'sql_function_provider_module_not_allowed',
        e.line,
        e.column,
        e.offset,
      );
    }
    const args = all(e.args.map((a) => this.compile(a)));
    const entry = this.funcs.get(name);
    if (!entry) {
      if ((name === 'div' || name === 'mod') && e.args.length === 2) {
        return map1({ a: args.a, f: args.f }, (vs) => arith(name, (vs as unknown[])[0], (vs as unknown[])[1]));
      }
      throw new RuleSqlCompileError(`Unknown SQL function "${e.name}" (line ${e.line}, column ${e.column})`, 'sql_function_not_supported', e.line, e.column, e.offset);
    }
    const fn = entry.fn;
    const argsF = args.f;
    if (entry.async) {
      this.usesAsync = true;
      return {
        a: true,
        f: async (env) => {
          const vs = args.a ? await argsF(env) : (argsF(env) as unknown[]);
          try {
            return await fn(vs, env.ctx);
          } catch (err) {
            // an asynchronous function (jq) fails while running, not on its arguments: keep its message
            throw err instanceof SqlEvalError ? err : new SqlEvalError(messageOf(err), `${name}(): ${messageOf(err)}`);
          }
        },
      };
    }
    if (!args.a) {
      return {
        a: false,
        f: (env) => {
          const vs = argsF(env) as unknown[];
          try {
            return fn(vs, env.ctx);
          } catch (err) {
            throw callError(name, vs, err);
          }
        },
      };
    }
    return {
      a: true,
      f: async (env) => {
        const vs = await argsF(env);
        try {
          return fn(vs, env.ctx);
        } catch (err) {
          throw callError(name, vs, err);
        }
      },
    };
  }
}

/**
 * A function that refused its arguments fails the clause the way EMQX reports a function_clause:
 * `{reason: bad_sql_function_argument, arguments, function_name}`; its own sentence goes to `detail`.
 */
function callError(name: string, args: unknown[], err: unknown): SqlEvalError {
  if (err instanceof SqlEvalError) return err;
  const message = messageOf(err);
  if (err instanceof RuleFunctionError) {
    return new SqlEvalError({ reason: 'bad_sql_function_argument', arguments: args, function_name: name }, `${name}(): ${message}`);
  }
  return new SqlEvalError(message, `${name}(): ${message}`);
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Where a field's value goes when it has no AS: EMQX's alias/2. */
export function implicitTarget(e: Expr, index: number): VarOrPath {
  switch (e.type) {
    case 'var':
    case 'path':
      return e;
    case 'get_range':
      return e.of;
    case 'const':
      if (typeof e.value === 'string') return { type: 'var', name: e.value };
      return ephemeral('const', String(e.value), index);
    case 'list':
      return ephemeral('list', String(e.items.length), index);
    case 'range':
      return ephemeral('range', `{${e.begin},${e.end}}`, index);
    case 'binary':
    case 'compare':
      return ephemeral('op', `'${e.op}'`, index);
    case 'case':
      return ephemeral('case', e.subject ? 'switch' : '<<>>', index);
    case 'call':
      return ephemeral('fun', e.name, index);
    default:
      return ephemeral('unknown', 'unknown', index);
  }
}

// EMQX names an unnamed computed field `_v_<kind>_<what>_<time>`
const stamp = (): bigint => process.hrtime.bigint();
function ephemeral(kind: string, what: string, index: number): VarOrPath {
  return { type: 'var', name: `_v_${kind}_${what}_${stamp() + BigInt(index)}` };
}
