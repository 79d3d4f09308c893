// Binary values in a table file: a Buffer (a retained payload, MQTT 5 correlation data) is written as
// {"$base64": "..."} and read back as a Buffer; everything else is plain JSON.

export function toJsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, toJsonValue(v)]),
    );
  }
  return value;
}

export function fromJsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map(fromJsonValue);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0][0] === '$base64' && typeof entries[0][1] === 'string') return Buffer.from(entries[0][1], 'base64');
    return Object.fromEntries(entries.map(([k, v]) => [k, fromJsonValue(v)]));
  }
  return value;
}
