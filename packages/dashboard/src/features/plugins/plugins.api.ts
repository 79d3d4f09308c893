// Keys, fetchers and hooks of the plugin screens: /plugins, /plugins/{name-vsn} (+ start/stop, move, schema,
// config) and the upload (/plugins/install, multipart field `plugin`) through XMLHttpRequest for its progress.
// A 403 of the upload carries the back-quoted command that allows the package (EMQX 5.8.6+): allowCommandOf.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { ApiRequestError } from '../../api/errors';
import { uploadFile } from '../../api/upload';
import type { Plugin, PluginSchema } from './plugins.types';

export const pluginsKeys = {
  all: ['plugins'] as const,
  list: ['plugins', 'list'] as const,
  detail: (nameVsn: string) => ['plugins', 'detail', nameVsn] as const,
  schema: (nameVsn: string) => ['plugins', 'schema', nameVsn] as const,
  config: (nameVsn: string) => ['plugins', 'config', nameVsn] as const,
};

const UPLOAD_TIMEOUT_MS = 600_000;

export function usePluginsQuery() {
  return useQuery({
    queryKey: pluginsKeys.list,
    queryFn: ({ signal }) => api.GET('/plugins', { signal }).then(unwrap) as unknown as Promise<Plugin[]>,
    refetchInterval: 5000,
  });
}

export function usePluginQuery(nameVsn: string) {
  return useQuery({
    queryKey: pluginsKeys.detail(nameVsn),
    queryFn: ({ signal }) => api.GET('/plugins/{name}', { params: { path: { name: nameVsn } }, signal }).then(unwrap) as unknown as Promise<Plugin>,
    refetchInterval: 5000,
    retry: false,
  });
}

export function usePluginSchemaQuery(nameVsn: string) {
  return useQuery({
    queryKey: pluginsKeys.schema(nameVsn),
    queryFn: ({ signal }) => api.GET('/plugins/{name}/schema', { params: { path: { name: nameVsn } }, signal }).then(unwrap) as unknown as Promise<PluginSchema>,
  });
}

/** the config, or null when the plugin has none (EMQX's 400 BAD_CONFIG 'Plugin Config Not Found') */
export function usePluginConfigQuery(nameVsn: string, enabled: boolean) {
  return useQuery({
    queryKey: pluginsKeys.config(nameVsn),
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return (await api.GET('/plugins/{name}/config', { params: { path: { name: nameVsn } }, signal }).then(unwrap)) as unknown as Record<string, unknown>;
      } catch (e) {
        if (e instanceof ApiRequestError && e.code === 'BAD_CONFIG') return null;
        throw e;
      }
    },
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: pluginsKeys.all });
}

export function usePluginActionMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ nameVsn, action }: { nameVsn: string; action: 'start' | 'stop' }) =>
      api.PUT('/plugins/{name}/{action}', { params: { path: { name: nameVsn, action } } }).then(unwrap),
    onSettled: invalidate,
  });
}

export function useUninstallPluginMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (nameVsn: string) => api.DELETE('/plugins/{name}', { params: { path: { name: nameVsn } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useMovePluginMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ nameVsn, position }: { nameVsn: string; position: string }) =>
      api.POST('/plugins/{name}/move', { params: { path: { name: nameVsn } }, body: { position } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useUpdatePluginConfigMutation(nameVsn: string) {
  const qc = useQueryClient();
  return useMutation({
    // the form shows the node's refusal beside the fields
    meta: { silent: true },
    mutationFn: (config: Record<string, unknown>) => api.PUT('/plugins/{name}/config', { params: { path: { name: nameVsn } }, body: config as never }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: pluginsKeys.config(nameVsn) }),
  });
}

/** the command a 403 of the upload asks the operator to run (the back-quoted part of its message) */
export function allowCommandOf(e: unknown): string | undefined {
  if (!(e instanceof ApiRequestError) || e.status !== 403) return undefined;
  return /`([^`]+)`/.exec(e.message)?.[1];
}

/** POST /plugins/install as multipart (field `plugin`, as the official console), reporting progress 0–100 */
export function uploadPlugin(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return uploadFile('/plugins/install', file, { field: 'plugin', timeoutMs: UPLOAD_TIMEOUT_MS, onProgress, signal });
}
