// Node names of the cluster (`GET /nodes`), for the node filters of list screens (clients, subscriptions…).
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

export const nodeNamesKey = ['nodes', 'names'] as const;

/** The select simply stays empty if the call fails, so the query is silent. */
export function useNodeNamesQuery() {
  return useQuery({
    queryKey: nodeNamesKey,
    staleTime: 60_000,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      const nodes = await api.GET('/nodes', { signal }).then(unwrap);
      return (nodes ?? []).map((n) => n.node).filter((n): n is string => Boolean(n));
    },
  });
}
