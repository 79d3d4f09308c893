// Parsers for EMQX's config value notations. Each returns null for "infinity"/"disabled" style values
// where that makes sense and throws nothing: callers treat `undefined` as "not parsable".

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** '30s' | '1m' | '1h30m' | '500ms' | 1000 (ms) | 'infinity' → milliseconds; null = infinity/disabled; undefined = invalid. */
export function parseDuration(value: unknown): number | null | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'infinity' || text === 'disabled') return null;
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.match(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g);
  if (!parts || parts.join('') !== text) return undefined;
  let total = 0;
  for (const part of parts) {
    const [, num, unit] = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(part)!;
    total += Number(num) * DURATION_UNITS[unit];
  }
  return Math.round(total);
}

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 };

/** '1MB' | '512KB' | '16mb' | 1024 → bytes; null = infinity; undefined = invalid. */
export function parseBytes(value: unknown): number | null | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'infinity') return null;
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?$/.exec(text);
  if (!m) return undefined;
  return Math.floor(Number(m[1]) * BYTE_UNITS[m[2] ?? 'b']);
}

/** '1000/s' | '10/10s' | '100KB/m' | 'infinity' → { amount, perMs }; null = infinity; undefined = invalid. */
export function parseRate(value: unknown): { amount: number; perMs: number } | null | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'infinity') return null;
  const slash = text.indexOf('/');
  if (slash <= 0) return undefined;
  const amount = parseBytes(text.slice(0, slash));
  let period = text.slice(slash + 1);
  if (/^[a-z]+$/.test(period)) period = `1${period}`;
  const perMs = parseDuration(period);
  if (amount == null || perMs == null || perMs === 0) return undefined;
  return { amount, perMs };
}

/**
 * EMQX's percent ('80%', '12.5%') → a share of one, rounded as EMQX rounds a fraction (to a hundredth of a
 * percent, so '99.999%' is 1); undefined = not a percent. The range is the caller's: EMQX accepts 0 to 1.
 */
export function parsePercent(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d+)(\.\d+)?%$/.exec(value);
  if (!m) return undefined;
  return m[2] ? Math.round(Number(`${m[1]}${m[2]}`) * 100) / 10000 : Number(m[1]) / 100;
}

/** Listener bind: 1883 | ':1883' | '0.0.0.0:1883' | '[::]:1883' → host + port; undefined = invalid. */
export function parseBind(value: unknown): { host: string; port: number } | undefined {
  const port = (p: string | number) => {
    const n = typeof p === 'number' ? p : /^\d+$/.test(p) ? Number(p) : NaN;
    return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : undefined;
  };
  if (typeof value === 'number') {
    const p = port(value);
    return p === undefined ? undefined : { host: '0.0.0.0', port: p };
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(text);
  if (v6) {
    const p = port(v6[2]);
    return p === undefined ? undefined : { host: v6[1], port: p };
  }
  const idx = text.lastIndexOf(':');
  if (idx === -1) {
    const p = port(text);
    return p === undefined ? undefined : { host: '0.0.0.0', port: p };
  }
  const host = text.slice(0, idx) || '0.0.0.0';
  const p = port(text.slice(idx + 1));
  if (p === undefined || !/^[\w.:-]+$/.test(host)) return undefined;
  return { host, port: p };
}
