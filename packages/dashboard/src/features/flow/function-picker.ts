// The Data Processing node's function picker (EMQX's FunctionForm: Field, Transform, Alias and the function's
// parameters). The functions are the console's catalogue (RULE_FUNCTIONS of @mqdeck/api, grouped as the function
// reference groups them), those taking arguments as EMQX's picker lists them; each argument's type comes from its
// name in the catalogue (EMQX's RuleFunc.json types: string, number, integer, enum with its values, any, map, array,
// binary). A row writes `fn(arg1, arg2) as alias` as EMQX's getExpressionFromFunctionItem does: the row's field
// as it is, string and enum arguments quoted, numbers as numbers, other arguments (a field, a map…) as typed.
import { RULE_FUNCTIONS, RULE_FUNCTION_GROUPS, type RuleFunctionDoc } from '@mqdeck/api';
import { splitTopLevel } from './flow.sql';

export type ArgType = 'string' | 'number' | 'integer' | 'float' | 'enum' | 'any' | 'map' | 'array' | 'binary';

export interface ArgSpec {
  /** the catalogue's name without its `?` or `...` */
  name: string;
  type: ArgType;
  required: boolean;
  /** an enum's values */
  options?: string[];
}

const TIME_UNITS = ['second', 'millisecond', 'microsecond', 'nanosecond'];

/** Enum arguments, by function then argument name (EMQX's optionalValues, and the server's accepted values). */
const ENUMS: Record<string, Record<string, string[]>> = {
  split: { Mode: ['notrim', 'leading', 'leading_notrim', 'trailing', 'trailing_notrim'] },
  tokens: { "'nocrlf'": ['nocrlf'] },
  pad: { Direction: ['trailing', 'leading', 'both'] },
  find: { Direction: ['leading', 'trailing'] },
  replace: { Where: ['all', 'leading', 'trailing'] },
  hash: { Algorithm: ['md4', 'md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] },
  subbits: { Type: ['integer', 'float', 'bits'], Signedness: ['unsigned', 'signed'], Endianness: ['big', 'little'] },
  format_date: { Unit: TIME_UNITS },
  date_to_unix_ts: { Unit: TIME_UNITS },
  now_timestamp: { Unit: TIME_UNITS },
  now_rfc3339: { Unit: TIME_UNITS },
  unix_ts_to_rfc3339: { Unit: TIME_UNITS },
  rfc3339_to_unix_ts: { Unit: TIME_UNITS },
  mongo_date: { Unit: TIME_UNITS },
};

const STRING_ARGS = new Set([
  'String',
  'String1',
  'String2',
  'Search',
  'Replacement',
  'Separator',
  'Separators',
  'Prefix',
  'Char',
  'Chars',
  'Regex',
  'Format',
  'Offset',
  'Padding',
  'Name',
  'Key',
  'Topic',
  'Filter',
  'DateTime',
  'Date',
  'HexStr',
  'Base64',
  'Json',
  'Program',
  'SchemaName',
  'RegistryName',
  'Subject',
  'SchemaId',
  'MessageType',
  'Path',
]);
const INTEGER_ARGS = new Set(['Length', 'Start', 'N', 'Timestamp', 'Decimals', 'Precision', 'QoS', 'TimeoutMs']);
const ARRAY_ARGS = new Set(['Array', 'TopicFilters']);
const MAP_ARGS = new Set(['Map', 'DataOrMap']);
const BINARY_ARGS = new Set(['Bin', 'Binary', 'Data']);

function typeOf(doc: RuleFunctionDoc, name: string): ArgType {
  if (ENUMS[doc.name]?.[name]) return 'enum';
  if (name === 'X' || name === 'Y') return doc.group === 'mathematical' ? 'number' : doc.group === 'bit' ? 'integer' : 'any';
  if (name === 'Float') return 'float';
  if (STRING_ARGS.has(name)) return 'string';
  if (INTEGER_ARGS.has(name)) return 'integer';
  if (ARRAY_ARGS.has(name)) return 'array';
  if (MAP_ARGS.has(name)) return 'map';
  if (BINARY_ARGS.has(name)) return 'binary';
  return 'any';
}

/** The arguments of a catalogue function with their types. */
export function argSpecs(doc: RuleFunctionDoc): ArgSpec[] {
  return doc.args.map((raw) => {
    const required = !raw.endsWith('?');
    const name = raw.replace(/\?$/, '').replace(/\.\.\.$/, '');
    const type = typeOf(doc, name);
    return { name, type, required, ...(type === 'enum' ? { options: ENUMS[doc.name][name] } : {}) };
  });
}

/** The functions of the picker: those taking arguments (as EMQX lists them), in the reference's groups and order. */
export const PICKER_GROUPS: Array<{ id: string; functions: RuleFunctionDoc[] }> = RULE_FUNCTION_GROUPS.map((g) => ({
  id: g.id as string,
  functions: RULE_FUNCTIONS.filter((f) => f.group === g.id && f.args.length > 0 && !f.args.some((a) => a.endsWith('...'))),
})).filter((g) => g.functions.length > 0);

const BY_NAME = new Map(PICKER_GROUPS.flatMap((g) => g.functions.map((f) => [f.name, f] as const)));

export const pickerFunction = (name: string | undefined): RuleFunctionDoc | undefined => (name ? BY_NAME.get(name) : undefined);

/** Which argument takes the row's field (EMQX's getArgIndex): a string function's string, a map's map, a time's timestamp… */
export function mainArgIndex(doc: RuleFunctionDoc): number {
  const specs = argSpecs(doc);
  const main: Partial<Record<string, ArgType>> = { string: 'string', map: 'map', array: 'array' };
  let i = -1;
  if (main[doc.group]) i = specs.findIndex((s) => s.type === main[doc.group]);
  else if (doc.group === 'date-time') i = specs.findIndex((s) => /timestamp|date/i.test(s.name));
  // else the first that is not a choice of values (hash's Data, not its Algorithm)
  if (i < 0) i = specs.findIndex((s) => s.type !== 'enum');
  return i < 0 ? 0 : i;
}

const isNumber = (v: string) => /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v.trim());
const quote = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** One argument as SQL (EMQX's rule): the field as it is, string and enum values quoted, numbers as numbers. */
function argSql(spec: ArgSpec | undefined, value: string, isField: boolean): string {
  if (isField || !spec) return value.trim();
  if (spec.type === 'string' || spec.type === 'enum') return quote(value);
  if ((spec.type === 'number' || spec.type === 'integer' || spec.type === 'float') && isNumber(value)) return value.trim();
  return value.trim();
}

/** `fn(args)` of a row: the field in the main argument, empty optional arguments left out (EMQX's overloads). */
export function callText(name: string, field: string, args: readonly (string | undefined)[]): string {
  const doc = pickerFunction(name);
  if (!doc) return field;
  const specs = argSpecs(doc);
  const main = mainArgIndex(doc);
  const parts = specs.flatMap((spec, i) => {
    const value = i === main ? field : (args[i] ?? '');
    if (!value.trim() && i !== main) return [];
    return [argSql(spec, value, i === main)];
  });
  return `${doc.name}(${parts.join(', ')})`;
}

/** A row of the picker: the field (or any expression when no function is picked), the function and its arguments. */
export interface PickerRow {
  expression: string;
  fn?: string;
  args?: string[];
}

const unquote = (v: string): string | undefined => {
  const m = /^'((?:[^'\\]|\\.)*)'$/s.exec(v.trim()) ?? /^"((?:[^"\\]|\\.)*)"$/s.exec(v.trim());
  return m ? m[1].replace(/\\(.)/g, '$1') : undefined;
};

/**
 * The picker row of an expression: `fn(…)` of a picker function whose arguments it can hold again as they are
 * (the main one a field or expression, strings and enums quoted, every one filled); else the expression alone.
 */
export function rowOf(expression: string): PickerRow {
  const plain = { expression };
  const m = /^([a-z_][a-z0-9_]*)\s*\(([\s\S]*)\)$/i.exec(expression.trim());
  const doc = m ? pickerFunction(m[1].toLowerCase()) : undefined;
  if (!m || !doc) return plain;
  // the parentheses must be this call's own: `f(a) + g(b)` is not one call
  const inner = m[2];
  let depth = 0;
  for (const ch of inner.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, '')) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    if (depth < 0) return plain;
  }
  const given = inner.trim() ? splitTopLevel(inner) : [];
  const specs = argSpecs(doc);
  // arguments are matched in order: one call of a shorter overload (sublist(2, a)) would shift them
  if (given.length !== specs.length && !(given.length < specs.length && specs.slice(given.length).every((s) => !s.required))) return plain;
  const main = mainArgIndex(doc);
  if (main >= given.length) return plain;
  const args: string[] = [];
  for (let i = 0; i < given.length; i++) {
    if (i === main) {
      args.push('');
      continue;
    }
    const spec = specs[i];
    const text = unquote(given[i]);
    if (spec.type === 'string' || spec.type === 'enum') {
      if (text === undefined) return plain;
      args.push(text);
    } else if (text !== undefined) return plain;
    else args.push(given[i]);
  }
  const row = { expression: given[main], fn: doc.name, args };
  // what the row writes must be what was read, or the form would change the rule
  return callText(row.fn, row.expression, row.args).replace(/\s+/g, '') === expression.trim().replace(/\s+/g, '') ? row : plain;
}

/** The expression a row writes. */
export const rowExpression = (row: PickerRow): string => (row.fn && pickerFunction(row.fn) ? callText(row.fn, row.expression.trim(), row.args ?? []) : row.expression.trim());
