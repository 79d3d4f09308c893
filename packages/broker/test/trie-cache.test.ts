// TopicTrie.matchAll caches per topic: filters added or removed after a topic was matched must show at once.
import { expect, test } from 'vitest';
import { TopicTrie } from '../src/topics/trie';

const keys = (t: TopicTrie<number>, topic: string) =>
  t
    .matchAll(topic)
    .flatMap((m) => [...m.keys()])
    .sort();

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

const cached = (t: TopicTrie<number>) => [...(t as unknown as { matchCache: Map<string, unknown> }).matchCache.keys()].sort();

test('a filter appearing or disappearing forgets only the cached topics under its first level', () => {
  const t = new TopicTrie<number>();
  t.set('a/+', 'c1', 1);
  // something under each first level used below: topics under a first level without any filter are not cached
  t.set('x/q', 'cx', 8);
  t.set('$SYS/q', 'cs', 9);
  t.set('client/q', 'cc', 10);
  for (const topic of ['a/b', 'a/c', 'x/y', 'x/y/z', '$SYS/a', 'a', 'a/b/c', 'client/7/cmd']) t.matchAll(topic);
  t.set('own/42/cmd', 'c42', 2); // no cached topic under 'own': everything stays
  expect(cached(t)).toEqual(['$SYS/a', 'a', 'a/b', 'a/b/c', 'a/c', 'client/7/cmd', 'x/y', 'x/y/z']);
  t.set('x/y', 'c2', 3); // the topics under 'x' go, whether it matches them or not
  expect(cached(t)).toEqual(['$SYS/a', 'a', 'a/b', 'a/b/c', 'a/c', 'client/7/cmd']);
  t.set('a/#', 'c3', 4);
  expect(cached(t)).toEqual(['$SYS/a', 'client/7/cmd']);
  t.matchAll('a/b');
  t.set('+/+/z', 'c4', 5); // a leading wildcard: every topic but '$' ones [MQTT-4.7.2-1]
  expect(cached(t)).toEqual(['$SYS/a']);
  t.matchAll('a/b');
  t.set('#', 'c5', 6);
  expect(cached(t)).toEqual(['$SYS/a']);
  t.set('$SYS/#', 'c6', 7);
  expect(cached(t)).toEqual([]);
  expect(keys(t, '$SYS/a')).toEqual(['c6']);
  t.delete('x/y', 'c2');
  expect(keys(t, 'x/y')).toEqual(['c5']);
});

test('topics under a first level nothing is subscribed to are not cached, and match once a filter appears', () => {
  const t = new TopicTrie<number>();
  t.set('a/+', 'c1', 1);
  for (let i = 0; i < 100; i++) expect(t.matchAll(`$SYS/brokers/n/clients/c${i}/connected`)).toEqual([]);
  expect(keys(t, 'b/x')).toEqual([]);
  expect(keys(t, 'a/x')).toEqual(['c1']);
  expect(cached(t)).toEqual(['a/x']); // one client event topic each: none of them fills the cache
  t.set('$SYS/brokers/+/clients/#', 'c2', 2);
  expect(keys(t, '$SYS/brokers/n/clients/c1/connected')).toEqual(['c2']);
  t.set('#', 'c3', 3); // a root wildcard matches every topic but '$' ones [MQTT-4.7.2-1]
  expect(keys(t, 'b/x')).toEqual(['c3']);
  expect(keys(t, '$SYS/other')).toEqual([]);
  t.set('+/x', 'c4', 4);
  expect(keys(t, 'q/x')).toEqual(['c3', 'c4']);
  t.delete('#', 'c3');
  t.delete('+/x', 'c4');
  expect(keys(t, 'q/x')).toEqual([]);
});

test('wildcard and exact matches stay right through random subscribes and unsubscribes (cached = uncached)', () => {
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >>> 16) % n; // the high bits: an LCG's low bits repeat with a short period
  };
  // few words, so filters and cached topics meet often; '$' words at every level (only the first one is special)
  const words = ['a', 'b', '', '$s'];
  const topicOf = () => Array.from({ length: 1 + rnd(3) }, () => words[rnd(4)]).join('/');
  const filterOf = () => {
    const levels = Array.from({ length: 1 + rnd(3) }, () => [...words, '+', '+'][rnd(6)]);
    if (rnd(3) === 0) levels.push('#');
    return levels.join('/');
  };
  const t = new TopicTrie<number>();
  const live: [string, string][] = [];
  const uncached = (topic: string) => {
    const out: string[] = [];
    t.match(topic, (values) => out.push(...values.keys()));
    return out.sort();
  };
  for (let step = 0; step < 20_000; step++) {
    const op = rnd(10);
    if (op < 2) {
      const entry: [string, string] = [filterOf(), `k${rnd(3)}`];
      t.set(entry[0], entry[1], step);
      live.push(entry);
    } else if (op < 4 && live.length > 0) {
      const [filter, key] = live.splice(rnd(live.length), 1)[0];
      t.delete(filter, key);
    } else {
      const topic = topicOf();
      expect(keys(t, topic), `${topic} at step ${step}`).toEqual(uncached(topic));
    }
  }
});
