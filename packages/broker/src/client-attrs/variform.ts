// EMQX's "variform" expressions (mqtt.client_attrs_init[].expression): one function call with nested calls as
// arguments, or a variable reference, e.g. `nth(1, tokens(clientid, '.'))`. Same grammar as EMQX 5.8: identifiers
// [a-zA-Z][-a-zA-Z0-9_.]*, 'single' or "double" quoted strings without escapes, integers, true/false, and
// [arrays] as call arguments. A bare literal is not an expression. Functions are in ./functions.ts.
import { functionNamed, SPECIAL_FORMS, VariformError, isEmpty, type Value } from './functions';

export type Form =
  | { t: 'call'; name: string; args: Form[] }
  | { t: 'var'; name: string }
  | { t: 'str'; v: string }
  | { t: 'int'; v: number }
  | { t: 'bool'; v: boolean }
  | { t: 'array'; items: Form[] };

type Token = { k: 'id' | 'str' | 'int' | 'bool' | '(' | ')' | '[' | ']' | ','; text: string };

function scan(expr: string): Token[] {
  const tokens: Token[] = [];
  const re = /[ \t\n]+|(true|false)(?![-a-zA-Z0-9_.])|([a-zA-Z][-a-zA-Z0-9_.]*)|'([^']*)'|"([^"]*)"|([+-]?[0-9]+)|([()[\],])/y;
  let at = 0;
  while (at < expr.length) {
    re.lastIndex = at;
    const m = re.exec(expr);
    if (!m) throw new VariformError(`illegal characters: ${JSON.stringify(expr.slice(at, at + 10))}`);
    at = re.lastIndex;
    if (m[1] !== undefined) tokens.push({ k: 'bool', text: m[1] });
    else if (m[2] !== undefined) tokens.push({ k: 'id', text: m[2] });
    else if (m[3] !== undefined) tokens.push({ k: 'str', text: m[3] });
    else if (m[4] !== undefined) tokens.push({ k: 'str', text: m[4] });
    else if (m[5] !== undefined) tokens.push({ k: 'int', text: m[5] });
    else if (m[6] !== undefined) tokens.push({ k: m[6] as Token['k'], text: m[6] });
  }
  return tokens;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private fail(): never {
    const t = this.peek();
    throw new VariformError(t ? `syntax error before: ${t.k === 'str' ? `'${t.text}'` : t.text}` : 'syntax error before: end of expression');
  }

  private expect(k: Token['k']): void {
    if (this.peek()?.k !== k) this.fail();
    this.i++;
  }

  top(): Form {
    const form = this.expr();
    if (this.i < this.tokens.length) this.fail();
    return form;
  }

  private expr(): Form {
    const t = this.peek();
    if (t?.k === 'bool') {
      this.i++;
      return { t: 'bool', v: t.text === 'true' };
    }
    if (t?.k !== 'id') this.fail();
    this.i++;
    if (this.peek()?.k !== '(') return { t: 'var', name: t.text };
    this.i++;
    const args = this.peek()?.k === ')' ? [] : this.args();
    this.expect(')');
    return { t: 'call', name: t.text, args };
  }

  private args(): Form[] {
    const out = [this.arg()];
    while (this.peek()?.k === ',') {
      this.i++;
      out.push(this.arg());
    }
    return out;
  }

  private arg(): Form {
    const t = this.peek();
    switch (t?.k) {
      case '[': {
        this.i++;
        const items = this.args();
        this.expect(']');
        return { t: 'array', items };
      }
      case 'int':
        this.i++;
        return { t: 'int', v: Number(t.text) };
      case 'str':
        this.i++;
        return { t: 'str', v: t.text };
      default:
        return this.expr();
    }
  }
}

/** the function a call names: `f` or `emqx_variform_bif.f`; other modules (lists., maps.) are not provided */
function functionName(name: string): string {
  const parts = name.split('.');
  if (parts.length === 1) return name;
  if (parts.length === 2 && parts[0] === 'emqx_variform_bif') return parts[1];
  if (parts.length === 2) throw new VariformError(`function ${name} is not supported by this node (only the emqx_variform_bif functions are)`);
  throw new VariformError(`invalid function reference: ${name}`);
}

/**
 * Functions a user of the language adds by their exact names (message transformation's json_encode/json_decode,
 * EMQX's emqx_message_transformation_bif, injected as an allowed module); they are looked up before the built-ins.
 */
export type ExtraFunctions = Readonly<Record<string, { arity: number[]; call: (...args: Value[]) => Value }>>;

/** unknown functions and wrong argument counts are refused when the expression is configured, not per client */
function checkCalls(form: Form, extra: ExtraFunctions = {}): void {
  if (form.t === 'array') form.items.forEach((f) => checkCalls(f, extra));
  if (form.t !== 'call') return;
  const own = Object.hasOwn(extra, form.name) ? extra[form.name] : undefined;
  if (own) {
    if (!own.arity.includes(form.args.length)) throw new VariformError(`function ${form.name} takes ${own.arity.join(' or ')} argument(s), got ${form.args.length}`);
    form.args.forEach((f) => checkCalls(f, extra));
    return;
  }
  const name = functionName(form.name);
  if (!SPECIAL_FORMS.has(name)) {
    const fn = functionNamed(name);
    if (!fn) throw new VariformError(`unknown function: ${name}`);
    if (fn === 'unsupported') throw new VariformError(`function ${name} is not supported by this node`);
    if (!fn.arity.includes(form.args.length)) {
      throw new VariformError(`function ${name} takes ${fn.arity.join(' or ')} argument(s), got ${form.args.length}`);
    }
  } else if ((name === 'iif' && form.args.length !== 3) || (name === 'is_empty' && form.args.length !== 1)) {
    throw new VariformError(`function ${name} takes ${name === 'iif' ? 3 : 1} argument(s), got ${form.args.length}`);
  }
  form.args.forEach((f) => checkCalls(f, extra));
}

export type Compiled = { expr: string; form: Form; extra?: ExtraFunctions };

/** parse and check an expression; throws VariformError with the reason */
export function compileVariform(expr: string, extra?: ExtraFunctions): Compiled {
  const form = new Parser(scan(expr)).top();
  checkCalls(form, extra);
  return { expr, form, extra };
}

/** the reason an expression cannot be used, or undefined when it compiles */
export function variformError(expr: string): string | undefined {
  try {
    compileVariform(expr);
    return undefined;
  } catch (err) {
    if (err instanceof VariformError) return err.message;
    throw err;
  }
}

export type Bindings = { [name: string]: Value };

class Unbound extends VariformError {}

function lookup(name: string, bindings: Bindings): Value {
  let v: Value = bindings;
  for (const key of name.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, key)) throw new Unbound(`variable ${name} is not bound`);
    v = v[key];
  }
  return v;
}

/** evaluating a variable that is not bound yields '' inside coalesce/iif/is_empty (EMQX's try_eval) */
function tryEval(form: Form, b: Bindings, x: ExtraFunctions): Value {
  try {
    return evaluate(form, b, x);
  } catch (err) {
    if (err instanceof Unbound) return '';
    throw err;
  }
}

function coalesce(args: Form[], b: Bindings, x: ExtraFunctions): Value {
  if (args.length === 1 && args[0].t !== 'array') {
    const v = tryEval(args[0], b, x);
    if (Array.isArray(v)) return v.find((x) => !isEmpty(x)) ?? '';
    if (v === '') return '';
    throw new VariformError('coalesce: the argument did not yield an array');
  }
  const items = args.length === 1 && args[0].t === 'array' ? args[0].items : args;
  for (const item of items) {
    const v = tryEval(item, b, x);
    if (!isEmpty(v)) return v;
  }
  return '';
}

function evaluate(form: Form, b: Bindings, x: ExtraFunctions): Value {
  switch (form.t) {
    case 'str':
    case 'int':
    case 'bool':
      return form.v;
    case 'array':
      return form.items.map((f) => evaluate(f, b, x));
    case 'var':
      return lookup(form.name, b);
    case 'call': {
      const own = Object.hasOwn(x, form.name) ? x[form.name] : undefined;
      if (own) return own.call(...form.args.map((f) => evaluate(f, b, x)));
      const name = functionName(form.name);
      if (name === 'coalesce') return coalesce(form.args, b, x);
      if (name === 'is_empty') return isEmpty(tryEval(form.args[0], b, x));
      if (name === 'iif') {
        const cond = tryEval(form.args[0], b, x);
        return evaluate(cond === true || (cond !== false && !isEmpty(cond)) ? form.args[1] : form.args[2], b, x);
      }
      const fn = functionNamed(name);
      if (!fn || fn === 'unsupported') throw new VariformError(`unknown function: ${name}`);
      return fn.call(...form.args.map((f) => evaluate(f, b, x)));
    }
  }
}

/** the expression's value as it is (EMQX's render with eval_as_string = false); throws VariformError */
export function evaluateVariform(compiled: Compiled, bindings: Bindings): Value {
  return evaluate(compiled.form, bindings, compiled.extra ?? {});
}

/** the expression's value as text; throws VariformError (unbound variable, bad argument, non-text result) */
export function renderVariform(compiled: Compiled, bindings: Bindings): string {
  const v = evaluateVariform(compiled, bindings);
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return String(v);
  if (v === null) return 'undefined';
  throw new VariformError(`expected a string result, got ${JSON.stringify(v)}`);
}
