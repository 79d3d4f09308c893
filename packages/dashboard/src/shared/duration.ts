// EMQX durations ('1m', '30s', '500ms', '1h30m', '1d'…) ↔ milliseconds and number + unit, for DurationInput and duration rules.
export const DURATION_UNITS = ['ms', 's', 'm', 'h', 'd'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export const DURATION_MS: Record<DurationUnit | 'w', number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export interface Duration {
  value: number | null;
  unit: DurationUnit;
}

/** '1h30m' | '500ms' | 1000 (EMQX reads a bare number as ms) → milliseconds; undefined when not a duration. */
export function durationToMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.match(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g);
  if (!parts || parts.join('') !== text) return undefined;
  return Math.round(
    parts.reduce((sum, p) => {
      const [, n, u] = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(p)!;
      return sum + Number(n) * DURATION_MS[u as DurationUnit];
    }, 0),
  );
}

/** A duration as number + unit: as written when the unit is offered, else the largest offered unit that divides it ('1h30m' → 90 m). */
export function splitDuration(value: unknown, units: readonly DurationUnit[], fallback: DurationUnit): Duration {
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

/** A readable limit for messages: 90000 ms → '90s', 3_600_000 → '1h'. */
export function formatMs(ms: number): string {
  const unit = (['d', 'h', 'm', 's'] as const).find((u) => ms >= DURATION_MS[u] && ms % DURATION_MS[u] === 0);
  return unit ? `${ms / DURATION_MS[unit]}${unit}` : `${ms}ms`;
}

/** '5m' → {5, 'm'}; an integer (EMQX also accepts ms numbers) → ms; anything else (also '1h30m') → null value in seconds. */
export function parseDuration(v: unknown): Duration {
  if (typeof v === 'number' && Number.isFinite(v)) return { value: v, unit: 'ms' };
  const m = typeof v === 'string' ? /^\s*(\d+)\s*(ms|s|m|h|d)\s*$/.exec(v) : null;
  return m ? { value: Number(m[1]), unit: m[2] as DurationUnit } : { value: null, unit: 's' };
}

export function formatDurationValue(d: Duration): string | undefined {
  return d.value === null ? undefined : `${d.value}${d.unit}`;
}

/** Milliseconds of a single-unit duration ('2d', 1500), null otherwise. */
export function durationMs(v: unknown): number | null {
  const d = parseDuration(v);
  return d.value === null ? null : d.value * DURATION_MS[d.unit];
}
