// Keys, fetchers and hooks of the rule engine (`/rules…`, `/rule_events`, `/rule_test`, `/sources_summary`).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';
import { ApiRequestError, toApiError } from '../../api/errors';
import { extensionRequest } from '../../shared/apiExtensions';
import { prettyJson } from '../../shared/PayloadViewer';
import { parseSources, toRuleEvents } from './rule-events';
import { fromView } from './actions';
import type { Rule, RuleCreation, RuleEvent, RuleTestContext, SourceSummary } from './rules.types';

export type SearchField = 'like_id' | 'like_from' | 'like_description';
export const SEARCH_FIELDS: SearchField[] = ['like_id', 'like_from', 'like_description'];

export interface RulesTableQuery {
  page: number;
  limit: number;
  field: SearchField;
  value?: string;
}
export const defaultRulesQuery: RulesTableQuery = { page: 1, limit: 20, field: 'like_id', value: undefined };

export function toRulesListParams(q: RulesTableQuery) {
  const value = q.value?.trim();
  return { page: q.page, limit: q.limit, ...(value ? { [q.field]: value } : {}) };
}

export const ruleKeys = {
  all: ['rules'] as const,
  list: (q: RulesTableQuery) => [...ruleKeys.all, 'list', q] as const,
  detail: (id: string) => [...ruleKeys.all, 'detail', id] as const,
  metrics: (id: string) => [...ruleKeys.all, 'metrics', id] as const,
  events: ['rule_events'] as const,
  sources: ['sources_summary'] as const,
};

export function useRulesQuery(q: RulesTableQuery) {
  return useQuery({
    queryKey: ruleKeys.list(q),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Paged<Rule>> => {
      const r = await api.GET('/rules', { params: { query: toRulesListParams(q) }, signal }).then(unwrap);
      return { data: r.data ?? [], meta: r.meta ?? { page: q.page, limit: q.limit, hasnext: false } };
    },
  });
}

export function useRuleQuery(id: string) {
  return useQuery({
    queryKey: ruleKeys.detail(id),
    queryFn: ({ signal }) => api.GET('/rules/{id}', { params: { path: { id } }, signal }).then(unwrap),
    meta: { silent: true },
  });
}

export function useRuleMetricsQuery(id: string, opts: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: ruleKeys.metrics(id),
    queryFn: ({ signal }) => api.GET('/rules/{id}/metrics', { params: { path: { id } }, signal }).then(unwrap),
    refetchInterval: opts.poll ? 5_000 : false,
  });
}

/** The body of POST /rules: `id` is optional there (the node makes one up), absent from the contract's rule_creation. */
export type NewRule = RuleCreation & { id?: string };

export function useCreateRuleMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRule) => api.POST('/rules', { body }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

export function useUpdateRuleMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RuleCreation }) => api.PUT('/rules/{id}', { params: { path: { id } }, body }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

/**
 * The list's switch. The contract's PUT body is the whole rule, so it is read fresh first: a row loaded a while
 * ago must not put back an SQL someone changed since (EMQX merges a partial PUT; the typed body is complete).
 */
export function useToggleRuleMutation() {
  const update = useUpdateRuleMutation();
  return useMutation({
    mutationFn: async ({ rule, enable }: { rule: Rule; enable: boolean }) => {
      const now = await api.GET('/rules/{id}', { params: { path: { id: rule.id } } }).then(unwrap);
      return update.mutateAsync({ id: rule.id, body: { sql: now.sql, actions: now.actions.map(fromView), description: now.description, name: now.name, enable } });
    },
  });
}

export function useDeleteRuleMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/rules/{id}', { params: { path: { id } } }).then(unwrap),
    // not the deleted rule's own queries: its row still shows until the list comes back, and asking its metrics
    // again would answer 404 'Rule Id Not Found' in front of the operator
    onSuccess: (_d, id) => qc.invalidateQueries({ queryKey: ruleKeys.all, predicate: (q) => !q.queryKey.includes(id) }),
  });
}

export function useResetRuleMetricsMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.PUT('/rules/{id}/metrics/reset', { params: { path: { id } } }).then(unwrap),
    onSuccess: (_d, id) => qc.invalidateQueries({ queryKey: ruleKeys.metrics(id) }),
  });
}

export function useRuleEventsQuery() {
  return useQuery({
    queryKey: ruleKeys.events,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<RuleEvent[]> => toRuleEvents(await api.GET('/rule_events', { signal }).then(unwrap)),
  });
}

/** Data-integration sources; null when the node has no such route (404: no sources to pick). */
export function useSourcesSummaryQuery() {
  return useQuery({
    queryKey: ruleKeys.sources,
    staleTime: 60_000,
    meta: { silent: true },
    queryFn: async ({ signal }): Promise<SourceSummary[] | null> => {
      try {
        return parseSources(await extensionRequest<unknown>('GET', '/sources_summary', undefined, signal));
      } catch (e) {
        if (e instanceof ApiRequestError && (e.status === 404 || e.status === 405)) return null;
        throw e;
      }
    },
  });
}

export type TestOutcome = { kind: 'ok'; output: string } | { kind: 'no_result'; message: string } | { kind: 'error'; message: string; code: string };

/** POST /rule_test: 200 with the output (read as text, as EMQX's console does), 412 NOT_MATCH = no result, else an error. */
export async function runRuleTest(sql: string, context: RuleTestContext, signal?: AbortSignal): Promise<TestOutcome> {
  const r = await api.POST('/rule_test', { body: { sql, context }, parseAs: 'text', signal });
  if (r.response.ok) return { kind: 'ok', output: prettyJson(r.data ?? '') ?? r.data ?? '' };
  const err = toApiError(r.response.status, r.error, r.response.statusText);
  if (r.response.status === 412) return { kind: 'no_result', message: err.message };
  return { kind: 'error', message: err.message, code: err.code };
}
