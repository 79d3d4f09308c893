// EMQX's text of a refused HOCON check, for routes that answer it as EMQX does.
// emqx_dashboard_swagger:translate_req catches what hocon_tconf:check_plain throws and answers
// 400 {code: BAD_REQUEST, message: emqx_utils:readable_error_msg(Error)}: the first error map of hocon (the list when
// there are several), stack trace dropped, as JSON by emqx_logger_jsonfmt:best_effort_json(_, []), i.e. jiffy over
// Erlang maps, so the keys of every object come out in descending byte order
// (`{"value":…,"reason":…,"path":…,"kind":"validation_error"}`).

type Json = Record<string, unknown>;

/** One hocon error map: `kind` is added by hocon_tconf (validation_errs/2) next to the path and the reason. */
export interface HoconCheckError {
  path: string;
  reason?: unknown;
  value?: unknown;
  [key: string]: unknown;
}

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** jiffy's order for a small Erlang map: keys descending, at every depth; undefined values left out */
export function jiffyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jiffyOrder);
  if (!isObj(value)) return value;
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort((a, b) => Buffer.compare(Buffer.from(b), Buffer.from(a)));
  return Object.fromEntries(keys.map((k) => [k, jiffyOrder(value[k])]));
}

/** the error map as hocon builds it: `kind: validation_error` with the given keys */
export const validationError = (e: HoconCheckError): Json => ({ kind: 'validation_error', ...e });

/** readable_error_msg of hocon's thrown errors: the one map, or the list of them */
export function hoconMessage(errors: HoconCheckError | HoconCheckError[]): string {
  const list = (Array.isArray(errors) ? errors : [errors]).map(validationError);
  return JSON.stringify(jiffyOrder(list.length === 1 ? list[0] : list));
}

/** typerefl's name of an integer range: `1..3000`, `pos_integer()`, `non_neg_integer()`, `5..inf`, `-inf..9` */
export function rangeName(lo: number | undefined, hi: number | undefined): string {
  if (hi === undefined) return lo === 1 ? 'pos_integer()' : lo === 0 ? 'non_neg_integer()' : lo === undefined ? 'integer()' : `${lo}..inf`;
  return `${lo ?? '-inf'}..${hi}`;
}

/** typerefl's name of the type behind one of our config rules (emqx_schema's types) */
function typeName(rule: string): string {
  if (rule === 'int:0..2') return 'qos()'; // the one 0..2 integer of the config roots (max_qos_allowed)
  const range = /^int:(-?\d*)\.\.(-?\d*)$/.exec(rule);
  if (range) {
    const bound = (b: string) => (b === '' ? undefined : Number(b));
    return rangeName(bound(range[1]), bound(range[2]));
  }
  const known: Record<string, string> = {
    bool: 'boolean()',
    boolean: 'boolean()',
    string: 'string()',
    number: 'number()',
    object: 'map()',
    duration: 'emqx_schema:duration()',
    bytes: 'emqx_schema:bytesize()',
    percent: 'emqx_schema:percent()',
    rate: 'emqx_limiter_schema:rate()',
    time_offset: 'emqx_conf_schema:log_time_offset()',
  };
  return known[rule] ?? rule;
}

/**
 * hocon's refusal of a value an enum does not hold: hocon_schema_builtin:convert turns text of digits into an integer
 * and other text into an existing atom (`true`, `false`…), then check_enum_symbol refuses an atom or an integer with
 * `not_a_enum_symbol` and anything else (text, a float, a map) with `unable_to_convert_to_enum_symbol`; the value
 * reported is the converted one.
 */
export function enumRefusal(path: string, value: unknown): HoconCheckError {
  if (typeof value === 'string' && /^[-+]?\d+$/.test(value)) return { path, reason: 'not_a_enum_symbol', value: Number(value) };
  if (typeof value === 'string' && (value === 'true' || value === 'false')) return { path, reason: 'not_a_enum_symbol', value };
  const symbol = typeof value === 'boolean' || (typeof value === 'number' && Number.isInteger(value));
  return { path, reason: symbol ? 'not_a_enum_symbol' : 'unable_to_convert_to_enum_symbol', value };
}

/** fmt_field_names/1 of hocon_tconf: sorted, at most two, `,...` after; `none` for no name */
export function fieldNames(names: string[]): string {
  const sorted = [...names].sort();
  return sorted.length === 0 ? 'none' : sorted.slice(0, 2).join(',') + (sorted.length > 2 ? ',...' : '');
}

export interface RuleTextOptions {
  /** the value the request gave at a dotted path of ours (`alarm.size_limit`) */
  valueAt: (path: string) => unknown;
  /** the field names of the struct at a dotted path of ours, for `unmatched` (hocon lists the ones not given) */
  fieldsAt: (path: string) => string[] | undefined;
  /** our dotted path → the path hocon reports: `alarm.size_limit` → `root.size_limit` for PUT /configs/alarm */
  rename: (path: string) => string;
}

/**
 * Our config checks' texts (`<path>: expected <rule>, got <json>`, `<path>: unknown config key`, `<path>: <sentence>`)
 * as the error maps hocon_tconf throws for the same input: an unknown enum value is `unable_to_convert_to_enum_symbol`
 * (`not_a_enum_symbol` for digits or a boolean), a wrong type or a number out of range `{expected: "<type>"}` with
 * the value, an unknown key `unknown_fields` of its struct (`unknown`, `unmatched`), a missing one `required_field`,
 * a validator's refusal its sentence as the reason. Type names follow our rules (`1..3000`, `boolean()`,
 * `emqx_schema:duration()`); a union of types is named `a | b` (hocon would list each member's mismatch).
 */
export function fromRuleTexts(texts: readonly string[], opts: RuleTextOptions): HoconCheckError[] {
  const out: HoconCheckError[] = [];
  const unknownByParent = new Map<string, string[]>();
  // hocon checks a struct's fields in the schema's order, whose order our defaults keep: errors come out in it
  const rank = (text: string): number[] => {
    const segs = (/^([^\s:]+): /.exec(text)?.[1] ?? '').replace(/\[(\d+)\]/g, '.$1').split('.');
    return segs.map((seg, i) => {
      const at = opts.fieldsAt(segs.slice(0, i).join('.'))?.indexOf(seg) ?? -1;
      return at < 0 ? (/^\d+$/.test(seg) ? Number(seg) : Number.MAX_SAFE_INTEGER) : at;
    });
  };
  const byRank = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  };
  const sorted = texts.map((t) => [t, rank(t)] as const).sort((x, y) => byRank(x[1], y[1]));
  for (const [text] of sorted) {
    const m = /^([^\s:]+): ([\s\S]*)$/.exec(text);
    if (!m) {
      out.push({ path: opts.rename(''), reason: text });
      continue;
    }
    const [, path, said] = m;
    const value = opts.valueAt(path.replace(/\[(\d+)\]/g, '.$1'));
    // hocon names an array element by its 1-based index: `client_attrs_init.1.expression`
    const at = opts.rename(path).replace(/\[(\d+)\]/g, (_, i: string) => `.${Number(i) + 1}`);
    if (said === 'unknown config key') {
      const dot = path.lastIndexOf('.');
      const parent = dot < 0 ? '' : path.slice(0, dot);
      if (!unknownByParent.has(parent)) {
        unknownByParent.set(parent, []);
        out.push({ path: parent, reason: 'unknown_fields' }); // filled in below, in the order first met
      }
      unknownByParent.get(parent)!.push(path.slice(dot + 1));
      continue;
    }
    if (said === 'is required') {
      out.push({ path: at, reason: 'required_field' });
      continue;
    }
    const expected = /^expected ([\s\S]+?), got [\s\S]*$/.exec(said)?.[1];
    if (expected === undefined) {
      out.push({ path: at, reason: said, ...(value === undefined ? {} : { value }) });
      continue;
    }
    const alts = expected.split(' or ');
    const fromTo = /^an integer from (-?\d+) to (-?\d+)$/.exec(expected);
    if (fromTo) out.push({ path: at, reason: { expected: `${fromTo[1]}..${fromTo[2]}` }, value });
    else if (expected === 'an object') out.push({ path: at, reason: 'bad_value_for_struct', value });
    else if (expected === 'an array') out.push({ path: at, expected_data_type: 'array', got: typeof value === 'string' ? 'string' : value });
    else if (alts.length === 1 && alts[0].startsWith('enum:')) out.push(enumRefusal(at, value));
    else out.push({ path: at, reason: { expected: alts.map(typeName).join(' | ') }, value });
  }
  // one unknown_fields per struct, as check_unknown_fields reports them
  return out.map((e) => {
    if (e.reason !== 'unknown_fields' || e.unknown !== undefined) return e;
    const parent = e.path;
    const unknown = unknownByParent.get(parent) ?? [];
    const given = Object.keys((opts.valueAt(parent) as Record<string, unknown>) ?? {});
    const expected = (opts.fieldsAt(parent) ?? []).filter((f) => !given.includes(f));
    return { path: opts.rename(parent), reason: 'unknown_fields', unknown: fieldNames(unknown), unmatched: fieldNames(expected) };
  });
}
