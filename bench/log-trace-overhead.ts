// Cost of log tracing on the hot path (issue 17, "tracing one busy client must not slow the rest"): a steady
// stream of messages into one node, alternately without and with a topic trace that matches 1 % of them
// (`load/traced/#`; the other 99 % go to `load/room<n>`). One subscriber takes load/#, so every input is one
// plain delivery, and each traced message writes its publish, its authorization and its delivery to the trace
// file. The trace is created and deleted through the API between rounds on the same node (same process, heap
// and JIT state), the order alternating so the machine's other load falls on both alike; the node's CPU per
// delivery comes from /proc; medians are reported, with the median of the per-pair differences.
//   npx tsx bench/log-trace-overhead.ts [--seconds 10] [--rate 10000] [--rounds 5]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { startMqdeck, type Peer } from './lib/peers';
import { login, rest } from './lib/api';
import { open, paced } from './lib/load';
import { cpuMicros, median } from './lib/proc';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const rounds = Number(values.rounds);
const PUBLISHERS = 10;
const TRACED_EVERY = 100; // 1 %

const progress = (text: string) => process.stderr.write(`[log-trace-overhead] ${text}\n`);

const payloads = Array.from({ length: 100 }, (_, i) => Buffer.from(JSON.stringify({ temp: 20 + (i % 15), hum: 40 + (i % 20), id: `dev-${i}` })));

interface Round {
  perDelivery: number;
  sent: number;
  delivered: number;
}

/** `rate` msgs/s from 10 publishers for `secs`, 1 in 100 on load/traced/…; one subscriber on load/# */
async function stream(peer: Peer, secs = seconds): Promise<Round> {
  const tag = `${Date.now()}`;
  const sub = await open(peer, `sub-${tag}`);
  const pubs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => open(peer, `pub-${i}-${tag}`)));
  await sub.subscribeAsync('load/#', { qos: 0 });
  let delivered = 0;
  sub.on('message', () => (delivered += 1));
  const cpuBefore = cpuMicros(peer.pid);
  const sent = await paced(rate, secs, (i) => {
    const p = i % PUBLISHERS;
    const topic = i % TRACED_EVERY === 0 ? `load/traced/${p}` : `load/room${p}`;
    pubs[p].publish(topic, payloads[i % payloads.length], { qos: 0 });
  });
  const until = performance.now() + 5000;
  while (delivered < sent && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all([sub, ...pubs].map((c) => c.endAsync(true)));
  return { perDelivery: cpu / Math.max(1, delivered), sent, delivered };
}

const fmt = (x: number) => `${x.toFixed(2)} µs`;
const rs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const node = await startMqdeck();
  const token = await login(node);
  let n = 0;
  let traced = 0;
  let bytes = 0;
  const withTrace = async <T>(fn: () => Promise<T>): Promise<T> => {
    const name = `bench${n++}`;
    await rest(node, 'POST', '/trace', { name, type: 'topic', topic: 'load/traced/#' }, token);
    try {
      return await fn();
    } finally {
      const t = (await rest(node, 'GET', '/trace', undefined, token)).find((x: { name: string }) => x.name === name);
      bytes += Object.values(t.log_size as Record<string, number>).reduce((a, b) => a + b, 0);
      const log = (await rest(node, 'GET', `/trace/${name}/log?bytes=2000000000`, undefined, token)).items as string;
      traced += log.split('\n').filter((l) => l.includes('msg: publish_to')).length;
      await rest(node, 'DELETE', `/trace/${name}`, undefined, token);
    }
  };
  const without: Round[] = [];
  const withT: Round[] = [];
  try {
    progress('warm-up');
    await stream(node, 3);
    await withTrace(() => stream(node, 3));
    traced = 0;
    bytes = 0;
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 ? [true, false] : [false, true];
      for (const on of order) {
        progress(`round ${i + 1}/${rounds}: ${on ? 'with' : 'without'} the trace`);
        if (on) withT.push(await withTrace(() => stream(node)));
        else without.push(await stream(node));
      }
    }
    const a = median(without.map((r) => r.perDelivery));
    const b = median(withT.map((r) => r.perDelivery));
    const paired = median(withT.map((r, i) => r.perDelivery - without[i].perDelivery));
    console.log(`${rate} msgs/s in (10 publishers), QoS 0, one subscriber on load/#, ${seconds} s per round, ${rounds} alternating pairs on one node`);
    console.log(`  trace: type topic, load/traced/# — 1 in ${TRACED_EVERY} messages (publish, authz and delivery lines)`);
    console.log(`  without a trace : ${fmt(a)} CPU per delivery (median; rounds ${rs(without.map((r) => r.perDelivery))})`);
    console.log(`  with the trace  : ${fmt(b)} CPU per delivery (median; rounds ${rs(withT.map((r) => r.perDelivery))})`);
    console.log(`  ratio with / without : ${(b / a).toFixed(3)}×`);
    console.log(`  trace cost per delivery: ${fmt(b - a)} (difference of medians), ${fmt(paired)} (median of paired differences)`);
    const sentWith = withT.reduce((s, r) => s + r.sent, 0);
    console.log(
      `  messages: ${without.reduce((s, r) => s + r.sent, 0)} without, ${sentWith} with; traced publish lines ${traced} (expected ≈ ${Math.ceil(sentWith / TRACED_EVERY)}), trace files ${(bytes / 1024).toFixed(0)} KiB`,
    );
    const lost = [...without, ...withT].reduce((s, r) => s + r.sent - r.delivered, 0);
    console.log(`  undelivered: ${lost}`);
    const [l1, l5] = loadavg();
    console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}`);
  } finally {
    await node.stop();
  }
}

await main();
