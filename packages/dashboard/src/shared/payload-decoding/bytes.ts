// Byte helpers of every payload view (PayloadViewer re-exports them for the screens that format payloads themselves).

export function decodeBase64(b64: string): Uint8Array | null {
  try {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

export function toText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** True when the bytes are valid UTF-8 (a binary payload decoded as text shows '��'). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    // stream: a display cut at a size limit may end inside a character without making the payload binary
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The view a payload opens in, everywhere a payload is shown (this viewer, the WebSocket client's message list):
 * Hex when the bytes are not valid UTF-8, the preferred view otherwise.
 */
export function payloadModeFor<M extends string>(bytes: Uint8Array | null, preferred: M): M | 'hex' {
  return bytes && bytes.length > 0 && !isUtf8(bytes) ? 'hex' : preferred;
}

/** Pretty JSON, or null when the text is not JSON. */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 1) bin += String.fromCharCode(bytes[i]);
  return btoa(bin);
}
