// Time formats of the EMQX API: RFC 3339 in the server's local offset, written `+00:00` rather than `Z`
// (Erlang's calendar:system_time_to_rfc3339 does so), and inputs that accept RFC 3339 or epoch numbers.

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function offsetSuffix(offsetMinutes: number): string {
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `2024-01-01T12:34:56.789+08:00` (precision 'ms') or `2024-01-01T12:34:56+08:00` (precision 's'). */
export function rfc3339(epochMs: number, precision: 'ms' | 's' = 'ms'): string {
  const date = new Date(epochMs);
  const offset = -date.getTimezoneOffset();
  const local = new Date(epochMs + offset * 60_000).toISOString(); // UTC fields now hold local wall time
  const base = precision === 'ms' ? local.slice(0, 23) : local.slice(0, 19);
  return base + offsetSuffix(offset);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * An epoch-ms input: either an integer (epoch milliseconds) or an RFC 3339 string.
 * Returns undefined when the text is neither.
 */
export function parseEpochMs(raw: string): number | undefined {
  const text = raw.trim();
  if (/^-?\d+$/.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  if (!RFC3339.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}
