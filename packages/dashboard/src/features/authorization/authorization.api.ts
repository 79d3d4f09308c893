import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf, Schemas } from '@mqdeck/api';
import { api, apiBaseUrl, unwrap } from '../../api/client';
import { getSession } from '../../app/session';
import { toApiError } from '../../api/errors';
import type { AnySourceType, AuthzSource } from './authorization.config';

export type Rule = Schemas['emqx_authz_api_mnesia.rule_item'];
/** Rule as edited: qos and retain are optional (EMQX defaults: all QoS, retain 'all'). */
export type RuleInput = Pick<Rule, 'permission' | 'action' | 'topic'> & Partial<Pick<Rule, 'qos' | 'retain'>>;
export type RulesKind = 'clients' | 'users';
type ClientRules = ReplyOf<'/authorization/sources/built_in_database/rules/clients', 'get', 200>['data'][number];
type UserRules = ReplyOf<'/authorization/sources/built_in_database/rules/users', 'get', 200>['data'][number];
/** One row of either list: a client's or a user's rules. */
export type RulesRow = Partial<Pick<ClientRules, 'clientid'> & Pick<UserRules, 'username'>> & Pick<ClientRules, 'rules'>;
export type AuthzSettings = ReplyOf<'/authorization/settings', 'get', 200>;
export interface AuthzMetricsValues {
  total?: number;
  allow?: number;
  deny?: number;
  nomatch?: number;
  rate?: number;
  rate_max?: number;
  rate_last5m?: number;
}
/** GET /authorization/sources/{type}/status: "stopped" when disabled (API.md §3.10, patched in the contract). */
export type AuthzStatus = ReplyOf<'/authorization/sources/{type}/status', 'get', 200>;

export const authzKeys = {
  all: ['authorization'] as const,
  sources: () => [...authzKeys.all, 'sources'] as const,
  source: (type: string) => [...authzKeys.all, 'source', type] as const,
  status: (type: string) => [...authzKeys.all, 'status', type] as const,
  settings: () => [...authzKeys.all, 'settings'] as const,
  rules: (kind: RulesKind, q: object) => [...authzKeys.all, 'rules', kind, q] as const,
  rulesAll: () => [...authzKeys.all, 'rules', 'all'] as const,
};

// Bodies are unions of many source schemas in the contract; the form builds one at run time.
type AnyBody = never;

export function useSourcesQuery() {
  return useQuery({
    queryKey: authzKeys.sources(),
    queryFn: async ({ signal }): Promise<AuthzSource[]> => (await api.GET('/authorization/sources', { signal }).then(unwrap)).sources ?? [],
  });
}

export function useSourceQuery(type: AnySourceType) {
  return useQuery({
    queryKey: authzKeys.source(type),
    meta: { silent: true },
    queryFn: async ({ signal }): Promise<AuthzSource> => unwrap(await api.GET('/authorization/sources/{type}', { params: { path: { type } }, signal })),
  });
}

export function useSourceStatusQuery(type: AnySourceType, enabled = true) {
  return useQuery({
    queryKey: authzKeys.status(type),
    meta: { silent: true },
    enabled,
    refetchInterval: 10_000,
    queryFn: ({ signal }) => api.GET('/authorization/sources/{type}/status', { params: { path: { type } }, signal }).then(unwrap),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: authzKeys.all });
}

export function useCreateSourceMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (s: AuthzSource) => api.POST('/authorization/sources', { body: s as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useUpdateSourceMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (s: AuthzSource) => api.PUT('/authorization/sources/{type}', { params: { path: { type: s.type } }, body: s as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

/**
 * A deleted source leaves the cached list at once and its status and detail queries are removed before the rest is
 * refetched: otherwise the list's status cells ask the node for the deleted type (404).
 */
export function useDeleteSourceMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (type: AnySourceType) => api.DELETE('/authorization/sources/{type}', { params: { path: { type } } }).then(unwrap),
    onSuccess: (_data, type) => {
      qc.setQueryData<AuthzSource[]>(authzKeys.sources(), (list) => list?.filter((s) => s.type !== type));
      qc.removeQueries({ queryKey: authzKeys.status(type) });
      qc.removeQueries({ queryKey: authzKeys.source(type) });
      return qc.invalidateQueries({ queryKey: authzKeys.all });
    },
  });
}

export function useMoveSourceMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ type, position }: { type: AnySourceType; position: string }) =>
      api.POST('/authorization/sources/{type}/move', { params: { path: { type } }, body: { position } as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useAuthzSettingsQuery() {
  return useQuery({
    queryKey: authzKeys.settings(),
    queryFn: ({ signal }) => api.GET('/authorization/settings', { signal }).then(unwrap),
  });
}

export function useSaveAuthzSettingsMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (s: AuthzSettings) => api.PUT('/authorization/settings', { body: s as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useCleanCacheMutation() {
  return useMutation({ mutationFn: () => api.DELETE('/authorization/cache').then(unwrap) });
}

const RULES_BASE = '/authorization/sources/built_in_database/rules';

export function useRulesQuery(kind: RulesKind, q: { page: number; limit: number; like?: string }) {
  return useQuery({
    queryKey: authzKeys.rules(kind, q),
    placeholderData: keepPreviousData,
    // awaited rather than .then(unwrap): with keepPreviousData beside it, TanStack would infer the data type from that function
    queryFn: async ({ signal }) => {
      const query = { page: q.page, limit: q.limit, ...(q.like ? { [kind === 'clients' ? 'like_clientid' : 'like_username']: q.like } : {}) };
      return kind === 'clients'
        ? unwrap(await api.GET(`${RULES_BASE}/clients`, { params: { query }, signal }))
        : unwrap(await api.GET(`${RULES_BASE}/users`, { params: { query }, signal }));
    },
  });
}

export function useSaveRulesMutation(kind: RulesKind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ who, rules, editing }: { who: string; rules: RuleInput[]; editing: boolean }) => {
      const row = kind === 'clients' ? { clientid: who, rules } : { username: who, rules };
      if (editing) {
        return kind === 'clients'
          ? api.PUT(`${RULES_BASE}/clients/{clientid}`, { params: { path: { clientid: who } }, body: row as AnyBody }).then(unwrap)
          : api.PUT(`${RULES_BASE}/users/{username}`, { params: { path: { username: who } }, body: row as AnyBody }).then(unwrap);
      }
      return kind === 'clients'
        ? api.POST(`${RULES_BASE}/clients`, { body: [row] as AnyBody }).then(unwrap)
        : api.POST(`${RULES_BASE}/users`, { body: [row] as AnyBody }).then(unwrap);
    },
    onSuccess: invalidate,
  });
}

export function useDeleteRulesMutation(kind: RulesKind) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (who: string) =>
      kind === 'clients'
        ? api.DELETE(`${RULES_BASE}/clients/{clientid}`, { params: { path: { clientid: who } } }).then(unwrap)
        : api.DELETE(`${RULES_BASE}/users/{username}`, { params: { path: { username: who } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useAllRulesQuery() {
  return useQuery({
    queryKey: authzKeys.rulesAll(),
    queryFn: async ({ signal }) => ((await api.GET(`${RULES_BASE}/all`, { signal }).then(unwrap)).rules ?? []) as Rule[],
  });
}

export function useSaveAllRulesMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (rules: RuleInput[]) => api.POST(`${RULES_BASE}/all`, { body: { rules } as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

export interface ExplainRequest {
  clientid: string;
  username?: string;
  peerhost?: string;
  action: 'publish' | 'subscribe';
  topic: string;
  qos?: number;
  retain?: boolean;
  is_superuser?: boolean;
}
export interface Explanation {
  result: 'allow' | 'deny';
  decided_by: 'superuser' | 'source' | 'no_match';
  source?: string;
  rule?: string;
  sources: { type: string; result: string }[];
}

/**
 * POST /authorization/explain: MQDeck's own endpoint (not in the EMQX contract, so not in `paths`);
 * a real EMQX answers 404 and the panel says so through the usual error toast.
 */
export function useExplainMutation() {
  return useMutation({
    mutationFn: async (req: ExplainRequest): Promise<Explanation> => {
      const token = getSession()?.token;
      const res = await fetch(`${apiBaseUrl()}/authorization/explain`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(req),
      });
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) throw toApiError(res.status, body, res.statusText);
      return body as Explanation;
    },
  });
}
