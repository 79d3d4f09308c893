import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmView } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

/** One alarm as GET /alarms lists it (the contract's, details with keys). */
export type Alarm = AlarmView;

export const alarmKeys = {
  all: ['alarms'] as const,
  list: (activated: boolean, q: { page: number; limit: number }) => [...alarmKeys.all, activated, q] as const,
};

export function useAlarmsQuery(activated: boolean, q: { page: number; limit: number }) {
  return useQuery({
    queryKey: alarmKeys.list(activated, q),
    placeholderData: keepPreviousData,
    refetchInterval: activated ? 10_000 : false,
    // awaited rather than .then(unwrap): with keepPreviousData beside it, TanStack would infer the data type from that function
    queryFn: async ({ signal }) => unwrap(await api.GET('/alarms', { params: { query: { activated, ...q } }, signal })),
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
