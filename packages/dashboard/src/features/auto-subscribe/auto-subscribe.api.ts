import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export interface AutoSubscription {
  topic: string;
  qos: 0 | 1 | 2;
  nl: 0 | 1;
  rap: 0 | 1;
  rh: 0 | 1 | 2;
}

const key = ['mqtt', 'auto_subscribe'] as const;

export function useAutoSubscribeQuery() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.GET('/mqtt/auto_subscribe', { signal }).then(unwrap) as Promise<AutoSubscription[]> });
}

/** PUT carries the whole list. */
export function useSaveAutoSubscribeMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (list: AutoSubscription[]) => api.PUT('/mqtt/auto_subscribe', { body: list as never }).then(unwrap) as Promise<AutoSubscription[]>,
    onSuccess: (list) => qc.setQueryData(key, list),
  });
}
