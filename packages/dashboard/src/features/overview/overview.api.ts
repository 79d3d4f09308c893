// Monitor data of the cluster or of one node: `/monitor_current[/nodes/{node}]` (live gauges and rates)
// and `/monitor[/nodes/{node}]?latest=` (history). Polled queries are silent: a failed poll shows an
// inline alert on the page instead of a toast every few seconds.
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { CURRENT_REFRESH_MS, TREND_REFRESH_MS } from './overview.config';
import type { MonitorCurrent, MonitorSample } from './series';

export type MonitorCurrentNode = MonitorCurrent & { node_uptime?: number };

export const monitorKeys = {
  all: ['monitor'] as const,
  current: (node?: string) => [...monitorKeys.all, 'current', node ?? null] as const,
  history: (latest: number, node?: string) => [...monitorKeys.all, 'history', node ?? null, { latest }] as const,
};

export function getMonitorCurrent(node: string | undefined, signal?: AbortSignal): Promise<MonitorCurrentNode> {
  if (node) return api.GET('/monitor_current/nodes/{node}', { params: { path: { node } }, signal }).then(unwrap);
  return api.GET('/monitor_current', { signal }).then(unwrap);
}

export async function getMonitorHistory(latest: number, node: string | undefined, signal?: AbortSignal): Promise<MonitorSample[]> {
  const params = { query: { latest } };
  const data = node
    ? await api.GET('/monitor/nodes/{node}', { params: { ...params, path: { node } }, signal }).then(unwrap)
    : await api.GET('/monitor', { params, signal }).then(unwrap);
  return Array.isArray(data) ? data : [];
}

/** Shared by the hook and the route prefetch, so both address the same cache entry. */
export function monitorCurrentOptions(node?: string) {
  return queryOptions({
    queryKey: monitorKeys.current(node),
    queryFn: ({ signal }) => getMonitorCurrent(node, signal),
    meta: { silent: true },
  });
}

export function monitorHistoryOptions(latest: number, node?: string) {
  return queryOptions({
    queryKey: monitorKeys.history(latest, node),
    queryFn: ({ signal }) => getMonitorHistory(latest, node, signal),
    meta: { silent: true },
  });
}

export function useMonitorCurrentQuery(node?: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...monitorCurrentOptions(node),
    refetchInterval: CURRENT_REFRESH_MS,
    enabled: options.enabled ?? true,
  });
}

export function useMonitorHistoryQuery(latest: number, node?: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...monitorHistoryOptions(latest, node),
    refetchInterval: TREND_REFRESH_MS,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Route prefetch of the cluster overview: the live gauges and the history behind the first chart. */
export function prefetchOverview(queryClient: QueryClient, latest: number): void {
  void queryClient.prefetchQuery(monitorCurrentOptions());
  void queryClient.prefetchQuery(monitorHistoryOptions(latest));
}
