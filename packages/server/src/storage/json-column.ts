// JSON columns hold what this node wrote (JSON.stringify of a T), so reading one back trusts that type: the one
// assertion lives here instead of one per column. Values from outside (requests, files) are checked where they arrive.
export function readJson<T>(text: string, reviver?: (key: string, value: unknown) => unknown): T {
  return JSON.parse(text, reviver) as T;
}

/** reviver for columns that keep a Buffer (message correlation data) as {"$b64": "..."} */
export const reviveB64 = (_key: string, value: unknown): unknown => (value && typeof value === 'object' && '$b64' in value ? Buffer.from(String(value.$b64), 'base64') : value);
