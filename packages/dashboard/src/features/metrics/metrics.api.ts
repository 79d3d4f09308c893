// Counters (`/metrics`) and stats (`/stats`) of the cluster or of one node.
// Both are normalised to a flat `{name: number}` map; the `node` field of per-node objects is dropped.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export type Counters = Record<string, number>;

export const metricsKeys = {
  all: ['metrics'] as const,
  counters: (node?: string) => [...metricsKeys.all, 'counters', node ?? null] as const,
  stats: (node?: string) => [...metricsKeys.all, 'stats', node ?? null] as const,
};

function numericOnly(obj: object): Counters {
  const out: Counters = {};
  for (const [k, v] of Object.entries(obj)) if (typeof v === 'number') out[k] = v;
  return out;
}

/** Counters add up across nodes; a real EMQX answers `aggregate=true` with one object already. */
export function sumCounters(list: readonly object[]): Counters {
  const out: Counters = {};
  for (const item of list) for (const [k, v] of Object.entries(numericOnly(item))) out[k] = (out[k] ?? 0) + v;
  return out;
}

// Retained messages, topics and shared subscriptions are cluster-wide tables: summing would multiply them.
const CLUSTER_GLOBAL_STATS = /^(retained|topics|subscriptions\.shared)\./;

export function aggregateStats(list: readonly object[]): Counters {
  const out: Counters = {};
  for (const item of list) {
    for (const [k, v] of Object.entries(numericOnly(item))) {
      out[k] = CLUSTER_GLOBAL_STATS.test(k) ? Math.max(out[k] ?? 0, v) : (out[k] ?? 0) + v;
    }
  }
  return out;
}

/** The entry of `node` in a per-node array answer (`aggregate=false`); empty when the node is not in it. */
function pickNode(list: readonly { node?: string }[], node: string): Counters {
  const entry = list.find((item) => item.node === node);
  return entry ? numericOnly(entry) : {};
}

// One node's numbers come from the array form (`aggregate=false`: one object per running node), like the
// official console; the cluster's from `aggregate=true` (a single object, summed by the broker).
export async function getCounters(node: string | undefined, signal?: AbortSignal): Promise<Counters> {
  const d = await api.GET('/metrics', { params: { query: { aggregate: !node } }, signal }).then(unwrap);
  if (node) return Array.isArray(d) ? pickNode(d, node) : {};
  return Array.isArray(d) ? sumCounters(d) : numericOnly(d ?? {});
}

export async function getStats(node: string | undefined, signal?: AbortSignal): Promise<Counters> {
  const d = await api.GET('/stats', { params: { query: { aggregate: !node } }, signal }).then(unwrap);
  if (node) return Array.isArray(d) ? pickNode(d, node) : {};
  return Array.isArray(d) ? aggregateStats(d) : numericOnly(d ?? {});
}

interface PollOptions {
  refetchInterval?: number | false;
  enabled?: boolean;
}

export function useCountersQuery(node?: string, options: PollOptions = {}) {
  return useQuery({
    queryKey: metricsKeys.counters(node),
    queryFn: ({ signal }) => getCounters(node, signal),
    refetchInterval: options.refetchInterval ?? false,
    enabled: options.enabled ?? true,
    meta: { silent: true },
  });
}

export function useStatsQuery(node?: string, options: PollOptions = {}) {
  return useQuery({
    queryKey: metricsKeys.stats(node),
    queryFn: ({ signal }) => getStats(node, signal),
    refetchInterval: options.refetchInterval ?? false,
    enabled: options.enabled ?? true,
    meta: { silent: true },
  });
}
