// Data of Management › Monitoring › System: the sysmon thresholds (GET|PUT /configs/sysmon, whole object on PUT).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { alarmKeys } from '../alarms/alarms.api';

type AnyConfig = Record<string, unknown>;
export const sysmonKey = ['configs', 'sysmon'] as const;

export function useSysmonQuery() {
  return useQuery({
    queryKey: sysmonKey,
    queryFn: ({ signal }) => api.GET('/configs/sysmon', { signal }).then(unwrap),
  });
}

export function useSaveSysmonMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AnyConfig) => api.PUT('/configs/sysmon', { body: value as never }).then(unwrap),
    onSuccess: (v) => {
      qc.setQueryData(sysmonKey, v);
      // The node checks memory again at once with the new thresholds: an alarm may have been raised or cleared.
      void qc.invalidateQueries({ queryKey: alarmKeys.all });
    },
  });
}
