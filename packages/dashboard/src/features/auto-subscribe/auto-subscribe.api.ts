import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

/** One auto-subscribe topic as the node lists it (the form's selects keep qos/nl/rap/rh within their ranges). */
export type AutoSubscription = ReplyOf<'/mqtt/auto_subscribe', 'get', 200>[number];

const key = ['mqtt', 'auto_subscribe'] as const;

export function useAutoSubscribeQuery() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.GET('/mqtt/auto_subscribe', { signal }).then(unwrap) });
}

/** PUT carries the whole list. */
export function useSaveAutoSubscribeMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (list: AutoSubscription[]) => api.PUT('/mqtt/auto_subscribe', { body: list }).then(unwrap),
    onSuccess: (list) => qc.setQueryData(key, list),
  });
}
