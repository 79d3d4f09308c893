import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

export function useApiKeysQuery() {
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: async ({ signal }) => ((await api.GET('/api_key', { signal }).then(unwrap)) ?? []) as ApiKey[],
  });
}

export interface ApiKeyBody {
  desc: string;
  enable: boolean;
  /** RFC 3339, or 'infinity' for never. */
  expired_at: string;
  role?: string;
}

export function useCreateApiKeyMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ApiKeyBody & { name: string }) => api.POST('/api_key', { body: v }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useUpdateApiKeyMutation() {
  const qc = useQueryClient();
  return useMutation({
    // EMQX resets an omitted expired_at to 'infinity', so the current value is always sent.
    mutationFn: ({ name, ...body }: ApiKeyBody & { name: string }) => api.PUT('/api_key/{name}', { params: { path: { name } }, body }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useDeleteApiKeyMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.DELETE('/api_key/{name}', { params: { path: { name } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** 'infinity' (or nothing) means the key never expires. */
export function neverExpires(expiredAt: ApiKey['expired_at'] | undefined): boolean {
  return expiredAt === undefined || expiredAt === 'infinity';
}
