import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';
import { extensionRequest } from '../../shared/apiExtensions';
import { authnId, type AuthnConfig } from './authentication.config';

export interface AuthnMetricsValues {
  total?: number;
  success?: number;
  failed?: number;
  nomatch?: number;
  rate?: number;
  rate_max?: number;
  rate_last5m?: number;
}
/** GET /authentication/{id}/status: per-node lists, "stopped" when disabled (API.md §3.9, patched in the contract). */
export type AuthnStatus = ReplyOf<'/authentication/{id}/status', 'get', 200>;
export interface AuthnUser {
  user_id: string;
  is_superuser?: boolean;
}
export interface UsersQuery {
  page: number;
  limit: number;
  like_user_id?: string;
}
/** POST …/import_users answers 200 with the counts (API.md §3.9; the document says 204). */
export type ImportResult = ReplyOf<'/authentication/{id}/import_users', 'post', 200>;

export const authnKeys = {
  all: ['authentication'] as const,
  list: () => [...authnKeys.all, 'list'] as const,
  detail: (id: string) => [...authnKeys.all, 'detail', id] as const,
  status: (id: string) => [...authnKeys.all, 'status', id] as const,
  users: (id: string, q: UsersQuery) => [...authnKeys.all, 'users', id, q] as const,
};

// The contract types the body as a union of ~20 schemas; the form builds one of them at run time.
type AnyBody = never;

export function useAuthenticatorsQuery() {
  return useQuery({
    queryKey: authnKeys.list(),
    queryFn: async ({ signal }): Promise<AuthnConfig[]> => (await api.GET('/authentication', { signal }).then(unwrap)) ?? [],
  });
}

/** 404 is shown by the page ('does not exist'), so no global toast. */
export function useAuthenticatorQuery(id: string) {
  return useQuery({
    queryKey: authnKeys.detail(id),
    meta: { silent: true },
    queryFn: async ({ signal }): Promise<AuthnConfig> => unwrap(await api.GET('/authentication/{id}', { params: { path: { id } }, signal })),
  });
}

function statusQuery(id: string, refetchInterval?: number) {
  return {
    queryKey: authnKeys.status(id),
    meta: { silent: true },
    refetchInterval,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.GET('/authentication/{id}/status', { params: { path: { id } }, signal }).then(unwrap),
  };
}

export function useAuthnStatusQuery(id: string, refetchInterval?: number) {
  return useQuery(statusQuery(id, refetchInterval));
}

/** Status of every authenticator of the list, one request each (as the official console). */
export function useAuthnStatusesQueries(ids: string[]) {
  return useQueries({ queries: ids.map((id) => statusQuery(id)) });
}

export function useCreateAuthenticatorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: AuthnConfig): Promise<AuthnConfig> => unwrap(await api.POST('/authentication', { body: c as AnyBody })),
    onSuccess: () => qc.invalidateQueries({ queryKey: authnKeys.all }),
  });
}

export function useUpdateAuthenticatorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, config }: { id: string; config: AuthnConfig }) => {
      const { id: _drop, ...body } = config;
      void _drop;
      return api.PUT('/authentication/{id}', { params: { path: { id } }, body: body as AnyBody }).then(unwrap);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: authnKeys.all }),
  });
}

/**
 * A deleted authenticator leaves the cached list at once and its own queries (status, detail, users) are removed
 * before the rest is refetched: otherwise the list's status queries ask the node for the deleted id (404).
 */
export function useDeleteAuthenticatorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/authentication/{id}', { params: { path: { id } } }).then(unwrap),
    onSuccess: (_data, id) => {
      qc.setQueryData<AuthnConfig[]>(authnKeys.list(), (list) => list?.filter((c) => (c.id ?? authnId(c.mechanism, c.backend)) !== id));
      for (const key of [authnKeys.status(id), authnKeys.detail(id), [...authnKeys.all, 'users', id]]) qc.removeQueries({ queryKey: key });
      return qc.invalidateQueries({ queryKey: authnKeys.all });
    },
  });
}

/** position: 'front' | 'rear' | 'before:<id>' | 'after:<id>'. */
export function useMoveAuthenticatorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, position }: { id: string; position: string }) => api.PUT('/authentication/{id}/position/{position}', { params: { path: { id, position } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: authnKeys.list() }),
  });
}

export function useAuthnUsersQuery(id: string, q: UsersQuery) {
  return useQuery({
    queryKey: authnKeys.users(id, q),
    placeholderData: keepPreviousData,
    // awaited rather than .then(unwrap): with keepPreviousData beside it, TanStack would infer the data type from that function
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/authentication/{id}/users', {
          params: { path: { id }, query: { page: q.page, limit: q.limit, like_user_id: q.like_user_id || undefined } },
          signal,
        }),
      ),
  });
}

export function useSaveAuthnUserMutation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { user_id: string; password?: string; is_superuser: boolean; editing: boolean }) =>
      v.editing
        ? api
            .PUT('/authentication/{id}/users/{user_id}', {
              params: { path: { id, user_id: v.user_id } },
              body: { is_superuser: v.is_superuser, ...(v.password ? { password: v.password } : {}) } as AnyBody,
            })
            .then(unwrap)
        : api
            .POST('/authentication/{id}/users', {
              params: { path: { id } },
              body: { user_id: v.user_id, password: v.password ?? '', is_superuser: v.is_superuser },
            })
            .then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...authnKeys.all, 'users', id] }),
  });
}

export function useDeleteAuthnUserMutation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (user_id: string) => api.DELETE('/authentication/{id}/users/{user_id}', { params: { path: { id, user_id } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...authnKeys.all, 'users', id] }),
  });
}

/** Multipart upload, field `filename` (EMQX's name). The summary comes back in 5.8.9 (the 5.8.1 JSON says 204). */
export function useImportAuthnUsersMutation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, type }: { file: File; type: 'plain' | 'hash' }) => {
      const form = new FormData();
      form.append('filename', file, file.name);
      return api
        .POST('/authentication/{id}/import_users', {
          params: { path: { id }, query: { type } },
          body: form as AnyBody,
          bodySerializer: (b: unknown) => b as FormData,
        })
        .then(unwrap);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [...authnKeys.all, 'users', id] }),
  });
}

/**
 * The Test button: POST /authentication_probe (MQDeck extension, docs/api-extensions.md). Resolves when the
 * node reached the backend; throws ApiRequestError TEST_FAILED with the reason otherwise. `id` names the stored
 * authenticator whose secrets replace ******. Silent: the button shows its own success/failure texts.
 */
export function useProbeAuthenticatorMutation() {
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ config, id }: { config: AuthnConfig; id?: string }) =>
      extensionRequest<void>('POST', `/authentication_probe${id ? `?id=${encodeURIComponent(id)}` : ''}`, config),
  });
}
