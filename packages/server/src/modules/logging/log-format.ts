// EMQX's log line formats (text and json) for one record, with its timestamp_format and time_offset.
// Levels are EMQX's (debug … emergency); pino's numeric levels are mapped onto them.

export const LEVEL_RANK: Record<string, number> = { all: 0, debug: 20, info: 30, notice: 35, warning: 40, error: 50, critical: 60, alert: 60, emergency: 60 };

/** pino 10/20 → debug, 30 → info, 40 → warning, 50 → error, 60 → critical */
export function emqxLevel(pinoLevel: number): string {
  if (pinoLevel <= 20) return 'debug';
  if (pinoLevel <= 30) return 'info';
  if (pinoLevel <= 40) return 'warning';
  if (pinoLevel <= 50) return 'error';
  return 'critical';
}

export interface LogRecord {
  time: number; // epoch ms
  level: number; // pino level
  msg: string;
  fields: Record<string, unknown>;
}

export interface FormatOptions {
  formatter: 'text' | 'json';
  timestampFormat: 'auto' | 'epoch' | 'rfc3339';
  timeOffset: string; // system | utc | +08:00
}

const pad = (n: number, w = 2) => String(Math.trunc(n)).padStart(w, '0');

/** Offset in minutes for a time_offset value at a given instant. */
function offsetMinutes(timeOffset: string, at: number): number {
  if (timeOffset === 'utc') return 0;
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(timeOffset);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return -new Date(at).getTimezoneOffset();
}

/** RFC 3339 with microseconds, as EMQX prints it: 2024-05-10T10:20:30.123000+08:00 (utc → Z). */
export function logTimestamp(epochMs: number, timeOffset: string): string {
  const offset = offsetMinutes(timeOffset, epochMs);
  const wall = new Date(epochMs + offset * 60_000).toISOString().slice(0, 23);
  if (timeOffset === 'utc') return `${wall}000Z`;
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${wall}000${sign}${pad(abs / 60)}:${pad(abs % 60)}`;
}

function textValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return v.message;
  return JSON.stringify(v);
}

export function formatRecord(rec: LogRecord, opts: FormatOptions): string {
  const level = emqxLevel(rec.level);
  if (opts.formatter === 'json') {
    // json: epoch microseconds unless rfc3339 is asked for
    const time = opts.timestampFormat === 'rfc3339' ? logTimestamp(rec.time, opts.timeOffset) : rec.time * 1000;
    return `${JSON.stringify({ time, level, msg: rec.msg, ...rec.fields })}\n`;
  }
  const time = opts.timestampFormat === 'epoch' ? String(rec.time * 1000) : logTimestamp(rec.time, opts.timeOffset);
  const extra = Object.entries(rec.fields)
    .map(([k, v]) => `, ${k}: ${textValue(v)}`)
    .join('');
  return `${time} [${level}] msg: ${rec.msg}${extra}\n`;
}
