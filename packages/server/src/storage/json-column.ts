// JSON columns hold what this node wrote (JSON.stringify of a T), so reading one back trusts that type: the one
// assertion lives here instead of one per column. Values from outside (requests, files) are checked where they arrive.
export function readJson<T>(text: string, reviver?: (key: string, value: unknown) => unknown): T {
  return JSON.parse(text, reviver) as T;
}

// Message properties hold one Buffer (correlation data), which JSON would turn into {type, data: [bytes]}: it is kept
// as {[tag]: base64}. The tag is part of each table's stored format ('$b64'; the retained table wrote '$base64').
const DEFAULT_TAG = '$b64';

/** JSON text of `value` with every Buffer kept as `{[tag]: base64}` */
export function writeJson(value: unknown, tag = DEFAULT_TAG): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    const raw = this[key]; // before Buffer#toJSON ran
    return Buffer.isBuffer(raw) ? { [tag]: raw.toString('base64') } : v;
  });
}

/** reviver for `readJson` that turns `{[tag]: base64}` back into a Buffer */
export function reviveBuffers(tag = DEFAULT_TAG): (key: string, value: unknown) => unknown {
  return (_key, value) => {
    if (!value || typeof value !== 'object' || !(tag in value)) return value;
    const text: unknown = Reflect.get(value, tag);
    return typeof text === 'string' ? Buffer.from(text, 'base64') : value;
  };
}
