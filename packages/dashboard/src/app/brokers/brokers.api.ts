// GET/POST/PUT/DELETE /mqdeck/brokers (an extension of our node): always this node's own list, whatever broker the
// console manages (target.ts keeps these calls local).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrokerInput, BrokerView } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export const brokersKey = ['mqdeck', 'brokers'] as const;

/** the node's managed brokers; an error (a real EMQX has no such route) means the console cannot switch */
export function useBrokersQuery() {
  return useQuery({ queryKey: brokersKey, queryFn: ({ signal }) => api.GET('/mqdeck/brokers', { signal }).then(unwrap), retry: false, meta: { silent: true } });
}

export function useSaveBroker(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BrokerInput): Promise<BrokerView> =>
      id ? api.PUT('/mqdeck/brokers/{id}', { params: { path: { id } }, body }).then(unwrap) : api.POST('/mqdeck/brokers', { body }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: brokersKey }),
  });
}

export function useDeleteBroker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/mqdeck/brokers/{id}', { params: { path: { id } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: brokersKey }),
  });
}
