import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, DelayedMessageSummary } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

/** One waiting message as GET /mqtt/delayed/messages lists it (the contract's: msgid is hex text). */
export type DelayedMessage = DelayedMessageSummary;

/** PUT /mqtt/delayed: the settings screen sends the loaded settings back with its edits. */
export type DelayedSettings = NonNullable<BodyOf<'/mqtt/delayed', 'put'>>;
export const delayedKeys = {
  all: ['mqtt', 'delayed'] as const,
  settings: () => [...delayedKeys.all, 'settings'] as const,
  messages: (q: { page: number; limit: number }) => [...delayedKeys.all, 'messages', q] as const,
};

export function useDelayedSettingsQuery() {
  return useQuery({ queryKey: delayedKeys.settings(), queryFn: ({ signal }) => api.GET('/mqtt/delayed', { signal }).then(unwrap) });
}

export function useSaveDelayedSettingsMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: DelayedSettings) => api.PUT('/mqtt/delayed', { body: value }).then(unwrap),
    onSuccess: (v) => qc.setQueryData(delayedKeys.settings(), v),
  });
}

export function useDelayedMessagesQuery(q: { page: number; limit: number }) {
  return useQuery({
    queryKey: delayedKeys.messages(q),
    placeholderData: keepPreviousData,
    // remaining times count down on the node: refresh while the list is open
    refetchInterval: 5000,
    // awaited rather than .then(unwrap): with keepPreviousData beside it, TanStack would infer the data type from that function
    queryFn: async ({ signal }) => unwrap(await api.GET('/mqtt/delayed/messages', { params: { query: q }, signal })),
  });
}

export function useDeleteDelayedMessageMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: DelayedMessage) => api.DELETE('/mqtt/delayed/messages/{node}/{msgid}', { params: { path: { node: m.node ?? '', msgid: m.msgid ?? '' } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: delayedKeys.all }),
  });
}
