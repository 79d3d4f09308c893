// JSON as EMQX's emqx_utils_json does it (jiffy with force_utf8 and return_maps), for json_encode/json_decode,
// jq's input and anything else that must write a rule value as EMQX would.
// - Output is compact (no spaces). Strings keep non-ASCII characters as UTF-8 and do not escape "/".
// - A binary that is not valid UTF-8 is written with U+FFFD for the bad bytes (force_utf8).
// - `undefined` (a missing column) is an atom in EMQX and jiffy writes atoms as strings: "undefined".
// - A map's keys come out in the reverse of Erlang's map order: jiffy walks the map from its head and stacks the
//   pairs, so a map of up to 32 keys (an Erlang flatmap, kept sorted by the keys' bytes) is written with its keys
//   in descending byte order — `#{key => 1, value => 2}` is `{"value":2,"key":1}`, as EMQX's own join_to_string
//   test shows. A larger map is a hash map in Erlang with no order to copy, so it keeps the JS insertion order.
import { BitString, fail } from './values';

const FLATMAP_MAX = 32;

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** keys in byte order: ASCII keys (nearly all) compare as JS strings without making a Buffer each */
function byteOrder(a: string, b: string): number {
  if (isAscii(a) && isAscii(b)) return a < b ? -1 : a > b ? 1 : 0;
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
    if (keys.length <= FLATMAP_MAX) keys.sort((a, b) => byteOrder(b, a));
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
