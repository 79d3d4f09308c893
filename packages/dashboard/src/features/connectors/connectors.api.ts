// Keys, fetchers and hooks of the connectors (`/connectors…`, `/connectors_probe`), the schema documents the forms
// are built from (`/schemas/connectors`, `/schemas/actions`) and the types this node runs (`/action_types`,
// `/source_types`). Shared with the webhook pages and the flow view: keep the exported names stable.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { toApiError } from '../../api/errors';
import { extensionRequest, useApiExtension } from '../../shared/apiExtensions';
import { useLanguage } from '../../i18n/language';
import type { SchemaDoc } from '../../shared/schema-form/schema';

/** A resource's status as EMQX reports it (connectors also have `disabled` and `error`). */
export type ResourceStatus = 'connecting' | 'connected' | 'disconnected' | 'inconsistent' | 'stopped' | 'disabled' | 'error' | string;

export interface NodeStatus {
  node: string;
  status: ResourceStatus;
  status_reason?: string;
}

/** GET /connectors item: the config keys of its type plus the runtime fields. */
export interface Connector {
  type: string;
  name: string;
  enable?: boolean;
  description?: string;
  status?: ResourceStatus;
  status_reason?: string;
  node_status?: NodeStatus[];
  /** ids of the actions and sources using it (`<type>:<name>`) */
  actions?: string[];
  sources?: string[];
  [key: string]: unknown;
}

/** The keys of a connector that are not its config (never sent back in a PUT). */
export const CONNECTOR_RUNTIME_KEYS = ['type', 'name', 'status', 'status_reason', 'node_status', 'actions', 'sources', 'created_at', 'last_modified_at'] as const;

export const resourceId = (type: string, name: string) => `${type}:${name}`;

/** `http:my_hook` → { type: 'http', name: 'my_hook' } (the name may hold ':' too). */
export function parseResourceId(id: string): { type: string; name: string } {
  const i = id.indexOf(':');
  return i < 0 ? { type: '', name: id } : { type: id.slice(0, i), name: id.slice(i + 1) };
}

/** The config of a resource as PUT takes it: without type, name and the runtime fields. */
export function configOf(r: Record<string, unknown>, runtime: readonly string[] = CONNECTOR_RUNTIME_KEYS): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r).filter(([k]) => !runtime.includes(k)));
}

export const connectorKeys = {
  all: ['connectors'] as const,
  list: () => [...connectorKeys.all, 'list'] as const,
  detail: (id: string) => [...connectorKeys.all, 'detail', id] as const,
};

export function useConnectorsQuery(opts: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: connectorKeys.list(),
    queryFn: async ({ signal }) => (await api.GET('/connectors', { signal }).then(unwrap)) as unknown as Connector[],
    refetchInterval: opts.poll ? 10_000 : false,
  });
}

export function useConnectorQuery(id: string) {
  return useQuery({
    queryKey: connectorKeys.detail(id),
    queryFn: async ({ signal }) => (await api.GET('/connectors/{id}', { params: { path: { id } }, signal }).then(unwrap)) as unknown as Connector,
    meta: { silent: true },
  });
}

export function useCreateConnectorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => (await api.POST('/connectors', { body: body as never }).then(unwrap)) as unknown as Connector,
    onSuccess: () => qc.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

export function useUpdateConnectorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      (await api.PUT('/connectors/{id}', { params: { path: { id } }, body: configOf(body) as never }).then(unwrap)) as unknown as Connector,
    onSuccess: () => qc.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

export function useDeleteConnectorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/connectors/{id}', { params: { path: { id } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

export function useEnableConnectorMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enable }: { id: string; enable: boolean }) => api.PUT('/connectors/{id}/enable/{enable}', { params: { path: { id, enable } } }).then(unwrap),
    onSettled: () => qc.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

export type Operation = 'start';

/** Reconnect is `start` (what EMQX's console calls). */
export function useConnectorOperationMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, operation }: { id: string; operation: Operation }) => api.POST('/connectors/{id}/{operation}', { params: { path: { id, operation } } }).then(unwrap),
    onSettled: () => qc.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

/** POST /connectors_probe: resolves when the node could connect with this config; the node's error otherwise. */
export async function probeConnector(body: Record<string, unknown>): Promise<void> {
  await api.POST('/connectors_probe', { body: body as never }).then(unwrap);
}

/** A schema document for the forms, in the UI language (our node's `?lang=`; EMQX ignores it). */
export function useSchemaDocQuery(name: 'connectors' | 'actions') {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['schemas', name, lang] as const,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await api.GET('/schemas/{name}', { params: { path: { name }, query: { lang } }, signal }).then(unwrap)) as unknown as SchemaDoc,
  });
}

/** The types a node runs, per root; null when every type the document describes is taken to run (a real EMQX). */
export interface RunnableTypes {
  connectors: string[];
  actions: string[];
  sources: string[];
}

export type Root = keyof RunnableTypes;
const PROBE: Record<Root, '/connectors_probe' | '/actions_probe' | '/sources_probe'> = {
  connectors: '/connectors_probe',
  actions: '/actions_probe',
  sources: '/sources_probe',
};

/**
 * Whether the node runs `type` under `root`, from a real answer: a probe with the type alone. MQDeck's node refuses
 * a type it does not run before anything else ('This node does not run mysql connectors…'); a type it runs (and
 * every type on a real EMQX) fails the probe on the missing fields instead, so nothing is started either way.
 */
async function probeRuns(root: Root, type: string, signal?: AbortSignal): Promise<boolean> {
  const r = await api.POST(PROBE[root], { body: { type, name: 'probe' } as never, signal });
  if (r.response.ok) return true;
  const err = toApiError(r.response.status, r.error, r.response.statusText);
  return !(err.status === 400 && /does not run/i.test(err.message));
}

/**
 * Which of `types` (from the schema document) the node runs under `root`: the node's `connector_types` extension
 * when it lists them, else a probe per type (a real EMQX runs every type it describes, and its probes say so).
 */
export function useRunnableTypesQuery(root: Root, types: string[]) {
  const listed = useApiExtension('connector_types');
  return useQuery({
    queryKey: ['resource_types', root, listed, types] as const,
    staleTime: 5 * 60_000,
    meta: { silent: true },
    enabled: types.length > 0,
    queryFn: async ({ signal }): Promise<Set<string>> => {
      if (listed) {
        const body = await extensionRequest<Partial<RunnableTypes>>('GET', '/mqdeck/connector_types', undefined, signal);
        return new Set(Array.isArray(body?.[root]) ? body[root] : []);
      }
      const runs = await Promise.all(types.map((t) => probeRuns(root, t, signal).then((ok) => [t, ok] as const)));
      return new Set(runs.filter(([, ok]) => ok).map(([t]) => t));
    },
  });
}

/** EMQX's console names the three objects of a webhook `<name>_WH_D`; they are managed on the webhook pages only. */
export const WEBHOOK_SUFFIX = '_WH_D';
export const isWebhookManaged = (name: string) => name.endsWith(WEBHOOK_SUFFIX);
