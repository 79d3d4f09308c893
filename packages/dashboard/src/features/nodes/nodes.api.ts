// Nodes of the cluster: `/nodes` (list, also the node picker of other screens) and `/nodes/{node}`.
import { useQuery } from '@tanstack/react-query';
import type { NodeInfo } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export const NODES_REFRESH_MS = 10_000;

export const nodeKeys = {
  all: ['nodes'] as const,
  list: () => [...nodeKeys.all, 'list'] as const,
  detail: (node: string) => [...nodeKeys.all, 'detail', node] as const,
};

export function getNodes(signal?: AbortSignal): Promise<NodeInfo[]> {
  return api
    .GET('/nodes', { signal })
    .then(unwrap)
    .then((d) => (Array.isArray(d) ? d : []));
}

export function getNode(node: string, signal?: AbortSignal): Promise<NodeInfo> {
  return api.GET('/nodes/{node}', { params: { path: { node } }, signal }).then(unwrap);
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

export function useNodesQuery(options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: nodeKeys.list(),
    queryFn: ({ signal }) => getNodes(signal),
    refetchInterval: options.refetchInterval ?? NODES_REFRESH_MS,
    meta: { silent: true },
  });
}

/** 404 means "no such (running) node": shown as a not-found state, never retried or toasted. */
export function useNodeQuery(node: string) {
  return useQuery({
    queryKey: nodeKeys.detail(node),
    queryFn: ({ signal }) => getNode(node, signal),
    refetchInterval: (q) => (isNotFound(q.state.error) ? false : NODES_REFRESH_MS),
    retry: (count, error) => !isNotFound(error) && count < 2,
    meta: { silent: true },
  });
}
