// Key factory, fetchers and hooks of /message_transformations… (EMQX emqx_message_transformation_http_api).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { DryRunMessage, DryRunOutput, Transformation, TransformationMetrics } from './message-transform.types';

export const transformKeys = {
  all: ['message_transformations'] as const,
  list: () => [...transformKeys.all, 'list'] as const,
  detail: (name: string) => [...transformKeys.all, 'detail', name] as const,
  metrics: (name: string) => [...transformKeys.all, 'metrics', name] as const,
};

// the generated types follow the document's mistakes (message-transform.types.ts): answers are read as EMQX sends them
const asList = (x: unknown) => x as Transformation[];
const asOne = (x: unknown) => x as Transformation;

export function useTransformationsQuery() {
  return useQuery({ queryKey: transformKeys.list(), queryFn: ({ signal }) => api.GET('/message_transformations', { signal }).then(unwrap).then(asList) });
}

export function useTransformationQuery(name: string) {
  return useQuery({
    queryKey: transformKeys.detail(name),
    queryFn: ({ signal }) =>
      api
        .GET('/message_transformations/transformation/{name}', { params: { path: { name } }, signal })
        .then(unwrap)
        .then(asOne),
  });
}

export function useTransformationMetricsQuery(name: string) {
  return useQuery({
    queryKey: transformKeys.metrics(name),
    refetchInterval: 5000,
    queryFn: ({ signal }) =>
      api
        .GET('/message_transformations/transformation/{name}/metrics', { params: { path: { name } }, signal })
        .then(unwrap)
        .then((x) => (x as unknown as { metrics: TransformationMetrics }).metrics),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: transformKeys.all });
}

export function useSaveTransformationMutation(editing: boolean) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Transformation) =>
      (editing ? api.PUT('/message_transformations', { body: body as never }) : api.POST('/message_transformations', { body: body as never })).then(unwrap).then(asOne),
    onSuccess: invalidate,
  });
}

export function useDeleteTransformationMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.DELETE('/message_transformations/transformation/{name}', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useEnableTransformationMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ name, enable }: { name: string; enable: boolean }) =>
      api.POST('/message_transformations/transformation/{name}/enable/{enable}', { params: { path: { name, enable } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useReorderTransformationsMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (order: string[]) => api.POST('/message_transformations/reorder', { body: { order } }).then(unwrap),
    onSuccess: invalidate,
  });
}

export function useResetTransformationMetricsMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (name: string) => api.POST('/message_transformations/transformation/{name}/metrics/reset', { params: { path: { name } } }).then(unwrap),
    onSuccess: invalidate,
  });
}

/** the dry run: the transformed message, or an API error whose message says why it failed */
export function useDryRunMutation() {
  return useMutation({
    mutationFn: (body: { transformation: Transformation; message: DryRunMessage }) =>
      api
        .POST('/message_transformations/dryrun', { body: body as never })
        .then(unwrap)
        .then((x) => x as unknown as DryRunOutput),
  });
}
