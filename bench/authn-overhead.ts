// Cost of access control on the hot path: the same fan-out load against our node with no
// authenticator and no authorization source, then with the built-in database authenticator, a
// built-in authorization source (rules for all) and the cache on. Then the connect rate with
// bcrypt-hashed users, which bcrypt's cost bounds, and how late an unrelated client's QoS 0 messages
// come back meanwhile (the broker's event loop is free only if hashing runs elsewhere).
// The fixed rate is below saturation, so it compares CPU per delivery, not throughput: the saturation
// rounds compare the most deliveries per second each node sustains (issue 4's budget: at most 10 % less).
//   npx tsx bench/authn-overhead.ts [--seconds 10] [--rate 2000] [--window 20] [--connects 200] [--rounds 3]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { IClientOptions, MqttClient } from 'mqtt';
import { login, rest } from './lib/api';
import { open, paced } from './lib/load';
import { startMqdeck, type Peer } from './lib/peers';
import { loadavg } from 'node:os';
import { cpuMicros, percentile } from './lib/proc';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '2000' },
    window: { type: 'string', default: '20' },
    connects: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const connects = Number(values.connects);
const windowSize = Number(values.window);
const USER = { username: 'bench', password: 'bench-pw' };

/** built-in authenticator with one user (hash as given) and a built-in source that allows bench/# for all */
async function secure(peer: Peer, token: string, hash: Record<string, unknown>): Promise<void> {
  // replaces the one an earlier call made; a fresh node has none, which the node answers with 404
  await rest(peer, 'DELETE', '/authentication/password_based%3Abuilt_in_database', undefined, token).catch((err: Error) => {
    if (!/: 404 /.test(err.message)) throw err;
  });
  await rest(peer, 'POST', '/authentication', { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username', password_hash_algorithm: hash }, token);
  await rest(peer, 'POST', '/authentication/password_based%3Abuilt_in_database/users', { user_id: USER.username, password: USER.password }, token);
}

/** 10 publishers → one topic → 10 subscribers at `rate` msgs/s in; broker CPU from /proc */
async function fanout(peer: Peer, creds?: IClientOptions) {
  const topic = `bench/authn/${Date.now()}`;
  const subs = await Promise.all(Array.from({ length: 10 }, (_, i) => open(peer, `sub-${i}-${Date.now()}`, creds)));
  const pubs = await Promise.all(Array.from({ length: 10 }, (_, i) => open(peer, `pub-${i}-${Date.now()}`, creds)));
  await Promise.all(subs.map((s) => s.subscribeAsync(topic, { qos: 0 })));
  let delivered = 0;
  for (const s of subs) s.on('message', () => (delivered += 1));
  const payload = Buffer.alloc(64, 0x61);
  const cpuBefore = cpuMicros(peer.pid);
  const started = performance.now();
  const sent = await paced(rate, seconds, (i) => pubs[i % pubs.length].publish(topic, payload, { qos: 0 }));
  const until = performance.now() + 5000;
  while (delivered < sent * subs.length && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all([...subs, ...pubs].map((c) => c.endAsync(true)));
  return { perDelivery: cpu / Math.max(1, delivered), throughput: delivered / elapsed, lost: sent * subs.length - delivered };
}

/**
 * Saturation: the same fan-out, but each publisher keeps `window` QoS 1 PUBLISHes unacknowledged and sends the
 * next one at each PUBACK, so the broker's pace sets the rate. Deliveries per second counted at the subscribers
 * from the end of the first second (warm-up) to the end; broker and bench CPU over the same span show which side
 * was the bottleneck (the bench's own clients share the two cores).
 */
async function saturate(peer: Peer, creds?: IClientOptions) {
  const topic = `bench/authn/sat/${Date.now()}`;
  const subs = await Promise.all(Array.from({ length: 10 }, (_, i) => open(peer, `ssub-${i}-${Date.now()}`, creds)));
  const pubs = await Promise.all(Array.from({ length: 10 }, (_, i) => open(peer, `spub-${i}-${Date.now()}`, creds)));
  await Promise.all(subs.map((s) => s.subscribeAsync(topic, { qos: 0 })));
  let delivered = 0;
  for (const s of subs) s.on('message', () => (delivered += 1));
  const payload = Buffer.alloc(64, 0x61);
  let acked = 0;
  let outstanding = 0;
  let stopped = false;
  const pump = (c: MqttClient) => {
    const send = () => {
      if (stopped) return;
      outstanding += 1;
      c.publish(topic, payload, { qos: 1 }, (err) => {
        outstanding -= 1;
        if (err) return;
        acked += 1;
        send();
      });
    };
    for (let i = 0; i < windowSize; i++) send();
  };
  pubs.forEach(pump);
  await new Promise((r) => setTimeout(r, 1000));
  const from = { t: performance.now(), delivered, acked, broker: cpuMicros(peer.pid), bench: process.cpuUsage() };
  await new Promise((r) => setTimeout(r, (seconds - 1) * 1000));
  const wall = (performance.now() - from.t) * 1000;
  const to = { delivered, acked, broker: cpuMicros(peer.pid), bench: process.cpuUsage(from.bench) };
  stopped = true;
  // the window's last PUBLISHes are acknowledged, then what was acknowledged must arrive: a backlog drains, a loss stays
  const until = performance.now() + 5000;
  while (outstanding > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  while (delivered < acked * subs.length && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  await Promise.all([...subs, ...pubs].map((c) => c.endAsync(true)));
  return {
    deliveries: (to.delivered - from.delivered) / (wall / 1e6),
    publishes: (to.acked - from.acked) / (wall / 1e6),
    brokerCpu: (to.broker - from.broker) / wall,
    perDelivery: (to.broker - from.broker) / Math.max(1, to.delivered - from.delivered),
    benchCpu: (to.bench.user + to.bench.system) / wall,
    lost: acked * subs.length - delivered,
  };
}

/** `connects` clients connecting 20 at a time with the bcrypt user: accepted connections per second */
async function connectRate(peer: Peer): Promise<number> {
  const started = performance.now();
  let done = 0;
  while (done < connects) {
    const batch = Math.min(20, connects - done);
    const clients = await Promise.all(Array.from({ length: batch }, (_, i) => open(peer, `bc-${done + i}-${Date.now()}`, USER)));
    await Promise.all(clients.map((c) => c.endAsync(true)));
    done += batch;
  }
  return connects / ((performance.now() - started) / 1000);
}

/**
 * An already connected client sends itself a QoS 0 message every 20 ms while `during` runs:
 * round-trip times (ms) show how long the broker's event loop was held.
 */
async function probeLatency(peer: Peer, during: () => Promise<unknown>): Promise<number[]> {
  const probe = await open(peer, `probe-${Date.now()}`, USER);
  const topic = `bench/probe/${Date.now()}`;
  await probe.subscribeAsync(topic, { qos: 0 });
  const rtts: number[] = [];
  probe.on('message', (_t, payload) => rtts.push(performance.now() - Number(payload.toString())));
  const timer = setInterval(() => probe.publish(topic, String(performance.now()), { qos: 0 }), 20);
  try {
    await during();
    await new Promise((r) => setTimeout(r, 500));
  } finally {
    clearInterval(timer);
    await probe.endAsync(true);
  }
  return rtts.sort((a, b) => a - b);
}

const progress = (text: string) => process.stderr.write(`[authn-overhead] ${text}\n`);

/** runs fn against a fresh node and always stops it, so a failed step leaves no broker behind */
async function withNode<T>(fn: (peer: Peer) => Promise<T>): Promise<T> {
  const peer = await startMqdeck();
  try {
    // the MQTT port opens first; the REST listener follows
    return await fn(peer);
  } finally {
    await peer.stop();
  }
}

// Both nodes run side by side and the rounds alternate, so the machine's other load falls on both
// alike; the median round of each is reported.
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadAtStart = loadavg();
const { open1, withAuth, satPlain, satAuth, m, rateBcrypt, idle, burst } = await withNode((plain) =>
  withNode(async (secured) => {
    const token = await login(secured);
    await secure(secured, token, { name: 'sha256', salt_position: 'prefix' });
    await rest(secured, 'POST', '/authorization/sources', { type: 'built_in_database', enable: true }, token);
    await rest(secured, 'POST', '/authorization/sources/built_in_database/rules/all', { rules: [{ topic: 'bench/#', permission: 'allow', action: 'all' }] }, token);
    const a: Awaited<ReturnType<typeof fanout>>[] = [];
    const b: Awaited<ReturnType<typeof fanout>>[] = [];
    for (let i = 0; i < rounds; i++) {
      progress(`round ${i + 1}/${rounds}: no access control`);
      a.push(await fanout(plain));
      progress(`round ${i + 1}/${rounds}: built-in authn + authz + cache`);
      b.push(await fanout(secured, USER));
    }
    const sa: Awaited<ReturnType<typeof saturate>>[] = [];
    const sb: Awaited<ReturnType<typeof saturate>>[] = [];
    for (let i = 0; i < rounds; i++) {
      progress(`saturation round ${i + 1}/${rounds}: no access control`);
      sa.push(await saturate(plain));
      progress(`saturation round ${i + 1}/${rounds}: built-in authn + authz + cache`);
      sb.push(await saturate(secured, USER));
    }
    const pickSat = (xs: typeof sa) => ({
      deliveries: median(xs.map((x) => x.deliveries)),
      publishes: median(xs.map((x) => x.publishes)),
      brokerCpu: median(xs.map((x) => x.brokerCpu)),
      perDelivery: median(xs.map((x) => x.perDelivery)),
      benchCpu: median(xs.map((x) => x.benchCpu)),
      lost: Math.max(...xs.map((x) => x.lost)),
      all: xs.map((x) => x.deliveries),
    });
    const pick = (xs: typeof a) => ({
      perDelivery: median(xs.map((x) => x.perDelivery)),
      throughput: median(xs.map((x) => x.throughput)),
      lost: Math.max(...xs.map((x) => x.lost)),
    });
    const metrics = await rest(secured, 'GET', '/metrics', undefined, token);
    const m = Array.isArray(metrics) ? metrics[0] : metrics;
    await secure(secured, token, { name: 'bcrypt', salt_rounds: 10 });
    progress('probe latency, idle');
    const idle = await probeLatency(secured, () => new Promise((r) => setTimeout(r, 3000)));
    progress(`bcrypt connect rate (${connects} connects)`);
    let rateBcrypt = 0;
    const burst = await probeLatency(secured, async () => (rateBcrypt = await connectRate(secured)));
    return { open1: pick(a), withAuth: pick(b), satPlain: pickSat(sa), satAuth: pickSat(sb), m, rateBcrypt, idle, burst };
  }),
);

const pct = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)} %`;
console.log(`fan-out 10 → 1 topic → 10, QoS 0, ${rate} msgs/s in, ${seconds} s, median of ${rounds} alternating rounds`);
console.log(`  no access control      : ${open1.perDelivery.toFixed(2)} µs CPU/delivery, ${open1.throughput.toFixed(0)} deliveries/s, ${open1.lost} lost`);
console.log(`  built-in authn + authz : ${withAuth.perDelivery.toFixed(2)} µs CPU/delivery, ${withAuth.throughput.toFixed(0)} deliveries/s, ${withAuth.lost} lost`);
console.log(`  CPU per delivery change: ${pct(open1.perDelivery, withAuth.perDelivery)}, throughput change: ${pct(open1.throughput, withAuth.throughput)}`);
console.log(`saturation: 10 publishers × ${windowSize} unacknowledged QoS 1 each → 1 topic → 10 QoS 0 subscribers, seconds 1–${seconds}, median of ${rounds} alternating rounds`);
const sat = (label: string, x: typeof satPlain) =>
  console.log(
    `  ${label}: ${x.deliveries.toFixed(0)} deliveries/s (${x.publishes.toFixed(0)} publishes/s in), broker CPU ${(x.brokerCpu * 100).toFixed(0)} % of a core (${x.perDelivery.toFixed(2)} µs/delivery), bench ${(x.benchCpu * 100).toFixed(0)} %, ${x.lost} lost; rounds ${x.all.map((d) => d.toFixed(0)).join(', ')}`,
  );
sat('no access control     ', satPlain);
sat('built-in authn + authz', satAuth);
const cut = (satPlain.deliveries - satAuth.deliveries) / satPlain.deliveries;
console.log(`  max throughput change: ${pct(satPlain.deliveries, satAuth.deliveries)} — budget (at most 10 % less): ${cut <= 0.1 ? 'met' : 'missed'}`);
console.log(`  authorization cache hit/miss: ${m['authorization.cache_hit']}/${m['authorization.cache_miss']}`);
console.log(`connect rate with bcrypt (10 rounds) users, 20 concurrent: ${rateBcrypt.toFixed(1)} connects/s`);
const ms = (xs: number[], p: number) => `${percentile(xs, p).toFixed(1)} ms`;
console.log(
  `  an unrelated client's QoS 0 round trip during that burst: p50 ${ms(burst, 50)}, p99 ${ms(burst, 99)}, max ${ms(burst, 100)} (${burst.length} messages); idle p99 ${ms(idle, 99)}`,
);
const [l1, l5] = loadavg();
console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}`);
