// JSON as EMQX's emqx_utils_json does it (jiffy with force_utf8 and return_maps), for json_encode/json_decode,
// jq's input and anything else that must write a rule value as EMQX would.
// - Output is compact (no spaces). Strings keep non-ASCII characters as UTF-8 and do not escape "/".
// - A binary that is not valid UTF-8 is written with U+FFFD for the bad bytes (force_utf8).
// - `undefined` (a missing column) is an atom in EMQX and jiffy writes atoms as strings: "undefined".
// - A map's keys come out in Erlang's map order: sorted by their bytes for maps of up to 32 keys (Erlang's
//   flatmaps); a larger map is a hash map in Erlang with no order to copy, so it keeps the JS insertion order.
import { BitString, fail } from './values';

const FLATMAP_MAX = 32;

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** EMQX's JSON text for a rule value; fails (values.ts) for values JSON cannot hold. */
export function jsonEncode(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return '"undefined"';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) return fail(`${String(value)} cannot be written as JSON`);
      return JSON.stringify(value);
    default:
      break;
  }
  if (Buffer.isBuffer(value)) return JSON.stringify(value.toString('utf8'));
  if (value instanceof BitString) return fail('a bitstring that is not whole bytes cannot be written as JSON');
  if (Array.isArray(value)) return `[${value.map((item) => jsonEncode(item)).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length <= FLATMAP_MAX) keys.sort(byteOrder);
    const record = value as Record<string, unknown>;
    return `{${keys.map((k) => `${JSON.stringify(k)}:${jsonEncode(record[k])}`).join(',')}}`;
  }
  return fail(`a ${typeof value} cannot be written as JSON`);
}

/** A JSON text (string or UTF-8 bytes) decoded as EMQX does: objects → maps, null → null. */
export function jsonDecode(value: unknown): unknown {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (Buffer.isBuffer(value)) text = value.toString('utf8');
  else return fail('the argument must be a JSON string');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return fail(`the argument is not valid JSON (${reason})`);
  }
}
