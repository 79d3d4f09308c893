import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export interface Alarm {
  node: string;
  name: string;
  message: string;
  details?: Record<string, unknown>;
  duration: number;
  activate_at: string;
  deactivate_at?: string;
}

export const alarmKeys = {
  all: ['alarms'] as const,
  list: (activated: boolean, q: { page: number; limit: number }) => [...alarmKeys.all, activated, q] as const,
};

export function useAlarmsQuery(activated: boolean, q: { page: number; limit: number }) {
  return useQuery({
    queryKey: alarmKeys.list(activated, q),
    placeholderData: keepPreviousData,
    refetchInterval: activated ? 10_000 : false,
    queryFn: ({ signal }) => api.GET('/alarms', { params: { query: { activated, ...q } }, signal }).then(unwrap) as Promise<Paged<Alarm>>,
  });
}

export function useDeactivateAlarmMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.POST('/alarms/force_deactivate', { body: { name } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

export function useClearAlarmHistoryMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE('/alarms').then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
