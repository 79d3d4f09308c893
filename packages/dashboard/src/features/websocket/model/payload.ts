// Payload decoding for display: UTF-8 text, pretty JSON when the text is JSON, or hex.

const decoder = new TextDecoder('utf-8', { fatal: false });

export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    out += (i ? ' ' : '') + bytes[i].toString(16).padStart(2, '0');
  }
  return out;
}

/** Pretty-printed JSON for objects and arrays; anything else (including bare numbers and strings) stays as it is. */
export function prettyJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return undefined;
  }
}

export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export type PayloadView = 'text' | 'hex';

/** What the message list shows for one payload. */
export function formatPayload(bytes: Uint8Array, view: PayloadView): { text: string; json: boolean } {
  if (view === 'hex') return { text: toHex(bytes), json: false };
  const text = decodeText(bytes);
  const pretty = prettyJson(text);
  return pretty === undefined ? { text, json: false } : { text: pretty, json: true };
}
