import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas, Subscription } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';
import { toSubscriptionListParams, toTopicListParams, type SubscriptionsTableQuery, type TopicsTableQuery } from './subscriptions.filters';

export type TopicRoute = Schemas['emqx_mgmt_api_topics.topic'];
/** EMQX sends `clientid: null` for the broker's own internal subscriptions. */
export type SubscriptionRow = Omit<Subscription, 'clientid'> & { clientid?: string | null };

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (q: SubscriptionsTableQuery) => [...subscriptionKeys.all, 'list', q] as const,
  topics: (q: TopicsTableQuery) => ['topics', 'list', q] as const,
};

/** The 5.8.1 OpenAPI JSON types this answer as a bare array; EMQX really sends `{data, meta}` (API.md §3.5). */
export function useSubscriptionsQuery(q: SubscriptionsTableQuery) {
  return useQuery({
    queryKey: subscriptionKeys.list(q),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => unwrap(await api.GET('/subscriptions', { params: { query: toSubscriptionListParams(q) }, signal })),
  });
}

export function useTopicsQuery(q: TopicsTableQuery) {
  return useQuery({
    queryKey: subscriptionKeys.topics(q),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => unwrap(await api.GET('/topics', { params: { query: toTopicListParams(q) }, signal })),
  });
}
