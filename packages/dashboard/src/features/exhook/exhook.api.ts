// Keys, fetchers and hooks of the ExHook screens: /exhooks, /exhooks/{name}, /exhooks/{name}/hooks, move.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ExhookConfig, ExhookHook, ExhookServer } from './exhook.types';

export const exhookKeys = {
  all: ['exhooks'] as const,
  list: ['exhooks', 'list'] as const,
  detail: (name: string) => ['exhooks', 'detail', name] as const,
  hooks: (name: string) => ['exhooks', 'hooks', name] as const,
};

export function useExhooksQuery() {
  return useQuery({
    queryKey: exhookKeys.list,
    queryFn: ({ signal }) => api.GET('/exhooks', { signal }).then(unwrap) as unknown as Promise<ExhookServer[]>,
    refetchInterval: 5000,
  });
}

export function useExhookQuery(name: string) {
  return useQuery({
    queryKey: exhookKeys.detail(name),
    queryFn: ({ signal }) => api.GET('/exhooks/{name}', { params: { path: { name } }, signal }).then(unwrap) as unknown as Promise<ExhookServer>,
    refetchInterval: 5000,
  });
}

export function useExhookHooksQuery(name: string) {
  return useQuery({
    queryKey: exhookKeys.hooks(name),
    queryFn: ({ signal }) => api.GET('/exhooks/{name}/hooks', { params: { path: { name } }, signal }).then(unwrap) as unknown as Promise<ExhookHook[]>,
    refetchInterval: 5000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: exhookKeys.all });
}

export function useCreateExhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ExhookConfig) => api.POST('/exhooks', { body: body as never }).then(unwrap) as unknown as Promise<ExhookServer>,
    onSuccess: invalidate,
  });
}

export function useUpdateExhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ExhookConfig) => api.PUT('/exhooks/{name}', { params: { path: { name: body.name } }, body: body as never }).then(unwrap) as unknown as Promise<ExhookServer>,
    onSuccess: invalidate,
  });
}

export function useDeleteExhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.DELETE('/exhooks/{name}', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useMoveExhookMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ name, position }: { name: string; position: string }) => api.POST('/exhooks/{name}/move', { params: { path: { name } }, body: { position } }).then(unwrap),
    onSuccess: invalidate,
  });
}

/** the writable fields of a loaded server (what PUT takes back) */
export const configOf = (s: ExhookServer): ExhookConfig => ({
  name: s.name,
  enable: s.enable,
  url: s.url,
  request_timeout: s.request_timeout,
  failed_action: s.failed_action,
  auto_reconnect: s.auto_reconnect,
  pool_size: s.pool_size,
  ...(s.ssl ? { ssl: s.ssl } : {}),
  ...(s.socket_options ? { socket_options: s.socket_options } : {}),
});
