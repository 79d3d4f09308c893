import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

/** One monitored topic as the node answers it (`messages.<metric>.count|rate`, contract deviation). */
export type TopicMetrics = ReplyOf<'/mqtt/topic_metrics/{topic}', 'get', 200>;
export type TopicMetricsValues = TopicMetrics['metrics'];

/** how often the screens read the counters again (the node refreshes its rates every second) */
export const POLL_MS = 5000;

export const topicMetricsKeys = {
  all: ['mqtt', 'topic_metrics'] as const,
  list: () => [...topicMetricsKeys.all, 'list'] as const,
  one: (topic: string) => [...topicMetricsKeys.all, 'one', topic] as const,
};

export function useTopicMetricsQuery() {
  return useQuery({
    queryKey: topicMetricsKeys.list(),
    refetchInterval: POLL_MS,
    queryFn: ({ signal }) => api.GET('/mqtt/topic_metrics', { signal }).then(unwrap),
  });
}

export function useTopicMetricQuery(topic: string | undefined) {
  return useQuery({
    queryKey: topicMetricsKeys.one(topic ?? ''),
    enabled: topic !== undefined,
    refetchInterval: POLL_MS,
    queryFn: ({ signal }) => api.GET('/mqtt/topic_metrics/{topic}', { params: { path: { topic: topic ?? '' } }, signal }).then(unwrap),
  });
}

export function useAddTopicMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (topic: string) => api.POST('/mqtt/topic_metrics', { body: { topic } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: topicMetricsKeys.all }),
  });
}

export function useRemoveTopicMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (topic: string) => api.DELETE('/mqtt/topic_metrics/{topic}', { params: { path: { topic } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: topicMetricsKeys.all }),
  });
}

/** one topic, or every topic without one */
export function useResetTopicMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (topic?: string) => api.PUT('/mqtt/topic_metrics', { body: topic === undefined ? { action: 'reset' } : { action: 'reset', topic } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: topicMetricsKeys.all }),
  });
}
