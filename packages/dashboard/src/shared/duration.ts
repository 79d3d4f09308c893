// EMQX durations ('1m', '30s', '500ms', '1h'…) ↔ number + unit, for DurationInput and duration checks.
export const DURATION_UNITS = ['ms', 's', 'm', 'h', 'd'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
const MS: Record<DurationUnit, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export interface Duration {
  value: number | null;
  unit: DurationUnit;
}

/** '5m' → {5, 'm'}; an integer (EMQX also accepts ms numbers) → ms; unparsable → null value in seconds. */
export function parseDuration(v: unknown): Duration {
  if (typeof v === 'number' && Number.isFinite(v)) return { value: v, unit: 'ms' };
  const m = typeof v === 'string' ? /^\s*(\d+)\s*(ms|s|m|h|d)\s*$/.exec(v) : null;
  return m ? { value: Number(m[1]), unit: m[2] as DurationUnit } : { value: null, unit: 's' };
}

export function formatDurationValue(d: Duration): string | undefined {
  return d.value === null ? undefined : `${d.value}${d.unit}`;
}

export function durationMs(v: unknown): number | null {
  const d = parseDuration(v);
  return d.value === null ? null : d.value * MS[d.unit];
}
