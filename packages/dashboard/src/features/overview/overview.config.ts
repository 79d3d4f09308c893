// Chart ranges and polling cadences of the official console (spec §9: ranges last hour … 7 days,
// chart refresh every 10 s, rate trends over the past minute).
export const TIME_RANGES = [
  { seconds: 3600, labelKey: 'lastHour' },
  { seconds: 21600, labelKey: 'last6Hours' },
  { seconds: 43200, labelKey: 'last12Hours' },
  { seconds: 86400, labelKey: 'lastDay' },
  { seconds: 259200, labelKey: 'last3Days' },
  { seconds: 604800, labelKey: 'last7Days' },
] as const;

export type TimeRangeSeconds = (typeof TIME_RANGES)[number]['seconds'];
export const DEFAULT_TIME_RANGE: TimeRangeSeconds = 3600;

export function isTimeRange(value: number): value is TimeRangeSeconds {
  return TIME_RANGES.some((r) => r.seconds === value);
}

/** `/monitor` and `/monitor/nodes/{node}` history refresh. */
export const TREND_REFRESH_MS = 10_000;
/** `/monitor_current` poll: the spec refreshes the overview every 10 s (or 20 s); it was 3 s (issue 20 item 8). */
export const CURRENT_REFRESH_MS = 10_000;
/** Width of the client-side rate window. */
export const RATE_WINDOW_MS = 60_000;
/** EMQX `dashboard.sample_interval` default, used when a series has a single sample. */
export const DEFAULT_SAMPLE_INTERVAL_MS = 10_000;
