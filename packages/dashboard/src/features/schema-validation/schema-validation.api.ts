// Key factory, fetchers and hooks of /schema_validations… (EMQX emqx_schema_validation_http_api).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Validation, ValidationMetrics } from './schema-validation.types';

export const validationKeys = {
  all: ['schema_validations'] as const,
  list: () => [...validationKeys.all, 'list'] as const,
  detail: (name: string) => [...validationKeys.all, 'detail', name] as const,
  metrics: (name: string) => [...validationKeys.all, 'metrics', name] as const,
};

// the generated types follow the document's mistakes (schema-validation.types.ts): answers are read as EMQX sends them
const asList = (x: unknown) => x as Validation[];
const asOne = (x: unknown) => x as Validation;

export function useValidationsQuery() {
  return useQuery({ queryKey: validationKeys.list(), queryFn: ({ signal }) => api.GET('/schema_validations', { signal }).then(unwrap).then(asList) });
}

export function useValidationQuery(name: string) {
  return useQuery({
    queryKey: validationKeys.detail(name),
    queryFn: ({ signal }) =>
      api
        .GET('/schema_validations/validation/{name}', { params: { path: { name } }, signal })
        .then(unwrap)
        .then(asOne),
  });
}

export function useValidationMetricsQuery(name: string) {
  return useQuery({
    queryKey: validationKeys.metrics(name),
    refetchInterval: 5000,
    queryFn: ({ signal }) =>
      api
        .GET('/schema_validations/validation/{name}/metrics', { params: { path: { name } }, signal })
        .then(unwrap)
        .then((x) => (x as unknown as { metrics: ValidationMetrics }).metrics),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: validationKeys.all });
}

export function useSaveValidationMutation(editing: boolean) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Validation) =>
      (editing ? api.PUT('/schema_validations', { body: body as never }) : api.POST('/schema_validations', { body: body as never })).then(unwrap).then(asOne),
    onSuccess: invalidate,
  });
}

export function useDeleteValidationMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.DELETE('/schema_validations/validation/{name}', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useEnableValidationMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ name, enable }: { name: string; enable: boolean }) =>
      api.POST('/schema_validations/validation/{name}/enable/{enable}', { params: { path: { name, enable } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useReorderValidationsMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (order: string[]) => api.POST('/schema_validations/reorder', { body: { order } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useResetValidationMetricsMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.POST('/schema_validations/validation/{name}/metrics/reset', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}
