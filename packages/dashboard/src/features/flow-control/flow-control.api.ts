import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

type AnyConfig = Record<string, unknown>;
const limiterKey = ['configs', 'limiter'] as const;
// GET|PUT /configs/limiter is hidden from EMQX's swagger, so it is not in `paths`: the path is cast for the typed client.
const LIMITER = '/configs/limiter' as '/configs/log';

export function useLimiterQuery() {
  return useQuery({ queryKey: limiterKey, queryFn: ({ signal }) => api.GET(LIMITER, { signal }).then(unwrap) });
}

export function useSaveLimiterMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AnyConfig) => api.PUT(LIMITER, { body: value as never }).then(unwrap),
    onSuccess: (v) => qc.setQueryData(limiterKey, v),
  });
}
