// Key factory, fetchers and hooks of /schema_registry… (EMQX emqx_schema_registry_http_api).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type Schema = ReplyOf<'/schema_registry/{name}', 'get', 200>;
export type SchemaType = Schema['type'];
export const SCHEMA_TYPES: SchemaType[] = ['avro', 'protobuf', 'json'];

export const schemaKeys = {
  all: ['schema_registry'] as const,
  list: () => [...schemaKeys.all, 'list'] as const,
  detail: (name: string) => [...schemaKeys.all, 'detail', name] as const,
};

export function useSchemasQuery() {
  return useQuery({ queryKey: schemaKeys.list(), queryFn: ({ signal }) => api.GET('/schema_registry', { signal }).then(unwrap) });
}

export function useSchemaQuery(name: string | undefined) {
  return useQuery({
    queryKey: schemaKeys.detail(name ?? ''),
    enabled: !!name,
    queryFn: ({ signal }) => api.GET('/schema_registry/{name}', { params: { path: { name: name ?? '' } }, signal }).then(unwrap),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: schemaKeys.all });
}

/** The form shows the node's sentence about a source under the editor, so these mutations are not toasted. */
const inPlace = { meta: { silent: true } };

export function useCreateSchemaMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    ...inPlace,
    mutationFn: (body: Schema) => api.POST('/schema_registry', { body }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useUpdateSchemaMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    ...inPlace,
    mutationFn: ({ name, type, source, description }: Schema) =>
      api.PUT('/schema_registry/{name}', { params: { path: { name } }, body: { type, source, description } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useDeleteSchemaMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.DELETE('/schema_registry/{name}', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}
