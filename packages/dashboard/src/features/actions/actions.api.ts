// The actions (Sink) of data integration, `/actions…`: the shared bridge fetchers named for actions. Used by the
// rule editor's action picker, the webhook pages and the flow view: keep the exported names stable.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import {
  bridgeKeys,
  deleteBridge,
  probeBridge,
  useBridgeMetricsQuery,
  useBridgeQuery,
  useBridgesQuery,
  useCreateBridgeMutation,
  useDeleteBridgeMutation,
  useEnableBridgeMutation,
  useReconnectBridgeMutation,
  useResetBridgeMetricsMutation,
  useUpdateBridgeMutation,
  type Bridge,
} from './bridges.api';

export type { Bridge as Action, BridgeMetrics as ActionMetrics, DeleteOutcome } from './bridges.api';

export const actionKeys = {
  all: bridgeKeys.all('actions'),
  list: () => bridgeKeys.list('actions'),
  detail: (id: string) => bridgeKeys.detail('actions', id),
  metrics: (id: string) => bridgeKeys.metrics('actions', id),
};

export const useActionsQuery = (opts?: { poll?: boolean }) => useBridgesQuery('actions', opts);
export const useActionQuery = (id: string) => useBridgeQuery('actions', id);
export const useActionMetricsQuery = (id: string, opts?: { poll?: boolean }) => useBridgeMetricsQuery('actions', id, opts);
export const useCreateActionMutation = () => useCreateBridgeMutation('actions');
export const useUpdateActionMutation = () => useUpdateBridgeMutation('actions');
export const useEnableActionMutation = () => useEnableBridgeMutation('actions');
export const useReconnectActionMutation = () => useReconnectBridgeMutation('actions');
export const useResetActionMetricsMutation = () => useResetBridgeMetricsMutation('actions');
export const useDeleteActionMutation = () => useDeleteBridgeMutation('actions');
export const deleteAction = (id: string, alsoFromRules = false) => deleteBridge('actions', id, alsoFromRules);
export const probeAction = (body: Record<string, unknown>) => probeBridge('actions', body);

/**
 * The actions a rule can call, as `<type>:<name>` with their state, for the rule editor's picker
 * (GET /actions; EMQX's console asks /actions_summary, which the 5.8.1 contract lacks).
 */
export function useActionChoicesQuery(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...actionKeys.all, 'choices'] as const,
    enabled: opts.enabled ?? true,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const list = (await api.GET('/actions', { signal }).then(unwrap)) as unknown as Bridge[];
      return list.map((a) => ({ id: `${a.type}:${a.name}`, type: a.type, name: a.name, enable: a.enable !== false, status: a.status }));
    },
  });
}
