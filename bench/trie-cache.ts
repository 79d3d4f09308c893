// The topic trie's match cache (packages/broker/src/topics/trie.ts) under three workloads, in this process:
//   miss       every topic new (high-cardinality telemetry): matchAll's miss path, per call
//   churn      5,000 hot topics matched, with a client subscribing and unsubscribing a topic of its own in between
//   wildchurn  the same, the filter being a leading wildcard ('+/<n>/x'), which forgets every cached topic
// Routes: 1,000 exact filters 'd/<i>/cmd' plus 'd/+/telemetry' and 'd/#'.
//   npx tsx bench/trie-cache.ts [--rounds 3]
import { parseArgs } from 'node:util';
import { TopicTrie } from '@mqdeck/broker/topics/trie'; // a subpath exported for this micro-benchmark

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });

function routes(): TopicTrie<number> {
  const t = new TopicTrie<number>();
  for (let i = 0; i < 1000; i++) t.set(`d/${i}/cmd`, `c${i}`, i);
  t.set('d/+/telemetry', 'x', 1);
  t.set('d/#', 'y', 2);
  return t;
}

/** µs per matchAll of a topic never seen before (the cache fills, starts over at its bound, fills again) */
function miss(): number {
  const t = routes();
  const n = 200_000;
  const topics = Array.from({ length: n }, (_, i) => `site/a/d/${i}/telemetry`);
  const start = performance.now();
  for (const topic of topics) t.matchAll(topic);
  return ((performance.now() - start) * 1000) / n;
}

/** ms per round: 5,000 hot topics matched, then one filter added and removed */
function churn(filterOf: (r: number) => string): number {
  const t = routes();
  const rounds = 200;
  const start = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < 5000; i++) t.matchAll(`d/${i}/telemetry`);
    t.set(filterOf(r), 'k', 1);
    t.delete(filterOf(r), 'k');
  }
  return (performance.now() - start) / rounds;
}

for (let r = 0; r < Number(values.rounds); r++) {
  const m = miss();
  const own = churn((i) => `own/${i}`);
  const wild = churn((i) => `+/${i}/x`);
  console.log(`miss ${m.toFixed(2)} µs/topic   churn ${own.toFixed(2)} ms/round   wildchurn ${wild.toFixed(2)} ms/round`);
}
