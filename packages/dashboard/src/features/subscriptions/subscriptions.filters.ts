import type { paths } from '@mqdeck/api';

export type SubscriptionListParams = NonNullable<paths['/subscriptions']['get']['parameters']['query']>;
export type TopicListParams = NonNullable<paths['/topics']['get']['parameters']['query']>;

export interface SubscriptionsTableQuery {
  page: number;
  limit: number;
  clientid: string;
  topic: string;
  match_topic: string;
  qos: '' | '0' | '1' | '2';
  share_group: string;
  node: string;
}

export const defaultSubscriptionsQuery: SubscriptionsTableQuery = {
  page: 1,
  limit: 20,
  clientid: '',
  topic: '',
  match_topic: '',
  qos: '',
  share_group: '',
  node: '',
};

export interface TopicsTableQuery {
  page: number;
  limit: number;
  topic: string;
}

export const defaultTopicsQuery: TopicsTableQuery = { page: 1, limit: 20, topic: '' };

/** Only non-empty filters are sent: an empty `topic=` would be an (invalid) exact filter to EMQX. */
export function toSubscriptionListParams(q: SubscriptionsTableQuery): SubscriptionListParams {
  const params: SubscriptionListParams = { page: q.page, limit: q.limit };
  const clientid = q.clientid.trim();
  const topic = q.topic.trim();
  const match = q.match_topic.trim();
  const group = q.share_group.trim();
  if (clientid) params.clientid = clientid;
  if (topic) params.topic = topic;
  if (match) params.match_topic = match;
  if (q.qos !== '') params.qos = Number(q.qos);
  if (group) params.share_group = group;
  if (q.node) params.node = q.node;
  return params;
}

export function toTopicListParams(q: TopicsTableQuery): TopicListParams {
  const topic = q.topic.trim();
  return topic ? { page: q.page, limit: q.limit, topic } : { page: q.page, limit: q.limit };
}

/** `$share/<group>/<topic>` → `{ group, topic }`; `$queue/<topic>` is the legacy share syntax with no group name. */
export function splitSharedTopic(topic: string): { group?: string; topic: string } {
  const m = /^\$share\/([^/]+)\/(.+)$/.exec(topic);
  if (m) return { group: m[1], topic: m[2] };
  if (topic.startsWith('$queue/')) return { group: '$queue', topic: topic.slice('$queue/'.length) };
  return { topic };
}
