// Cost of a typical rule on the hot path (issue 11): a steady stream of JSON messages into two nodes side by side,
// one without rules and one with `SELECT payload.temp AS t, payload.hum AS h, clientid FROM "sensors/#"
// WHERE payload.temp > 30` republishing to `alerts/${clientid}` (half the messages pass the WHERE; nobody
// subscribes to alerts/#, so a republish is routed and dropped). Each node has one subscriber on sensors/#, so
// every input is also one plain delivery. Broker CPU per input message comes from /proc; the rounds alternate
// between the nodes so the machine's other load falls on both alike, and the median round of each is reported.
// A third measurement on the plain node has 3 subscribers: (that − 1 subscriber) / 2 is the CPU of one more
// plain delivery, the yardstick the issue sets for the rule ("no more than a plain delivery").
//   npx tsx bench/rule-overhead.ts [--seconds 10] [--rate 10000] [--rounds 3]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { startMqdeck, waitForPort, type Peer } from './lib/peers';
import { cpuMicros } from './lib/proc';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const rounds = Number(values.rounds);
const PUBLISHERS = 10;
const RULE = {
  id: 'bench_rule',
  sql: 'SELECT payload.temp AS t, payload.hum AS h, clientid FROM "sensors/#" WHERE payload.temp > 30',
  actions: [{ function: 'republish', args: { topic: 'alerts/${clientid}', payload: '${t}' } }],
};

const progress = (text: string) => process.stderr.write(`[rule-overhead] ${text}\n`);

async function rest(peer: Peer, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${peer.httpUrl}/api/v5${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function open(peer: Peer, clientId: string): Promise<MqttClient> {
  return new Promise((res, rej) => {
    const c = mqtt.connect({ host: peer.host, port: peer.port, clientId, protocolVersion: 4, clean: true, reconnectPeriod: 0 });
    c.once('connect', () => res(c));
    c.once('error', rej);
  });
}

/** `rate` msgs/s from 10 publishers for `seconds`, `subscribers` clients on sensors/#: broker µs CPU per input */
async function stream(peer: Peer, subscribers: number): Promise<{ perInput: number; sent: number; delivered: number; lost: number }> {
  const tag = Date.now();
  const subs = await Promise.all(Array.from({ length: subscribers }, (_, i) => open(peer, `sub-${i}-${tag}`)));
  const pubs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => open(peer, `sensor-${i}-${tag}`)));
  await Promise.all(subs.map((s) => s.subscribeAsync('sensors/#', { qos: 0 })));
  let delivered = 0;
  for (const s of subs) s.on('message', () => (delivered += 1));
  // the same payloads on both nodes: temp alternates 25 / 35 so half pass the WHERE
  const payloads = Array.from({ length: 100 }, (_, i) => Buffer.from(JSON.stringify({ temp: i % 2 ? 35 + (i % 7) : 25 - (i % 5), hum: 40 + (i % 20), id: `dev-${i}` })));
  const perTick = rate / 100;
  let sent = 0;
  let owed = 0;
  const cpuBefore = cpuMicros(peer.pid);
  const started = performance.now();
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      owed += perTick;
      while (owed >= 1) {
        owed -= 1;
        const p = sent % PUBLISHERS;
        pubs[p].publish(`sensors/room${p}`, payloads[sent % payloads.length], { qos: 0 });
        sent += 1;
      }
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(timer);
        done();
      }
    }, 10);
  });
  const until = performance.now() + 5000;
  while (delivered < sent * subscribers && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all([...subs, ...pubs].map((c) => c.endAsync(true)));
  return { perInput: cpu / Math.max(1, sent), sent, delivered, lost: sent * subscribers - delivered };
}

async function withNode<T>(fn: (peer: Peer) => Promise<T>): Promise<T> {
  const peer = await startMqdeck();
  try {
    await waitForPort(Number(new URL(peer.httpUrl!).port));
    return await fn(peer);
  } finally {
    await peer.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadAtStart = loadavg();

const result = await withNode((plain) =>
  withNode(async (ruled) => {
    const token = (await rest(ruled, 'POST', '/login', { username: 'admin', password: 'public' })).token as string;
    await rest(ruled, 'POST', '/rules', RULE, token);
    const a: Awaited<ReturnType<typeof stream>>[] = [];
    const b: Awaited<ReturnType<typeof stream>>[] = [];
    const c: Awaited<ReturnType<typeof stream>>[] = [];
    for (let i = 0; i < rounds; i++) {
      progress(`round ${i + 1}/${rounds}: no rule, 1 subscriber`);
      a.push(await stream(plain, 1));
      progress(`round ${i + 1}/${rounds}: the rule, 1 subscriber`);
      b.push(await stream(ruled, 1));
      progress(`round ${i + 1}/${rounds}: no rule, 3 subscribers`);
      c.push(await stream(plain, 3));
    }
    const metrics = (await rest(ruled, 'GET', `/rules/${RULE.id}/metrics`, undefined, token)).metrics as Record<string, number>;
    return { a, b, c, metrics };
  }),
);

const pick = (xs: Awaited<ReturnType<typeof stream>>[]) => ({
  perInput: median(xs.map((x) => x.perInput)),
  lost: Math.max(...xs.map((x) => x.lost)),
  all: xs.map((x) => x.perInput),
  sent: xs.reduce((n, x) => n + x.sent, 0),
});
const plain = pick(result.a);
const ruled = pick(result.b);
const threeSubs = pick(result.c);
const ruleCost = ruled.perInput - plain.perInput;
const deliveryCost = (threeSubs.perInput - plain.perInput) / 2;
const fmt = (x: number) => `${x.toFixed(2)} µs`;
const rs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
console.log(`${rate} msgs/s of JSON in (10 publishers → sensors/room<n>), QoS 0, ${seconds} s per round, median of ${rounds} alternating rounds`);
console.log(`  rule: ${RULE.sql}  →  republish alerts/\${clientid} payload \${t}`);
console.log(`  without the rule (1 subscriber)   : ${fmt(plain.perInput)} CPU per input message, ${plain.lost} lost (rounds ${rs(plain.all)})`);
console.log(`  with the rule    (1 subscriber)   : ${fmt(ruled.perInput)} CPU per input message, ${ruled.lost} lost (rounds ${rs(ruled.all)})`);
console.log(`  ratio with / without              : ${(ruled.perInput / plain.perInput).toFixed(2)}×`);
console.log(`  the rule's own cost per input     : ${fmt(ruleCost)} (SQL on every input, republish on half)`);
console.log(`  one plain delivery (3 subs − 1) / 2: ${fmt(deliveryCost)} (3 subscribers: ${fmt(threeSubs.perInput)} per input; rounds ${rs(threeSubs.all)})`);
if (deliveryCost > 0) {
  const verdict = ruleCost <= deliveryCost ? 'met' : 'missed';
  console.log(`  rule cost / delivery cost         : ${(ruleCost / deliveryCost).toFixed(2)} — target (no more than a plain delivery): ${verdict}`);
} else console.log('  rule cost / delivery cost         : not measurable this run (the delivery cost is within the noise)');
const m = result.metrics;
console.log(
  `  inputs sent: ${plain.sent} without the rule, ${ruled.sent} with it (a busy machine delays the sender's timer; \`lost\` counts QoS 0 deliveries the subscriber missed)`,
);
console.log(
  `  rule metrics: matched ${m.matched}, passed ${m.passed}, no_result ${m['failed.no_result']}, exception ${m['failed.exception']}, actions ok ${m['actions.success']}, failed ${m['actions.failed']}`,
);
const [l1, l5] = loadavg();
console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}`);
