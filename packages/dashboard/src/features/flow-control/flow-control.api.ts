import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

type AnyConfig = Record<string, unknown>;
const limiterKey = ['configs', 'limiter'] as const;

export function useLimiterQuery() {
  return useQuery({ queryKey: limiterKey, queryFn: ({ signal }) => api.GET('/configs/limiter', { signal }).then(unwrap) });
}

export function useSaveLimiterMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AnyConfig) => api.PUT('/configs/limiter', { body: value }).then(unwrap),
    onSuccess: (v) => qc.setQueryData(limiterKey, v),
  });
}
