// Keys, fetchers and hooks of the gateway screens (CONSOLE-REFERENCE §4.10): /gateways, /gateways/{name},
// …/enable/{true|false}, …/listeners, …/authentication (+ users), …/clients (+ subscriptions).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@mqdeck/api';
import type { GatewayMetricsView } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';
import { extensionRequest } from '../../shared/apiExtensions';
import type { GatewayConfig, GatewayListener, GatewayName, GatewayOverview, GatewayValues, ListenerValues } from './gateways.config';
import type { AuthnConfig } from '../authentication/authentication.config';

export const gatewayKeys = {
  all: ['gateways'] as const,
  list: ['gateways', 'list'] as const,
  detail: (name: string) => ['gateways', 'detail', name] as const,
  listeners: (name: string) => ['gateways', 'listeners', name] as const,
  authn: (name: string) => ['gateways', 'authn', name] as const,
  users: (name: string, q: UsersQuery) => ['gateways', 'users', name, q] as const,
  clients: (name: string, q: ClientsQuery) => ['gateways', 'clients', name, q] as const,
  client: (name: string, id: string) => ['gateways', 'client', name, id] as const,
  subs: (name: string, id: string) => ['gateways', 'subs', name, id] as const,
  metrics: (name: string) => ['gateways', 'metrics', name] as const,
};

// The contract types several bodies as unions of every gateway's schema; the forms build one of them at run time.
type AnyBody = never;

export function useGatewaysQuery() {
  return useQuery({
    queryKey: gatewayKeys.list,
    queryFn: ({ signal }): Promise<GatewayOverview[]> => api.GET('/gateways', { signal }).then(unwrap),
    refetchInterval: 5000,
  });
}

/** The gateway's settings; 404 is shown by the page. */
export function useGatewayQuery(name: GatewayName) {
  return useQuery({
    queryKey: gatewayKeys.detail(name),
    meta: { silent: true },
    queryFn: ({ signal }): Promise<GatewayConfig> => api.GET('/gateways/{name}', { params: { path: { name } }, signal }).then(unwrap),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: gatewayKeys.all });
}

/** PUT /gateways/{name}: both the first setup (with listeners) and later updates of the basic settings. */
export function useSaveGatewayMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: GatewayValues) => api.PUT('/gateways/{name}', { params: { path: { name } }, body: { ...body, name } as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

/** PUT /gateways/{name}/enable/{true|false}: start or stop (stopping closes every connection). */
export function useEnableGatewayMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ name, enable }: { name: GatewayName; enable: boolean }) => api.PUT('/gateways/{name}/enable/{enable}', { params: { path: { name, enable } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

// Listeners
/** `refreshMs`: refetched that often (the Metrics tab's live connection counts) */
export function useGatewayListenersQuery(name: GatewayName, refreshMs?: number) {
  return useQuery({
    queryKey: gatewayKeys.listeners(name),
    queryFn: ({ signal }): Promise<GatewayListener[]> => api.GET('/gateways/{name}/listeners', { params: { path: { name } }, signal }).then(unwrap),
    refetchInterval: refreshMs,
  });
}

export function useSaveGatewayListenerMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ListenerValues }) =>
      id
        ? api.PUT('/gateways/{name}/listeners/{id}', { params: { path: { name, id } }, body: body as AnyBody }).then(unwrap)
        : api.POST('/gateways/{name}/listeners', { params: { path: { name } }, body: body as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useDeleteGatewayListenerMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/gateways/{name}/listeners/{id}', { params: { path: { name, id } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

// Authentication (one authenticator per gateway; 204 = none)
export function useGatewayAuthnQuery(name: GatewayName) {
  return useQuery({
    queryKey: gatewayKeys.authn(name),
    queryFn: async ({ signal }): Promise<AuthnConfig | null> => {
      const reply = await api.GET('/gateways/{name}/authentication', { params: { path: { name } }, signal });
      return ((await unwrap(reply)) as AuthnConfig | undefined) ?? null;
    },
  });
}

export function useSaveGatewayAuthnMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, exists }: { body: AuthnConfig; exists: boolean }) =>
      exists
        ? api.PUT('/gateways/{name}/authentication', { params: { path: { name } }, body: body as AnyBody }).then(unwrap)
        : api.POST('/gateways/{name}/authentication', { params: { path: { name } }, body: body as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useDeleteGatewayAuthnMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.DELETE('/gateways/{name}/authentication', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export interface GatewayUser {
  user_id: string;
  is_superuser?: boolean;
}
export interface UsersQuery {
  page: number;
  limit: number;
  like_user_id?: string;
}

export function useGatewayUsersQuery(name: GatewayName, q: UsersQuery) {
  return useQuery({
    queryKey: gatewayKeys.users(name, q),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.GET('/gateways/{name}/authentication/users', { params: { path: { name }, query: q }, signal }).then(unwrap) as Promise<Paged<GatewayUser>>,
  });
}

export function useSaveGatewayUserMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ user_id, password, is_superuser, editing }: GatewayUser & { password?: string; editing: boolean }) =>
      editing
        ? api
            .PUT('/gateways/{name}/authentication/users/{uid}', {
              params: { path: { name, uid: user_id } },
              body: { is_superuser, ...(password ? { password } : {}) } as AnyBody,
            })
            .then(unwrap)
        : api.POST('/gateways/{name}/authentication/users', { params: { path: { name } }, body: { user_id, password, is_superuser } as AnyBody }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useDeleteGatewayUserMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (uid: string) => api.DELETE('/gateways/{name}/authentication/users/{uid}', { params: { path: { name, uid } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

// Clients
export interface GatewayClient {
  clientid: string;
  username?: string | null;
  endpoint_name?: string;
  /** LwM2M: the registration lifetime in seconds */
  lifetime?: number;
  node?: string;
  ip_address?: string;
  port?: number;
  connected?: boolean;
  connected_at?: string | number;
  proto_name?: string;
  proto_ver?: string;
  keepalive?: number;
  recv_msg?: number;
  recv_oct?: number;
  send_msg?: number;
  send_oct?: number;
  subscriptions_cnt?: number;
  [k: string]: unknown;
}
export interface GatewaySubscription {
  topic: string;
  qos?: number;
}
export interface ClientsQuery {
  page: number;
  limit: number;
  like_clientid?: string;
  like_username?: string;
  like_endpoint_name?: string;
}

export function useGatewayClientsQuery(name: GatewayName, q: ClientsQuery, enabled = true) {
  return useQuery({
    queryKey: gatewayKeys.clients(name, q),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
    queryFn: ({ signal }) => api.GET('/gateways/{name}/clients', { params: { path: { name }, query: q }, signal }).then(unwrap) as Promise<Paged<GatewayClient>>,
  });
}

export function useGatewayClientQuery(name: GatewayName, clientid: string | undefined) {
  return useQuery({
    queryKey: gatewayKeys.client(name, clientid ?? ''),
    enabled: !!clientid,
    queryFn: ({ signal }) =>
      api.GET('/gateways/{name}/clients/{clientid}', { params: { path: { name, clientid: clientid ?? '' } }, signal }).then(unwrap) as Promise<GatewayClient>,
  });
}

export function useGatewayClientSubsQuery(name: GatewayName, clientid: string | undefined) {
  return useQuery({
    queryKey: gatewayKeys.subs(name, clientid ?? ''),
    enabled: !!clientid,
    queryFn: ({ signal }) =>
      api.GET('/gateways/{name}/clients/{clientid}/subscriptions', { params: { path: { name, clientid: clientid ?? '' } }, signal }).then(unwrap) as Promise<GatewaySubscription[]>,
  });
}

export function useUnsubscribeGatewayClientMutation(name: GatewayName, clientid: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (topic: string) => api.DELETE('/gateways/{name}/clients/{clientid}/subscriptions/{topic}', { params: { path: { name, clientid, topic } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useKickGatewayClientMutation(name: GatewayName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (clientid: string) => api.DELETE('/gateways/{name}/clients/{clientid}', { params: { path: { name, clientid } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

/** GET /mqdeck/gateways/{name}/metrics (extension `gateway_metrics`): the gateway's counters; only asked of our node */
export function useGatewayMetricsQuery(name: GatewayName, enabled: boolean) {
  return useQuery({
    queryKey: gatewayKeys.metrics(name),
    queryFn: ({ signal }) => extensionRequest<GatewayMetricsView>('GET', `/mqdeck/gateways/${name}/metrics`, undefined, signal),
    enabled,
    refetchInterval: 5000,
  });
}
