import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type RetainedSummary = Schemas['retainer.message_summary'];
export type RetainedMessage = Schemas['retainer.message'];

export interface RetainedTableQuery {
  page: number;
  limit: number;
  topic: string;
}

export const defaultRetainedQuery: RetainedTableQuery = { page: 1, limit: 20, topic: '' };

export const retainedKeys = {
  all: ['retained'] as const,
  list: (q: RetainedTableQuery) => [...retainedKeys.all, 'list', q] as const,
  message: (topic: string) => [...retainedKeys.all, 'message', topic] as const,
  config: ['retainer', 'config'] as const,
};

export function toRetainedListParams(q: RetainedTableQuery) {
  const topic = q.topic.trim();
  return topic ? { page: q.page, limit: q.limit, topic } : { page: q.page, limit: q.limit };
}

export function useRetainedListQuery(q: RetainedTableQuery) {
  return useQuery({
    queryKey: retainedKeys.list(q),
    placeholderData: keepPreviousData,
    // awaited rather than .then(unwrap): with keepPreviousData beside it, TanStack would infer the data type from that function
    queryFn: async ({ signal }) => unwrap(await api.GET('/mqtt/retainer/messages', { params: { query: toRetainedListParams(q) }, signal })),
  });
}

/** Only `enable` is read here, to show the "disabled" banner; a failure just hides the banner. */
export function useRetainerConfigQuery() {
  return useQuery({
    queryKey: retainedKeys.config,
    meta: { silent: true },
    queryFn: ({ signal }) => api.GET('/mqtt/retainer', { signal }).then(unwrap),
  });
}

/**
 * The topic is a path segment: openapi-fetch URL-encodes it, so `a/b` travels as `a%2Fb`
 * (as the official console does).
 */
export function useRetainedMessageQuery(topic: string | undefined) {
  return useQuery({
    queryKey: retainedKeys.message(topic ?? ''),
    enabled: topic !== undefined,
    meta: { silent: true },
    queryFn: ({ signal }) => api.GET('/mqtt/retainer/message/{topic}', { params: { path: { topic: topic ?? '' } }, signal }).then(unwrap),
  });
}

export function useDeleteRetainedMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (topic: string) => api.DELETE('/mqtt/retainer/message/{topic}', { params: { path: { topic } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: retainedKeys.all }),
  });
}

export function useClearRetainedMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE('/mqtt/retainer/messages').then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: retainedKeys.all }),
  });
}
