// The MQTT fixed header's Remaining Length (1–4 bytes, 7 bits each, low first) read straight from bytes, where a
// parser is not at hand: the protocol level of a refused CONNECT, the packet id of a shared PUBLISH encoding, and
// the packet boundaries of a WebSocket write split into one frame per packet; and written, for the PUBLISH the
// delivery path encodes itself (publish-encode.ts).

/**
 * Where the variable header of the packet at `at` starts (after its Remaining Length): 0 while the bytes end inside
 * the length, -1 when the length runs past its 4 bytes (malformed).
 */
export function bodyStart(buf: Uint8Array, at = 0): number {
  for (let i = at + 1; i <= at + 4; i++) {
    if (i >= buf.length) return 0;
    if ((buf[i] & 0x80) === 0) return i + 1;
  }
  return -1;
}

/** the Remaining Length of the packet at `at`; only when bodyStart(buf, at) > 0 */
export function remainingLength(buf: Uint8Array, at = 0): number {
  let length = 0;
  for (let i = at + 1, shift = 0; i <= at + 4; i++, shift += 7) {
    length += (buf[i] & 0x7f) * 2 ** shift;
    if ((buf[i] & 0x80) === 0) break;
  }
  return length;
}

/** the largest Remaining Length MQTT can express (4 bytes of 7 bits) */
export const MAX_REMAINING_LENGTH = 268_435_455;

/** how many bytes the Remaining Length `n` takes (n ≤ MAX_REMAINING_LENGTH) */
export function remainingLengthSize(n: number): number {
  return n < 128 ? 1 : n < 16_384 ? 2 : n < 2_097_152 ? 3 : 4;
}

/** writes the Remaining Length `n` at `at`; returns where the variable header starts */
export function writeRemainingLength(buf: Uint8Array, at: number, n: number): number {
  for (;;) {
    const digit = n % 128;
    n = Math.floor(n / 128);
    buf[at++] = n > 0 ? digit | 0x80 : digit;
    if (n === 0) return at;
  }
}

/** the protocol level byte of a CONNECT's first bytes (only used to answer an unsupported level) */
export function connectLevel(b: Buffer | undefined): number | undefined {
  if (!b) return undefined;
  const body = bodyStart(b);
  if (body <= 0 || body + 2 > b.length) return undefined;
  const at = body + 2 + b.readUInt16BE(body); // after the protocol name
  return at < b.length ? b[at] : undefined;
}
