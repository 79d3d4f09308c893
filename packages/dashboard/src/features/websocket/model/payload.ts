// Payload formatting for the message list: UTF-8 text, pretty JSON when the text is a JSON object or array, or hex.
import { payloadModeFor, prettyJson as prettyAnyJson, toHex, toText } from '../../../shared/PayloadViewer';

export { toHex };

/** Pretty-printed JSON for objects and arrays only: a bare number or string payload stays as sent. */
export function prettyJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  return prettyAnyJson(trimmed) ?? undefined;
}

export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const decodeText = toText;

export type PayloadView = 'text' | 'hex';

/** `hex` is true when the payload is shown as hex: asked for, or (shared rule) not valid UTF-8 in the text view. */
export function formatPayload(bytes: Uint8Array, view: PayloadView): { text: string; json: boolean; hex: boolean } {
  if (payloadModeFor(bytes, view) === 'hex') return { text: toHex(bytes), json: false, hex: true };
  const text = toText(bytes);
  const pretty = prettyJson(text);
  return pretty === undefined ? { text, json: false, hex: false } : { text: pretty, json: true, hex: false };
}
