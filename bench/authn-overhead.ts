// Cost of access control on the hot path: the same fan-out load against our node with no
// authenticator and no authorization source, then with the built-in database authenticator, a
// built-in authorization source (rules for all) and the cache on. Then the connect rate with
// bcrypt-hashed users, which bcrypt's cost bounds.
//   npx tsx bench/authn-overhead.ts [--seconds 10] [--rate 2000] [--connects 200] [--rounds 3]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { startMqdeck, waitForPort, type Peer } from './lib/peers';
import { cpuMicros } from './lib/proc';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '2000' },
    connects: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const connects = Number(values.connects);
const USER = { username: 'bench', password: 'bench-pw' };

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

async function login(peer: Peer): Promise<string> {
  return (await rest(peer, 'POST', '/login', { username: 'admin', password: 'public' })).token;
}

/** built-in authenticator with one user (hash as given) and a built-in source that allows bench/# for all */
async function secure(peer: Peer, token: string, hash: Record<string, unknown>): Promise<void> {
  await rest(peer, 'DELETE', '/authentication/password_based%3Abuilt_in_database', undefined, token);
  await rest(peer, 'POST', '/authentication', { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username', password_hash_algorithm: hash }, token);
  await rest(peer, 'POST', '/authentication/password_based%3Abuilt_in_database/users', { user_id: USER.username, password: USER.password }, token);
}

function open(peer: Peer, clientId: string, creds?: IClientOptions): Promise<MqttClient> {
  return new Promise((res, rej) => {
    const c = mqtt.connect({ host: peer.host, port: peer.port, clientId, protocolVersion: 4, clean: true, reconnectPeriod: 0, ...creds });
    c.once('connect', () => res(c));
    c.once('error', rej);
  });
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
        pubs[sent % pubs.length].publish(topic, payload, { qos: 0 });
        sent += 1;
      }
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(timer);
        done();
      }
    }, 10);
  });
  const until = performance.now() + 5000;
  while (delivered < sent * subs.length && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all([...subs, ...pubs].map((c) => c.endAsync(true)));
  return { perDelivery: cpu / Math.max(1, delivered), throughput: delivered / elapsed, lost: sent * subs.length - delivered };
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

const progress = (text: string) => process.stderr.write(`[authn-overhead] ${text}\n`);

/** runs fn against a fresh node and always stops it, so a failed step leaves no broker behind */
async function withNode<T>(fn: (peer: Peer) => Promise<T>): Promise<T> {
  const peer = await startMqdeck();
  try {
    // the MQTT port opens first; the REST listener follows
    await waitForPort(Number(new URL(peer.httpUrl!).port));
    return await fn(peer);
  } finally {
    await peer.stop();
  }
}

// Both nodes run side by side and the rounds alternate, so the machine's other load falls on both
// alike; the median round of each is reported.
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const { open1, withAuth, m, rateBcrypt } = await withNode((plain) =>
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
    const pick = (xs: typeof a) => ({ perDelivery: median(xs.map((x) => x.perDelivery)), throughput: median(xs.map((x) => x.throughput)), lost: Math.max(...xs.map((x) => x.lost)) });
    const metrics = await rest(secured, 'GET', '/metrics', undefined, token);
    const m = Array.isArray(metrics) ? metrics[0] : metrics;
    await secure(secured, token, { name: 'bcrypt', salt_rounds: 10 });
    progress(`bcrypt connect rate (${connects} connects)`);
    const rateBcrypt = await connectRate(secured);
    return { open1: pick(a), withAuth: pick(b), m, rateBcrypt };
  }),
);

const pct = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)} %`;
console.log(`fan-out 10 → 1 topic → 10, QoS 0, ${rate} msgs/s in, ${seconds} s, median of ${rounds} alternating rounds`);
console.log(`  no access control      : ${open1.perDelivery.toFixed(2)} µs CPU/delivery, ${open1.throughput.toFixed(0)} deliveries/s, ${open1.lost} lost`);
console.log(`  built-in authn + authz : ${withAuth.perDelivery.toFixed(2)} µs CPU/delivery, ${withAuth.throughput.toFixed(0)} deliveries/s, ${withAuth.lost} lost`);
console.log(`  CPU per delivery change: ${pct(open1.perDelivery, withAuth.perDelivery)}, throughput change: ${pct(open1.throughput, withAuth.throughput)}`);
console.log(`  authorization cache hit/miss: ${m['authorization.cache_hit']}/${m['authorization.cache_miss']}`);
console.log(`connect rate with bcrypt (10 rounds) users, 20 concurrent: ${rateBcrypt.toFixed(1)} connects/s`);
