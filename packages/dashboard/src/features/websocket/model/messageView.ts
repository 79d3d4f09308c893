// Display strings of a logged message, computed once per message and view and then reused: a row that scrolls
// back into the visible window (or re-renders with a new batch) never decodes, pretty-prints or hex-dumps again.
import { formatDateTime } from '../../../shared/format';
import { formatPayload } from './payload';
import type { PayloadView } from './payload';

export interface FormattedPayload {
  text: string;
  json: boolean;
  /** Shown as hex (the hex view, or a payload that is not valid UTF-8). */
  hex: boolean;
  /** Bytes left out of the display (the message itself is kept whole). */
  hiddenBytes: number;
}

/** A multi-megabyte payload would put megabytes of text (three times that as hex) into the page. */
export const MAX_SHOWN_BYTES = 64 * 1024;

interface Viewable {
  time: number;
  payload: Uint8Array;
}

interface Cached {
  time?: string;
  text?: FormattedPayload;
  hex?: FormattedPayload;
}

// Weak: entries go away with the messages the capped log drops.
const cache = new WeakMap<Viewable, Cached>();

function entry(m: Viewable): Cached {
  let e = cache.get(m);
  if (!e) cache.set(m, (e = {}));
  return e;
}

export function payloadView(m: Viewable, view: PayloadView): FormattedPayload {
  const e = entry(m);
  if (!e[view]) {
    const whole = m.payload.length <= MAX_SHOWN_BYTES;
    const shown = formatPayload(whole ? m.payload : m.payload.subarray(0, MAX_SHOWN_BYTES), view);
    e[view] = { ...shown, hiddenBytes: m.payload.length - Math.min(m.payload.length, MAX_SHOWN_BYTES) };
  }
  return e[view];
}

export function timeView(m: Viewable): string {
  const e = entry(m);
  return (e.time ??= formatDateTime(m.time));
}
