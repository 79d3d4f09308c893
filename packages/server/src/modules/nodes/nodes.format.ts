// EMQX's "kmg" memory strings of /nodes (emqx_mgmt_util:kmg): two decimals and a unit letter,
// the plain integer below 1K. Config notations ("1MB", "10s") are parsed by config/units.ts.

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** `"7.54G"`, `"512.00M"`, `"3.10K"`, or `"812"` below 1K. */
export function humanBytes(bytes: number): string {
  if (bytes > GB) return `${(bytes / GB).toFixed(2)}G`;
  if (bytes > MB) return `${(bytes / MB).toFixed(2)}M`;
  if (bytes > KB) return `${(bytes / KB).toFixed(2)}K`;
  return String(Math.round(bytes));
}
