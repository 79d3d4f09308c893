// Table state (page, limit, filters) lives in the URL search params, so reload, back/forward and shared links keep it.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type Value = string | number | boolean | string[] | undefined;

function parse<T extends Value>(raw: string[], fallback: T): Value {
  if (raw.length === 0) return fallback;
  if (Array.isArray(fallback)) return raw;
  if (typeof fallback === 'number') {
    const n = Number(raw[0]);
    return Number.isFinite(n) && raw[0] !== '' ? n : fallback;
  }
  if (typeof fallback === 'boolean') return raw[0] === 'true' ? true : raw[0] === 'false' ? false : fallback;
  return raw[0];
}

/**
 * `[query, setQuery]`: values come from the URL (typed by the defaults), falling back to `defaults`.
 * `setQuery(patch)` merges; changing anything but `page` goes back to page 1. Keys equal to their default
 * are left out of the URL. Declare every filter key in `defaults` (`undefined` allowed: then read as a string).
 */
export function useTableQuery<Q extends { page: number; limit: number }>(defaults: Q): [Q, (patch: Partial<Q>) => void] {
  const [params, setParams] = useSearchParams();
  const key = JSON.stringify(defaults);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `defaults` is compared by value through `key`
  const stableDefaults = useMemo(() => defaults, [key]);

  const query = useMemo(() => {
    const q: Record<string, Value> = { ...stableDefaults };
    for (const k of Object.keys(stableDefaults)) q[k] = parse(params.getAll(k), stableDefaults[k as keyof Q] as Value);
    return q as Q;
  }, [params, stableDefaults]);

  const setQuery = useCallback(
    (patch: Partial<Q>) => {
      setParams(
        (prev) => {
          const current: Record<string, Value> = {};
          for (const k of Object.keys(stableDefaults)) current[k] = parse(prev.getAll(k), stableDefaults[k as keyof Q] as Value);
          const next: Record<string, Value> = { ...current, ...patch };
          if (!('page' in patch)) next.page = 1;
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            out.delete(k);
            const d = stableDefaults[k as keyof Q] as Value;
            const same = Array.isArray(v) && Array.isArray(d) ? v.join('\u0000') === d.join('\u0000') : v === d;
            if (v === undefined || v === '' || same) continue;
            if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
            else out.set(k, String(v));
          }
          return out;
        },
        { replace: true },
      );
    },
    [setParams, stableDefaults],
  );

  return [query, setQuery];
}
