import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { toClientListParams, type ClientsTableQuery } from './clients.filters';
import type { QueueKind, SubscribeBody } from './clients.types';

export const clientKeys = {
  all: ['clients'] as const,
  list: (q: ClientsTableQuery) => [...clientKeys.all, 'list', q] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
  subscriptions: (id: string) => [...clientKeys.all, 'detail', id, 'subscriptions'] as const,
  queue: (id: string, kind: QueueKind, position: string, limit: number) => [...clientKeys.all, 'detail', id, kind, { position, limit }] as const,
};

export function useClientsQuery(q: ClientsTableQuery) {
  return useQuery({
    queryKey: clientKeys.list(q),
    placeholderData: keepPreviousData,
    // awaited rather than .then(unwrap): with keepPreviousData beside it, TanStack would infer the data type from that function
    queryFn: async ({ signal }) => unwrap(await api.GET('/clients', { params: { query: toClientListParams(q) }, signal })),
  });
}

// The node filter's names moved to shared/ (subscriptions uses them too); re-exported for this folder's imports.
export { useNodeNamesQuery } from '../../shared/useNodeNamesQuery';

/** 404 is handled by the page ('The client does not exist'), so the global toast stays quiet. */
export function useClientQuery(clientid: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: clientKeys.detail(clientid),
    meta: { silent: true },
    refetchInterval,
    queryFn: ({ signal }) => api.GET('/clients/{clientid}', { params: { path: { clientid } }, signal }).then(unwrap),
  });
}

export function useClientSubscriptionsQuery(clientid: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: clientKeys.subscriptions(clientid),
    refetchInterval,
    // Shown inline by the tab (a vanished client already shows 'The client does not exist').
    meta: { silent: true },
    queryFn: ({ signal }) => api.GET('/clients/{clientid}/subscriptions', { params: { path: { clientid } }, signal }).then(unwrap),
  });
}

/** Message queue and inflight window use position paging: `position` of the previous answer fetches the next chunk. */
export function useQueueMessagesQuery(clientid: string, kind: QueueKind, position: string, limit: number) {
  return useQuery({
    queryKey: clientKeys.queue(clientid, kind, position, limit),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      const options = { params: { path: { clientid }, query: { position, limit } }, signal };
      const call = kind === 'mqueue' ? api.GET('/clients/{clientid}/mqueue_messages', options) : api.GET('/clients/{clientid}/inflight_messages', options);
      return unwrap(await call);
    },
  });
}

/** Kick out (connected) and clean session (disconnected) are the same call: the session is discarded either way. */
export function useDeleteClientMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientid: string) => api.DELETE('/clients/{clientid}', { params: { path: { clientid } } }).then(unwrap),
    // The client is gone: refetching its detail would only answer 404, so its cache is just marked stale.
    onSuccess: (_r, clientid) =>
      Promise.all([qc.invalidateQueries({ queryKey: clientKeys.detail(clientid), refetchType: 'none' }), qc.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] })]),
  });
}

export function useBulkKickMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.POST('/clients/kickout/bulk', { body: ids }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] }),
  });
}

export function useSubscribeMutation(clientid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscribeBody) => api.POST('/clients/{clientid}/subscribe', { params: { path: { clientid } }, body }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.detail(clientid) }),
  });
}

export function useUnsubscribeMutation(clientid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (topic: string) => api.POST('/clients/{clientid}/unsubscribe', { params: { path: { clientid } }, body: { topic } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.detail(clientid) }),
  });
}
