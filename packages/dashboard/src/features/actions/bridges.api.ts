// Actions (egress, `/actions…`) and sources (ingress, `/sources…`) have the same API in EMQX 5.8: list, detail,
// create, update, delete (refused with the rules using them), enable, start (reconnect), metrics and reset, probe.
// One set of fetchers serves both; actions.api.ts and sources/sources.api.ts name them for each.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { toApiError } from '../../api/errors';
import type { NodeStatus, ResourceStatus } from '../connectors/connectors.api';
import { configOf, connectorKeys } from '../connectors/connectors.api';

export type BridgeKind = 'actions' | 'sources';

/** GET /actions (or /sources) item. */
export interface Bridge {
  type: string;
  name: string;
  connector: string;
  enable?: boolean;
  description?: string;
  status?: ResourceStatus;
  status_reason?: string;
  node_status?: NodeStatus[];
  parameters?: Record<string, unknown>;
  resource_opts?: Record<string, unknown>;
  created_at?: string | number;
  last_modified_at?: string | number;
  [key: string]: unknown;
}

export interface BridgeMetrics {
  metrics?: Record<string, number>;
  node_metrics?: { node: string; metrics?: Record<string, number> }[];
}

export const BRIDGE_RUNTIME_KEYS = ['type', 'name', 'status', 'status_reason', 'node_status', 'created_at', 'last_modified_at', 'rules'] as const;

export const bridgeKeys = {
  all: (kind: BridgeKind) => [kind] as const,
  list: (kind: BridgeKind) => [kind, 'list'] as const,
  detail: (kind: BridgeKind, id: string) => [kind, 'detail', id] as const,
  metrics: (kind: BridgeKind, id: string) => [kind, 'metrics', id] as const,
};

// The two kinds' paths have the same parameters and answers: the actions' typing stands for both.
const at = (kind: BridgeKind) => ({
  list: `/${kind}` as '/actions',
  one: `/${kind}/{id}` as '/actions/{id}',
  enable: `/${kind}/{id}/enable/{enable}` as '/actions/{id}/enable/{enable}',
  op: `/${kind}/{id}/{operation}` as '/actions/{id}/{operation}',
  nodeOp: `/nodes/{node}/${kind}/{id}/{operation}` as '/nodes/{node}/actions/{id}/{operation}',
  metrics: `/${kind}/{id}/metrics` as '/actions/{id}/metrics',
  reset: `/${kind}/{id}/metrics/reset` as '/actions/{id}/metrics/reset',
  probe: `/${kind}_probe` as '/actions_probe',
});

export function useBridgesQuery(kind: BridgeKind, opts: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: bridgeKeys.list(kind),
    queryFn: async ({ signal }) => (await api.GET(at(kind).list, { signal }).then(unwrap)) as unknown as Bridge[],
    refetchInterval: opts.poll ? 10_000 : false,
  });
}

export function useBridgeQuery(kind: BridgeKind, id: string) {
  return useQuery({
    queryKey: bridgeKeys.detail(kind, id),
    queryFn: async ({ signal }) => (await api.GET(at(kind).one, { params: { path: { id } }, signal }).then(unwrap)) as unknown as Bridge,
    meta: { silent: true },
  });
}

export function useBridgeMetricsQuery(kind: BridgeKind, id: string, opts: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: bridgeKeys.metrics(kind, id),
    queryFn: async ({ signal }) => (await api.GET(at(kind).metrics, { params: { path: { id } }, signal }).then(unwrap)) as unknown as BridgeMetrics,
    refetchInterval: opts.poll ? 5_000 : false,
  });
}

function useInvalidate(kind: BridgeKind) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: bridgeKeys.all(kind) }),
      // a connector lists its actions and sources
      qc.invalidateQueries({ queryKey: connectorKeys.all }),
    ]);
}

export function useCreateBridgeMutation(kind: BridgeKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => (await api.POST(at(kind).list, { body: body as never }).then(unwrap)) as unknown as Bridge,
    onSuccess: invalidate,
  });
}

export function useUpdateBridgeMutation(kind: BridgeKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      (await api.PUT(at(kind).one, { params: { path: { id } }, body: configOf(body, BRIDGE_RUNTIME_KEYS) as never }).then(unwrap)) as unknown as Bridge,
    onSuccess: invalidate,
  });
}

export function useEnableBridgeMutation(kind: BridgeKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, enable }: { id: string; enable: boolean }) => api.PUT(at(kind).enable, { params: { path: { id, enable } } }).then(unwrap),
    onSettled: invalidate,
  });
}

/** Reconnect: POST …/{id}/start. */
export function useReconnectBridgeMutation(kind: BridgeKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (id: string) => api.POST(at(kind).op, { params: { path: { id, operation: 'start' } } }).then(unwrap),
    onSettled: invalidate,
  });
}

/** Reconnect on one node: POST /nodes/{node}/…/{id}/start. */
export function useReconnectBridgeOnNodeMutation(kind: BridgeKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, node }: { id: string; node: string }) => api.POST(at(kind).nodeOp, { params: { path: { node, id, operation: 'start' } } }).then(unwrap),
    onSettled: invalidate,
  });
}

export function useResetBridgeMetricsMutation(kind: BridgeKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.PUT(at(kind).reset, { params: { path: { id } } }).then(unwrap),
    onSuccess: (_d, id) => qc.invalidateQueries({ queryKey: bridgeKeys.metrics(kind, id) }),
  });
}

/** What DELETE answered: done, or refused because rules use it (EMQX: 400 with their ids in `rules`). */
export type DeleteOutcome = { deleted: true } | { deleted: false; rules: string[] };

/**
 * DELETE …/{id}; with `alsoFromRules` the node also removes it from the rules using it (actions:
 * `also_delete_dep_actions=true`). A refusal naming rules is returned, not thrown: the page asks about them.
 */
export async function deleteBridge(kind: BridgeKind, id: string, alsoFromRules = false): Promise<DeleteOutcome> {
  const r = await api.DELETE(at(kind).one, { params: { path: { id }, query: alsoFromRules ? { also_delete_dep_actions: true } : {} } });
  if (r.response.ok) return { deleted: true };
  const body: unknown = r.error;
  const rules = body && typeof body === 'object' && 'rules' in body && Array.isArray(body.rules) ? body.rules.filter((x): x is string => typeof x === 'string') : undefined;
  if (r.response.status === 400 && rules?.length) return { deleted: false, rules };
  throw toApiError(r.response.status, body, r.response.statusText);
}

export function useDeleteBridgeMutation(kind: BridgeKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, alsoFromRules }: { id: string; alsoFromRules?: boolean }) => deleteBridge(kind, id, alsoFromRules),
    onSuccess: async (out) => {
      if (out.deleted) await invalidate();
    },
  });
}

export async function probeBridge(kind: BridgeKind, body: Record<string, unknown>): Promise<void> {
  await api.POST(at(kind).probe, { body: body as never }).then(unwrap);
}
