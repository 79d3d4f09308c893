// Listeners: GET /listeners, GET|PUT|DELETE /listeners/{id}, POST /listeners, POST /listeners/{id}/start|stop|restart.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export const LISTENER_TYPES = ['tcp', 'ssl', 'ws', 'wss', 'quic'] as const;
export type ListenerType = (typeof LISTENER_TYPES)[number];

/** One listener of GET /listeners, with its cluster-wide status and the status per node. */
export type ListenerSummary = ReplyOf<'/listeners', 'get', 200>[number];
export type ListenerStatus = NonNullable<ListenerSummary['status']>;
/** The raw listener config (bind, tcp_options, ssl_options, websocket…), as GET /listeners/{id} returns it. */
export type ListenerConfig = Record<string, any>;

export const listenerKeys = {
  all: ['listeners'] as const,
  list: () => [...listenerKeys.all, 'list'] as const,
  detail: (id: string) => [...listenerKeys.all, 'detail', id] as const,
};

// The status read-outs of GET /listeners/{id} are not config: never send them back.
const READ_ONLY = ['running', 'current_connections'];
export function toBody(config: ListenerConfig): ListenerConfig {
  return Object.fromEntries(Object.entries(config).filter(([k]) => !READ_ONLY.includes(k)));
}

/**
 * EMQX's OpenAPI types enable_authn as a string enum holding true/false, so a schema-validating server can refuse the
 * boolean that GET returns: an unchanged value is left out (POST defaults it, PUT merges it from the stored config).
 */
export function dropUnchangedAuthn(body: ListenerConfig, base: ListenerConfig | undefined): ListenerConfig {
  if (body.enable_authn === undefined || body.enable_authn !== (base?.enable_authn ?? true)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'enable_authn'));
}

export function useListenersQuery() {
  return useQuery({
    queryKey: listenerKeys.list(),
    // Connection counts move: refresh while the screen is open.
    refetchInterval: 10_000,
    queryFn: ({ signal }) => api.GET('/listeners', { signal }).then(unwrap),
  });
}

export const getListener = (id: string, signal?: AbortSignal) => api.GET('/listeners/{id}', { params: { path: { id } }, signal }).then(unwrap);

export function useListenerQuery(id: string | undefined) {
  return useQuery({ queryKey: listenerKeys.detail(id ?? ''), enabled: !!id, queryFn: ({ signal }) => getListener(id!, signal) });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: listenerKeys.all });
}

export function useCreateListenerMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ListenerConfig) => api.POST('/listeners', { body: dropUnchangedAuthn(body, undefined) as never }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useUpdateListenerMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, config, base }: { id: string; config: ListenerConfig; base: ListenerConfig }) =>
      api.PUT('/listeners/{id}', { params: { path: { id } }, body: dropUnchangedAuthn({ ...toBody(config), id }, base) as never }).then(unwrap),
    onSuccess: invalidate,
  });
}

/** Enable/disable persists: the node's current config goes back with only `enable` changed. */
export function useSetListenerEnabledMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, enable }: { id: string; enable: boolean }) => {
      const config = await getListener(id);
      const body = dropUnchangedAuthn({ ...toBody(config), id, enable }, config);
      return api.PUT('/listeners/{id}', { params: { path: { id } }, body: body as never }).then(unwrap);
    },
    onSettled: invalidate,
  });
}

export function useListenerActionMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, op }: { id: string; op: 'start' | 'stop' | 'restart' }) => {
      const path = { params: { path: { id } } };
      if (op === 'start') return api.POST('/listeners/{id}/start', path).then(unwrap);
      if (op === 'stop') return api.POST('/listeners/{id}/stop', path).then(unwrap);
      return api.POST('/listeners/{id}/restart', path).then(unwrap);
    },
    onSettled: invalidate,
  });
}

export function useDeleteListenerMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/listeners/{id}', { params: { path: { id } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

// GET /configs/zones (hidden from EMQX's swagger; in the contract's extensions) lists the custom zones by name;
// `default` is always there. A node without the route leaves just `default`.
export function useZoneNamesQuery() {
  return useQuery({
    queryKey: ['configs', 'zones'] as const,
    queryFn: async ({ signal }): Promise<string[]> => {
      const zones = await api.GET('/configs/zones', { signal }).then(unwrap);
      const custom = zones && typeof zones === 'object' && !Array.isArray(zones) ? Object.keys(zones) : [];
      return ['default', ...custom.filter((z) => z !== 'default')];
    },
    // a node without the route (404) simply offers `default`: no error toast each time the drawer opens
    meta: { silent: true },
    staleTime: 60_000,
    retry: false,
  });
}
