// EMQX config value notations ↔ numbers, for the field components and their validators.
// Durations: '15s', '5000ms', '1h30m', '1d'; sizes: '1MB', '4KB'; rates: '1000/s', '10MB/10s'; plus the words
// 'infinity' / 'disabled' where a key allows them. Parsers return undefined for text that is not the notation.

// Durations live in shared/duration (also used by flapping and listeners); re-exported for the rules and fields here.
import { DURATION_MS, type DurationUnit } from '../duration';
export { DURATION_MS, DURATION_UNITS, durationToMs, formatMs, splitDuration, type DurationUnit } from '../duration';

export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];
export const BYTES: Record<ByteUnit | 'TB', number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

export interface Amount<U extends string> {
  value: number | null;
  unit: U;
}

/** '1MB' | '640kb' | 1024 → bytes; undefined when not a size. */
export function sizeToBytes(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(value);
  return m ? Math.floor(Number(m[1]) * BYTES[(m[2]?.toUpperCase() ?? 'B') as ByteUnit]) : undefined;
}

/** The size as number + unit as written ('1MB' → 1 MB; '1536KB' stays 1536 KB). */
export function splitSize(value: unknown, fallback: ByteUnit): Amount<ByteUnit> {
  if (typeof value === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
    if (m) return { value: Number(m[1]), unit: (m[2]?.toUpperCase() ?? 'B') as ByteUnit };
  }
  const bytes = sizeToBytes(value);
  if (bytes === undefined) return { value: null, unit: fallback };
  const unit = (['GB', 'MB', 'KB'] as const).find((u) => bytes >= BYTES[u] && bytes % BYTES[u] === 0) ?? 'B';
  return { value: bytes / BYTES[unit], unit };
}

export type RateCheck = { ok: true; amount: number; perMs: number } | { ok: false; reason: 'format' | 'unit' };

/** '1000/s', '100/10s', '10MB/m' (EMQX's limiter notation); 'infinity' is handled by the caller. */
export function checkRate(value: string): RateCheck {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*\/\s*(\d*)\s*([a-z]+)\s*$/i.exec(value);
  if (!m) return { ok: false, reason: 'format' };
  const [, n, sizeUnit, periodN, periodUnit] = m;
  if (sizeUnit && !(sizeUnit.toUpperCase() in BYTES)) return { ok: false, reason: 'unit' };
  if (!(periodUnit.toLowerCase() in DURATION_MS)) return { ok: false, reason: 'unit' };
  const perMs = Number(periodN || 1) * DURATION_MS[periodUnit.toLowerCase() as DurationUnit];
  if (perMs === 0) return { ok: false, reason: 'format' };
  return { ok: true, amount: Number(n) * BYTES[(sizeUnit.toUpperCase() || 'B') as ByteUnit], perMs };
}

/** EMQX's percent ('80%', '12.5%') → the number of percent, rounded to a hundredth as EMQX rounds it; undefined = not a percent. */
export function percentValue(value: unknown): number | undefined {
  const m = typeof value === 'string' ? /^(\d+)(\.\d+)?%$/.exec(value) : null;
  if (!m) return undefined;
  return m[2] ? Math.round(Number(`${m[1]}${m[2]}`) * 100) / 100 : Number(m[1]);
}

/** '1MB' style for messages. */
export function formatSize(bytes: number): string {
  const unit = (['GB', 'MB', 'KB'] as const).find((u) => bytes >= BYTES[u] && bytes % BYTES[u] === 0);
  return unit ? `${bytes / BYTES[unit]}${unit}` : `${bytes}B`;
}
