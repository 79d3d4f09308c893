import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, Schemas, paths } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type Ban = Schemas['emqx_mgmt_api_banned.ban'];
export type BanAs = Ban['as'];
export const BAN_AS: BanAs[] = ['clientid', 'username', 'peerhost', 'clientid_re', 'username_re', 'peerhost_net'];

/** Search by one property; EMQX allows one filter per query (two → 400 too_many_filters). */
export type BanSearchField = 'clientid' | 'username' | 'peerhost' | 'peerhost_net';
export interface BannedTableQuery {
  page: number;
  limit: number;
  field: BanSearchField;
  value?: string;
  /** Regular-expression match (`like_*`) instead of the exact value. peerhost_net is always fuzzy. */
  fuzzy: boolean;
}
export const defaultBannedQuery: BannedTableQuery = { page: 1, limit: 20, field: 'clientid', value: undefined, fuzzy: true };

type ListParams = paths['/banned']['get']['parameters']['query'];

export function toBannedListParams(q: BannedTableQuery): ListParams {
  const params: Record<string, string | number> = { page: q.page, limit: q.limit };
  const value = q.value?.trim();
  if (value) {
    const key = q.field === 'peerhost_net' || q.fuzzy ? `like_${q.field}` : q.field;
    params[key] = value;
  }
  return params as ListParams;
}

export const bannedKeys = {
  all: ['banned'] as const,
  list: (q: BannedTableQuery) => [...bannedKeys.all, 'list', q] as const,
};

export function useBannedQuery(q: BannedTableQuery) {
  return useQuery({
    queryKey: bannedKeys.list(q),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const r = await api.GET('/banned', { params: { query: toBannedListParams(q) }, signal }).then(unwrap);
      // The unfiltered list has no `hasnext` (EMQX quirk): derive it from count so paging still works.
      const data = r.data ?? [];
      const meta = r.meta ?? { page: q.page, limit: q.limit, hasnext: false };
      const hasnext = meta.hasnext ?? (meta.count !== undefined && meta.page * meta.limit < meta.count);
      return { data, meta: { ...meta, hasnext } } as Paged<Ban>;
    },
  });
}

export interface NewBan {
  as: BanAs;
  who: string;
  reason?: string;
  /** RFC 3339, or 'infinity' for never. */
  until: string;
}

export function useCreateBanMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: NewBan) => api.POST('/banned', { body: b }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: bannedKeys.all }),
  });
}

export function useDeleteBanMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { as: BanAs; who: string }) => api.DELETE('/banned/{as}/{who}', { params: { path: { as: b.as, who: b.who } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: bannedKeys.all }),
  });
}

export function useClearBannedMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE('/banned').then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: bannedKeys.all }),
  });
}
