import { randomBytes } from 'node:crypto';

// EMQX message ids are 128-bit GUIDs shown as 32 hex chars. A timestamp, a per-process random part and a
// counter keep them unique and roughly time-ordered without a crypto call per message.
const nodePart = randomBytes(4).toString('hex');
let seq = 0;

// the time part changes once per millisecond: several ids in the same one (a connect makes 2-3) reuse it
let lastNow = -1;
let timePart = '';

export function newMessageId(now = Date.now()): string {
  seq = (seq + 1) >>> 0;
  if (now !== lastNow) {
    lastNow = now;
    timePart = (now * 1000).toString(16).padStart(16, '0').slice(-16) + nodePart;
  }
  return timePart + seq.toString(16).padStart(8, '0');
}
