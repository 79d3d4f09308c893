import dayjs from 'dayjs';

/** 'YYYY-MM-DD HH:mm:ss' for RFC 3339 strings or epoch milliseconds; '-' for nothing or garbage. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === undefined || value === null || value === '') return '-';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : String(value);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
/** 1024-based, one decimal above bytes: 1536 → '1.5 KB'. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === undefined || bytes === null || !Number.isFinite(bytes)) return '-';
  let v = Math.abs(bytes);
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i += 1;
  }
  const sign = bytes < 0 ? '-' : '';
  return `${sign}${i === 0 ? v : v.toFixed(v >= 100 ? 0 : 1).replace(/\.0$/, '')} ${UNITS[i]}`;
}

/** Milliseconds → '2d 3h 4m 5s' (largest units first, zero units skipped); '0s' under a second. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === undefined || ms === null || !Number.isFinite(ms)) return '-';
  let s = Math.floor(Math.abs(ms) / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (s >= size) {
      parts.push(`${Math.floor(s / size)}${unit}`);
      s %= size;
    }
  }
  if (s || parts.length === 0) parts.push(`${s}s`);
  return parts.join(' ');
}

/** Thousands separators: 1234567 → '1,234,567'. */
export function formatNumber(n: number | null | undefined): string {
  if (n === undefined || n === null || !Number.isFinite(n)) return '-';
  return n.toLocaleString('en-US');
}
