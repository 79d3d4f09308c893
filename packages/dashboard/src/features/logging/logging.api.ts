import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

type AnyConfig = Record<string, unknown>;
const logKey = ['configs', 'log'] as const;

export function useLogConfigQuery() {
  return useQuery({ queryKey: logKey, queryFn: ({ signal }) => api.GET('/configs/log', { signal }).then(unwrap) });
}

/** PUT /configs/log replaces the root: the whole object goes back. */
export function useSaveLogConfigMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AnyConfig) => api.PUT('/configs/log', { body: value as never }).then(unwrap),
    onSuccess: (v) => qc.setQueryData(logKey, v),
  });
}
