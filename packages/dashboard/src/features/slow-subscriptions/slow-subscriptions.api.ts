import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

/** PUT /slow_subscriptions/settings: the loaded settings sent back with the edits. */
export type SlowSubsSettings = NonNullable<BodyOf<'/slow_subscriptions/settings', 'put'>>;
export type SlowSubRecord = NonNullable<ReplyOf<'/slow_subscriptions', 'get', 200>['data']>[number];

/** EMQX's maximum of records: the console reads the whole ranking in one page */
const WHOLE = { page: 1, limit: 1000 };

export const slowSubsKeys = {
  all: ['slow_subscriptions'] as const,
  settings: () => [...slowSubsKeys.all, 'settings'] as const,
  ranking: () => [...slowSubsKeys.all, 'ranking'] as const,
};

export function useSlowSubsSettingsQuery() {
  return useQuery({ queryKey: slowSubsKeys.settings(), queryFn: ({ signal }) => api.GET('/slow_subscriptions/settings', { signal }).then(unwrap) });
}

export function useSaveSlowSubsSettingsMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: SlowSubsSettings) => api.PUT('/slow_subscriptions/settings', { body: value }).then(unwrap),
    onSuccess: (v) => qc.setQueryData(slowSubsKeys.settings(), v),
  });
}

export function useSlowSubsQuery() {
  return useQuery({
    queryKey: slowSubsKeys.ranking(),
    refetchInterval: 10_000,
    queryFn: async ({ signal }) => unwrap(await api.GET('/slow_subscriptions', { params: { query: WHOLE }, signal })).data ?? [],
  });
}

export function useClearSlowSubsMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE('/slow_subscriptions').then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: slowSubsKeys.ranking() }),
  });
}
