// HOCON text → plain object, for `PUT /configs` (text/plain body). Covers what EMQX's config text uses: objects with
// or without braces, `=` / `:` / no separator before `{`, dotted keys, quoted, triple-quoted and unquoted strings
// (`60s`, `80%`, `32MB`), numbers, booleans, null, arrays, `#` and `//` comments, commas or newlines between fields,
// and a repeated key merging objects (a later value wins otherwise).
// Not accepted, with a 400 naming the line: substitutions `${…}`, `include`, `+=`. An API body must not read the
// node's environment, files or URLs, which is why no npm HOCON library is used (see the commit that added this file).

/**
 * EMQX's hocon:binary/1 errors: `scan_error` (a character its scanner has no token for: anything outside quotes
 * that is not ASCII) or `parse_error` (tokens in the wrong order), with the line; PUT /configs answers them as
 * `{"errors": {"line", "reason", "type"}}`.
 */
export class HoconError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly type: 'parse_error' | 'scan_error' = 'parse_error',
  ) {
    super(message);
  }
}

/** the first character outside quoted strings and comments that EMQX's scanner refuses (non-ASCII), if any */
function scanError(text: string): HoconError | undefined {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      if (end < 0) return undefined; // the parser names the open string
      for (let j = i; j < end; j++) if (text[j] === '\n') line++;
      i = end + 2;
    } else if (c === '"') {
      for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      if (text[i] === '\n') line++;
    } else if (c > '\x7e' && !['\uFEFF', '\u00A0', '\u2028', '\u2029'].includes(c)) {
      const word = /^[^\s,{}[\]:="#]+/.exec(text.slice(i))?.[0] ?? c;
      return new HoconError(`illegal characters ${JSON.stringify(word)} at line ${line}`, line, 'scan_error');
    }
  }
  return undefined;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** later value over earlier: objects merge key by key, anything else replaces */
function mergeValue(earlier: unknown, later: unknown): unknown {
  return isObj(earlier) && isObj(later) ? mergeObjects(earlier, later) : later;
}

function mergeObjects(earlier: Obj, later: Obj): Obj {
  const out: Obj = { ...earlier };
  for (const [k, v] of Object.entries(later)) out[k] = k in out ? mergeValue(out[k], v) : v;
  return out;
}

// characters that end an unquoted key (HOCON's forbidden set, plus the separators)
const KEY_STOP = new Set([...'$"{}[]:=,+#`^?!@*&\\', ' ', '\t', '\n', '\r', '.']);
// an unquoted value runs to the end of the line, a comma, a closing bracket or a comment
const VALUE_STOP = new Set([',', '}', ']', '\n', '\r', '#', '{', '[', '"']);
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

class Parser {
  private i = 0;
  constructor(private readonly text: string) {}

  private where(at = this.i): string {
    const before = this.text.slice(0, at);
    const line = before.split('\n').length;
    const col = at - before.lastIndexOf('\n');
    return `line ${line}, column ${col}`;
  }

  private fail(message: string, at = this.i): never {
    throw new HoconError(`${message} at ${this.where(at)}`, this.text.slice(0, at).split('\n').length);
  }

  private peek(offset = 0): string {
    return this.text[this.i + offset] ?? '';
  }

  /** skips spaces, tabs and comments; newlines too when `newlines` */
  private skip(newlines: boolean): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r' || c === '\uFEFF' || (newlines && c === '\n')) this.i++;
      else if (c === '#' || (c === '/' && this.peek(1) === '/')) {
        while (this.i < this.text.length && this.peek() !== '\n') this.i++;
      } else return;
    }
  }

  parseRoot(): Obj {
    this.skip(true);
    let root: Obj;
    if (this.peek() === '{') {
      this.i++;
      root = this.fields('}');
      this.i++;
    } else root = this.fields('');
    this.skip(true);
    if (this.i < this.text.length) this.fail(`unexpected '${this.peek()}'`);
    return root;
  }

  /** fields up to `close` ('}' or the end of the text for ''); leaves the closing brace unread */
  private fields(close: '}' | ''): Obj {
    let obj: Obj = {};
    for (;;) {
      this.skip(true);
      if (this.i >= this.text.length) {
        if (close) this.fail(`missing '${close}'`);
        return obj;
      }
      if (this.peek() === close) return obj;
      if (this.peek() === ',') this.fail("unexpected ','");
      const start = this.i;
      const path = this.keyPath();
      if (path.length === 1 && path[0] === 'include' && this.text.slice(start, this.i) === 'include') this.fail('include is not supported', start);
      this.skip(false);
      let value: unknown;
      const c = this.peek();
      if (c === '{') value = this.value();
      else if (c === '=' || c === ':') {
        this.i++;
        this.skip(true);
        value = this.value();
      } else if (c === '+' && this.peek(1) === '=') this.fail("'+=' is not supported");
      else this.fail(`expected '=', ':' or '{' after the key '${path.join('.')}'`);
      // a.b.c = v is {a: {b: {c: v}}}; keyPath() never answers an empty path
      let field: Obj = { [path[path.length - 1]]: value };
      for (let k = path.length - 2; k >= 0; k--) field = { [path[k]]: field };
      obj = mergeObjects(obj, field);
      // a field ends at a newline, a comma or the closing brace
      this.skip(false);
      const end = this.peek();
      if (end === ',' || end === '\n') this.i++;
      else if (end !== close && this.i < this.text.length) this.fail(`unexpected '${end}' after a value`);
    }
  }

  private keyPath(): string[] {
    const path: string[] = [];
    for (;;) {
      let key = '';
      if (this.peek() === '"') key = this.quoted();
      else {
        const start = this.i;
        while (this.i < this.text.length && !KEY_STOP.has(this.peek()) && !(this.peek() === '/' && this.peek(1) === '/')) this.i++;
        key = this.text.slice(start, this.i);
        if (key === '') this.fail(this.i >= this.text.length ? 'unexpected end of text, expected a key' : `unexpected '${this.peek()}', expected a key`);
      }
      path.push(key);
      if (this.peek() !== '.') return path;
      this.i++;
    }
  }

  private value(): unknown {
    const c = this.peek();
    if (c === '{') {
      this.i++;
      const obj = this.fields('}');
      this.i++;
      return obj;
    }
    if (c === '[') return this.array();
    if (c === '"') return this.text.startsWith('"""', this.i) ? this.tripleQuoted() : this.quoted();
    if (c === '$' && this.peek(1) === '{') this.fail('substitutions (${...}) are not supported');
    return this.unquoted();
  }

  private array(): unknown[] {
    this.i++; // [
    const out: unknown[] = [];
    for (;;) {
      this.skip(true);
      if (this.i >= this.text.length) this.fail("missing ']'");
      if (this.peek() === ']') {
        this.i++;
        return out;
      }
      out.push(this.value());
      this.skip(false);
      if (this.i >= this.text.length) this.fail("missing ']'");
      if (this.peek() === ',' || this.peek() === '\n') this.i++;
      else if (this.peek() !== ']') this.fail(`unexpected '${this.peek()}' in an array`);
    }
  }

  private quoted(): string {
    const start = this.i;
    this.i++; // opening quote
    let raw = '"';
    for (;;) {
      const c = this.peek();
      if (c === '' || c === '\n') this.fail('unterminated string', start);
      raw += c;
      this.i++;
      if (c === '\\') {
        raw += this.peek();
        this.i++;
      } else if (c === '"') break;
    }
    try {
      const text: string = JSON.parse(raw); // raw is one JSON string literal, quotes included
      return text;
    } catch {
      return this.fail('invalid escape in a string', start);
    }
  }

  private tripleQuoted(): string {
    const start = this.i;
    const end = this.text.indexOf('"""', this.i + 3);
    if (end < 0) this.fail('unterminated """ string', start);
    let stop = end + 3;
    while (this.text[stop] === '"') stop++; // extra quotes before the closing """ belong to the string
    this.i = stop;
    return this.text.slice(start + 3, stop - 3);
  }

  private unquoted(): unknown {
    const start = this.i;
    while (this.i < this.text.length && !VALUE_STOP.has(this.peek()) && !(this.peek() === '/' && this.peek(1) === '/')) {
      if (this.peek() === '$' && this.peek(1) === '{') this.fail('substitutions (${...}) are not supported');
      this.i++;
    }
    const text = this.text.slice(start, this.i).trim();
    if (text === '') this.fail('missing value', start);
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (text === 'null') return null;
    if (NUMBER.test(text)) return Number(text);
    return text;
  }
}

/** Parses HOCON text into a plain object; throws HoconError naming the line and column of the problem. */
export function parseHocon(text: string): Record<string, unknown> {
  const scan = scanError(text);
  if (scan) throw scan;
  return new Parser(text).parseRoot();
}
