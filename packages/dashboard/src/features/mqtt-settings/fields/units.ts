// EMQX config value notations ↔ numbers, for the field components and their validators.
// Durations: '15s', '5000ms', '1h30m', '1d'; sizes: '1MB', '4KB'; rates: '1000/s', '10MB/10s'; plus the words
// 'infinity' / 'disabled' where a key allows them. Parsers return undefined for text that is not the notation.

export const DURATION_UNITS = ['ms', 's', 'm', 'h', 'd'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export const DURATION_MS: Record<DurationUnit | 'w', number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];
export const BYTES: Record<ByteUnit | 'TB', number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** '1h30m' | '500ms' | 1000 (EMQX reads a bare number as ms) → milliseconds; undefined when not a duration. */
export function durationToMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.match(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g);
  if (!parts || parts.join('') !== text) return undefined;
  return Math.round(parts.reduce((sum, p) => {
    const [, n, u] = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(p)!;
    return sum + Number(n) * DURATION_MS[u as DurationUnit];
  }, 0));
}

export interface Amount<U extends string> {
  value: number | null;
  unit: U;
}

/** A duration as number + the largest unit that divides it exactly (so '1h30m' shows as 90 m). */
export function splitDuration(value: unknown, units: readonly DurationUnit[], fallback: DurationUnit): Amount<DurationUnit> {
  const ms = durationToMs(value);
  if (ms === undefined) return { value: null, unit: fallback };
  if (typeof value === 'string') {
    const m = /^\s*(\d+)\s*(ms|s|m|h|d)\s*$/.exec(value);
    if (m && units.includes(m[2] as DurationUnit)) return { value: Number(m[1]), unit: m[2] as DurationUnit };
  }
  const fit = [...units].sort((a, b) => DURATION_MS[b] - DURATION_MS[a]).find((u) => ms % DURATION_MS[u] === 0);
  const unit = fit ?? units[0];
  return { value: ms / DURATION_MS[unit], unit };
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

/** A readable limit for messages: 90000 ms → '90s', 3_600_000 → '1h'. */
export function formatMs(ms: number): string {
  const unit = (['d', 'h', 'm', 's'] as const).find((u) => ms >= DURATION_MS[u] && ms % DURATION_MS[u] === 0);
  return unit ? `${ms / DURATION_MS[unit]}${unit}` : `${ms}ms`;
}

/** '1MB' style for messages. */
export function formatSize(bytes: number): string {
  const unit = (['GB', 'MB', 'KB'] as const).find((u) => bytes >= BYTES[u] && bytes % BYTES[u] === 0);
  return unit ? `${bytes / BYTES[unit]}${unit}` : `${bytes}B`;
}
