// Cost of the webhook (http) action on the hot path (issue 12): a steady stream of JSON messages into one node, one
// subscriber on sensors/# throughout (so every input is one plain delivery), and in turn:
//   plain      no rule: publish in, deliver to one subscriber — the yardstick
//   webhook    + rule `SELECT * FROM "sensors/#"` → http action (batch_size 1) → an HTTP server in this process
//   batched    the same with the action's resource_opts batch_size 100 / batch_time 10ms, as an operator would try
// EMQX's http action does not batch (its resource_opts have no batch_size): "batched" shows what asking for it does.
// The rule is switched on and off through the API between rounds of the same node (same process, heap and JIT);
// the order rotates so the machine's other load falls on every mode alike; the node's CPU comes from /proc. The HTTP
// server runs in a child process, so the load generator's event loop does not pace it.
// Reported: node CPU per input and per forwarded message, the webhook's own cost (its rounds minus the plain rounds
// next to them) against a plain delivery, HTTP requests per second at the server, and messages lost or late.
//   npx tsx bench/webhook-action.ts [--seconds 10] [--rate 5000] [--rounds 3]
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startMqdeck, type Peer } from './lib/peers';
import { login, rest } from './lib/api';
import { median } from './lib/proc';
import { steadyRound } from './lib/steady';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '3' },
    serve: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const rounds = Number(values.rounds);
const PUBLISHERS = 10;
const CONNECTOR = 'bench_hook';
const ACTION = 'bench_hook';
const RULE_ID = 'bench_webhook';

type Mode = 'plain' | 'webhook' | 'batched';

const progress = (text: string) => process.stderr.write(`[webhook-action] ${text}\n`);

const payloads = Array.from({ length: 100 }, (_, i) => Buffer.from(JSON.stringify({ temp: 20 + (i % 15), hum: 40 + (i % 20), id: `dev-${i}` })));

/**
 * The webhook's target, in a child process of its own (this file with --serve) so that serving HTTP does not compete
 * with the load generator's event loop: it answers 200 at once, keep-alive, and reports how many requests came.
 */
async function target(): Promise<{ url: string; requests: () => Promise<number>; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  let asked = 0;
  const answers = new Map<number, (n: number) => void>();
  child.on('message', (m) => {
    const { id, requests } = m as { id: number; requests: number };
    answers.get(id)?.(requests);
    answers.delete(id);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () =>
      new Promise((resolve) => {
        const id = ++asked;
        answers.set(id, resolve);
        child.send(id);
      }),
    stop: () => child.kill(),
  };
}

function serve(): void {
  let requests = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests += 1;
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  process.on('message', (id) => process.send!({ id, requests }));
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
}

interface Round {
  mode: Mode;
  sent: number;
  delivered: number;
  requests: number;
  perInput: number;
  /** requests that reached the server while the messages were being sent, per second */
  requestsPerSecond: number;
  /** how long after the last message the server still received (a backlog draining) */
  drainMs: number;
  /** inputs the HTTP server had not received when the round ended (webhook modes) */
  missing: number;
}

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const hook = await target();
  const node: Peer = await startMqdeck();
  const token = await login(node);
  const api = (method: string, path: string, body?: unknown) => rest(node, method, path, body, token);
  try {
    await api('POST', '/connectors', { type: 'http', name: CONNECTOR, url: hook.url, pool_size: 8, enable_pipelining: 100 });
    const actionBody = (batched: boolean) => ({
      connector: CONNECTOR,
      parameters: { method: 'post', path: '/hook' },
      resource_opts: batched ? { batch_size: 100, batch_time: '10ms' } : { batch_size: 1 },
    });
    await api('POST', '/actions', { type: 'http', name: ACTION, ...actionBody(false) });
    await api('POST', '/rules', { id: RULE_ID, sql: 'SELECT * FROM "sensors/#"', actions: [`http:${ACTION}`], enable: false });
    let batchRefused: string | undefined;
    let actionBatched = false;
    const switchTo = async (mode: Mode) => {
      if (mode !== 'plain' && (mode === 'batched') !== actionBatched) {
        actionBatched = mode === 'batched';
        try {
          await api('PUT', `/actions/http:${ACTION}`, actionBody(actionBatched));
        } catch (err) {
          batchRefused = (err as Error).message;
        }
        await waitConnected(api);
      }
      await api('PUT', `/rules/${RULE_ID}`, { enable: mode !== 'plain' });
    };

    const stream = async (mode: Mode, secs = seconds): Promise<Round> => {
      const r = await steadyRound(node, {
        rate,
        seconds: secs,
        publishers: PUBLISHERS,
        prefix: 'sensors/room',
        subscription: 'sensors/#',
        payloads,
        tag: `${Date.now()}-${mode}`,
        counter: hook.requests,
        waitForCounter: mode !== 'plain',
      });
      return {
        mode,
        sent: r.sent,
        delivered: r.delivered,
        requests: r.counted,
        perInput: r.cpu / Math.max(1, r.sent),
        requestsPerSecond: r.countedInWindow / r.windowSeconds,
        drainMs: mode === 'plain' ? 0 : r.drainMs,
        missing: mode === 'plain' ? 0 : r.sent - r.counted,
      };
    };

    progress('warm-up');
    for (const mode of ['plain', 'webhook'] as Mode[]) {
      await switchTo(mode);
      await stream(mode, 3);
    }
    const results: Round[] = [];
    const orders: Mode[][] = [
      ['plain', 'webhook', 'batched'],
      ['batched', 'plain', 'webhook'],
      ['webhook', 'batched', 'plain'],
    ];
    for (let i = 0; i < rounds; i++) {
      for (const mode of orders[i % orders.length]) {
        progress(`round ${i + 1}/${rounds}: ${mode}`);
        await switchTo(mode);
        results.push(await stream(mode));
        if (mode !== 'plain') await settled(api);
      }
    }
    await switchTo('plain');
    const metrics = (await api('GET', `/actions/http:${ACTION}/metrics`)) as { metrics?: Record<string, number> };
    report(results, metrics.metrics ?? {}, batchRefused);
    const [l1, l5] = loadavg();
    console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}`);
  } finally {
    await node.stop();
    hook.stop();
  }
}

/** nothing queued or in flight any more: switching the action now (a restart) loses nothing */
async function settled(api: (m: string, p: string) => Promise<any>): Promise<void> {
  const until = performance.now() + 15_000;
  while (performance.now() < until) {
    const { metrics } = (await api('GET', `/actions/http:${ACTION}/metrics`)) as { metrics: Record<string, number> };
    if (metrics.queuing === 0 && metrics.inflight === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** the action's status after a restart: its update restarts it (EMQX does the same) */
async function waitConnected(api: (m: string, p: string) => Promise<any>): Promise<void> {
  const until = performance.now() + 15_000;
  while (performance.now() < until) {
    const a = await api('GET', `/actions/http:${ACTION}`);
    if (a.status === 'connected') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the webhook action did not come back to connected within 15 s');
}

function report(results: Round[], metrics: Record<string, number>, batchRefused: string | undefined): void {
  const of = (mode: Mode) => results.filter((r) => r.mode === mode);
  const fmt = (x: number) => `${x.toFixed(2)} µs`;
  const rs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  const plain = median(of('plain').map((r) => r.perInput));
  const achieved = median(results.map((r) => r.sent / seconds));
  console.log(`${rate} msgs/s of JSON in (10 publishers → sensors/room<n>, QoS 0), ${seconds} s per round, ${rounds} rounds of each mode on one node`);
  console.log(`  input rate the load generator reached: ${achieved.toFixed(0)} msgs/s (median of all rounds)`);
  console.log(`  one subscriber on sensors/# throughout; rule SELECT * FROM "sensors/#" → http action (POST /hook, body: the whole output as JSON)`);
  console.log(`  connector: pool_size 8, enable_pipelining 100; an HTTP server in a child process answers 200 at once`);
  console.log(`  plain delivery (no rule)      : ${fmt(plain)} CPU per input (median; rounds ${rs(of('plain').map((r) => r.perInput))})`);
  for (const mode of ['webhook', 'batched'] as Mode[]) {
    const rows = of(mode);
    if (!rows.length) continue;
    const perInput = median(rows.map((r) => r.perInput));
    const perForwarded = median(rows.map((r) => (r.perInput * r.sent) / Math.max(1, r.requests)));
    // the webhook's own cost: each round against the plain round of the same rotation
    const own = median(rows.map((r, i) => r.perInput - of('plain')[i].perInput));
    const label = mode === 'webhook' ? 'webhook, batching off' : 'webhook, batching on ';
    console.log(`  ${label}        : ${fmt(perInput)} CPU per input, ${fmt(perForwarded)} per forwarded message (median; rounds ${rs(rows.map((r) => r.perInput))})`);
    console.log(
      `      the webhook's own cost      : ${fmt(own)} per message (median of paired differences) = ${(own / plain).toFixed(2)}× a plain delivery; with the delivery ${(perInput / plain).toFixed(2)}× plain`,
    );
    console.log(
      `      HTTP requests per second    : ${median(rows.map((r) => r.requestsPerSecond)).toFixed(0)} while sending (median; ${rs(rows.map((r) => r.requestsPerSecond / 1000))} k), ${median(rows.map((r) => r.requests / r.sent)).toFixed(3)} requests per message; backlog drained ${rs(rows.map((r) => r.drainMs / 1000))} s after the last message`,
    );
    console.log(`      not at the server by round end: ${rows.reduce((n, r) => n + r.missing, 0)} of ${rows.reduce((n, r) => n + r.sent, 0)}`);
  }
  if (batchRefused) console.log(`  batching on: the node refused the action's batch_size: ${batchRefused}`);
  else console.log(`  batching on: accepted, and ignored as EMQX does for http (one request per message)`);
  const lostDeliveries = results.reduce((n, r) => n + Math.max(0, r.sent - r.delivered), 0);
  console.log(`  plain deliveries lost: ${lostDeliveries}`);
  const keys = ['matched', 'success', 'failed', 'dropped', 'dropped.resource_stopped', 'dropped.other', 'retried', 'late_reply', 'queuing', 'inflight'];
  console.log(`  action metrics (last mode's rounds): ${keys.map((k) => `${k} ${metrics[k] ?? '-'}`).join(', ')}`);
}

if (values.serve) serve();
else await main();
