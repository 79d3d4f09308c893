// RFC 3339 with the server's local offset and second precision, as EMQX prints API key times
// ('2024-01-01T12:00:00+08:00'; offset zero is '+00:00', never 'Z').
export function rfc3339Seconds(epochMs: number): string {
  const d = new Date(epochMs);
  const offsetMin = -d.getTimezoneOffset();
  const local = new Date(epochMs + offsetMin * 60_000);
  const sign = offsetMin >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMin);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
