// Reading a rule's metrics: the contract lists EMQX's keys but misses `failed.no_result`, which EMQX (and our
// node) also send; every key is read the same checked way, a missing one as 0.

export function metric(m: object | undefined, key: string): number {
  const v: unknown = m ? Reflect.get(m, key) : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** A rate in messages per second, two decimals at most. */
export const formatRate = (n: number) => String(Math.round(n * 100) / 100);
