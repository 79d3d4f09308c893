// EMQX reports node memory as human strings ("7.54G", "512.00M", or a plain integer below 1K: API.md §3.3).
const FACTORS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4, P: 1024 ** 5 };

/** "7.54G" → bytes; undefined when the text is not a size. */
export function parseHumanSize(text: string | number | null | undefined): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  if (!text) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMGTP]?)i?B?\s*$/i.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * FACTORS[m[2].toUpperCase()];
}

/** Used share in percent (0–100, one decimal), or undefined when either side is unreadable. */
export function usedPercent(used: string | number | undefined, total: string | number | undefined): number | undefined {
  const u = parseHumanSize(used);
  const t = parseHumanSize(total);
  if (u === undefined || t === undefined || t <= 0) return undefined;
  return Math.min(100, Math.round((u / t) * 1000) / 10);
}

export function nodePath(node: string): string {
  return `/dashboard/nodes/${encodeURIComponent(node)}`;
}

export function formatLoad(n: number | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(2) : '-';
}

/** MQDeck's node reports its Node.js version as `otp_release` ('node-v20.19.0'): it has no Erlang figures. */
export function isNodeRuntime(otpRelease: string | undefined): boolean {
  return typeof otpRelease === 'string' && otpRelease.startsWith('node-v');
}

/** 'node-v20.19.0' → 'Node.js v20.19.0'; an OTP release is shown as it comes. */
export function formatRuntime(otpRelease: string | undefined): string {
  if (!otpRelease) return '-';
  return isNodeRuntime(otpRelease) ? `Node.js ${otpRelease.slice('node-'.length)}` : otpRelease;
}
