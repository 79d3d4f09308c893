// TopicTrie.matchAll caches per topic: filters added or removed after a topic was matched must show at once.
import { expect, test } from 'vitest';
import { TopicTrie } from '../src/topics/trie';

const keys = (t: TopicTrie<number>, topic: string) => t.matchAll(topic).flatMap((m) => [...m.keys()]).sort();

test('matchAll follows new filters, new keys on existing filters and removals after a topic was cached', () => {
  const t = new TopicTrie<number>();
  t.set('a/+', 'c1', 1);
  expect(keys(t, 'a/b')).toEqual(['c1']);
  t.set('a/+', 'c2', 2); // same filter, another key: visible through the cached map
  expect(keys(t, 'a/b')).toEqual(['c1', 'c2']);
  t.set('#', 'c3', 3); // a new filter: the cache starts over
  expect(keys(t, 'a/b')).toEqual(['c1', 'c2', 'c3']);
  t.delete('a/+', 'c1');
  t.delete('a/+', 'c2'); // the filter is gone
  expect(keys(t, 'a/b')).toEqual(['c3']);
  t.delete('#', 'c3');
  expect(keys(t, 'a/b')).toEqual([]);
  expect(keys(t, '$SYS/x')).toEqual([]);
  t.set('#', 'c4', 4);
  expect(keys(t, '$SYS/x')).toEqual([]); // [MQTT-4.7.2-1] still applies to cached results
  expect(keys(t, 'x')).toEqual(['c4']);
});

test('the cache stays bounded with many distinct topics', () => {
  const t = new TopicTrie<number>();
  t.set('d/+', 'c', 1);
  let matched = 0;
  for (let i = 0; i < 25_000; i++) matched += t.matchAll(`d/${i}`).length;
  expect(matched).toBe(25_000);
  expect((t as unknown as { matchCache: Map<string, unknown> }).matchCache.size).toBeLessThanOrEqual(10_000);
});
