import { describe, expect, it } from 'vitest';
import { defaultSubscriptionsQuery, defaultTopicsQuery, splitSharedTopic, toSubscriptionListParams, toTopicListParams } from './subscriptions.filters';

describe('subscription filters', () => {
  it('drops empty filters', () => {
    expect(toSubscriptionListParams({ ...defaultSubscriptionsQuery, clientid: '  ' })).toEqual({ page: 1, limit: 20 });
  });

  it('sends every filter that is set, qos as a number', () => {
    const q = {
      ...defaultSubscriptionsQuery,
      clientid: 'c1',
      topic: 't/1',
      match_topic: 't/#',
      qos: '0' as const,
      share_group: 'g',
      node: 'n@h',
    };
    expect(toSubscriptionListParams(q)).toEqual({
      page: 1,
      limit: 20,
      clientid: 'c1',
      topic: 't/1',
      match_topic: 't/#',
      qos: 0,
      share_group: 'g',
      node: 'n@h',
    });
  });

  it('topic search is optional', () => {
    expect(toTopicListParams(defaultTopicsQuery)).toEqual({ page: 1, limit: 20 });
    expect(toTopicListParams({ ...defaultTopicsQuery, topic: 'a/+' })).toEqual({ page: 1, limit: 20, topic: 'a/+' });
  });

  it('splits shared subscription topics', () => {
    expect(splitSharedTopic('$share/g1/a/b')).toEqual({ group: 'g1', topic: 'a/b' });
    expect(splitSharedTopic('$queue/a')).toEqual({ group: '$queue', topic: 'a' });
    expect(splitSharedTopic('a/b')).toEqual({ topic: 'a/b' });
  });
});
