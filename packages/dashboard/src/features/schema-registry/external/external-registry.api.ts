// Key factory, fetchers and hooks of /schema_registry_external… (EMQX 5.8 EE emqx_schema_registry_http_api): the
// Confluent-compatible registries the node is a client of. The node answers a registry as {type, url, auth} with the
// password as ******; sending ****** back keeps the stored password. The 5.8.1 document types these answers as
// schemas, so the shapes are stated here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export interface BasicAuth {
  mechanism?: 'basic';
  username: string;
  password: string;
}

export interface ExternalRegistry {
  type: 'confluent';
  url: string;
  auth: 'none' | BasicAuth;
}

export interface NamedExternalRegistry extends ExternalRegistry {
  name: string;
}

export const EXTERNAL_TYPES: ExternalRegistry['type'][] = ['confluent'];

export const externalKeys = {
  all: ['schema_registry_external'] as const,
  list: () => [...externalKeys.all, 'list'] as const,
  detail: (name: string) => [...externalKeys.all, 'detail', name] as const,
};

/** the list, in name order: the node answers a map name → registry */
export function useExternalRegistriesQuery() {
  return useQuery({
    queryKey: externalKeys.list(),
    queryFn: async ({ signal }): Promise<NamedExternalRegistry[]> => {
      const map = (await api.GET('/schema_registry_external', { signal }).then(unwrap)) as unknown as Record<string, ExternalRegistry>;
      return Object.entries(map)
        .filter(([, v]) => typeof v === 'object' && v !== null)
        .map(([name, v]) => ({ name, ...v }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

export function useExternalRegistryQuery(name: string | undefined) {
  return useQuery({
    queryKey: externalKeys.detail(name ?? ''),
    enabled: !!name,
    queryFn: async ({ signal }) =>
      (await api.GET('/schema_registry_external/registry/{name}', { params: { path: { name: name ?? '' } }, signal }).then(unwrap)) as unknown as ExternalRegistry,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: externalKeys.all });
}

export function useCreateExternalRegistryMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: NamedExternalRegistry) => api.POST('/schema_registry_external', { body }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useUpdateExternalRegistryMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ name, ...body }: NamedExternalRegistry) =>
      api.PUT('/schema_registry_external/registry/{name}', { params: { path: { name } }, body: body as never }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useDeleteExternalRegistryMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.DELETE('/schema_registry_external/registry/{name}', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}
