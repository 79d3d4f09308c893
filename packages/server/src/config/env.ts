// EMQX-style environment overrides: EMQX_<ROOT>__<KEY>__<SUBKEY>=value (case-insensitive path,
// '__' between segments). Values are read as HOCON-ish scalars: number, true/false, JSON array/object,
// quoted or bare string.

export interface EnvOverride {
  variable: string;
  path: string;
  value: unknown;
}

export function parseScalar(text: string): unknown {
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(t) && Number.isFinite(Number(t))) return Number(t);
  if (/^[[{"]/.test(t)) {
    try {
      return JSON.parse(t);
    } catch {}
  }
  return t;
}

export function envOverrides(env: Record<string, string | undefined>, roots: string[]): EnvOverride[] {
  const out: EnvOverride[] = [];
  for (const [variable, raw] of Object.entries(env)) {
    if (raw === undefined || !/^emqx_/i.test(variable) || !variable.includes('__')) continue;
    const segments = variable
      .slice(5)
      .split('__')
      .map((s) => s.toLowerCase());
    if (segments.some((s) => s === '') || !roots.includes(segments[0])) continue;
    out.push({ variable, path: segments.join('.'), value: parseScalar(raw) });
  }
  // Shorter paths first so EMQX_MQTT='{...}' style values do not wipe a more specific override.
  return out.sort((a, b) => a.path.split('.').length - b.path.split('.').length);
}
