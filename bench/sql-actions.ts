// The MySQL and PostgreSQL actions at a steady rate (issue 13): a stream of JSON messages into one node, one subscriber
// on bench/# throughout (so every input is one plain delivery), and in turn:
//   plain            no rule: publish in, deliver to one subscriber — the yardstick
//   mysql            + rule `SELECT * FROM "bench/#"` → mysql action, resource_opts batch_size 1 (one prepared
//                    statement executed per message) → the machine's MariaDB (127.0.0.1:3306, root, database test)
//   mysql batched    the same with batch_size 100 / batch_time 10ms (one multi-row INSERT per batch)
//   pgsql, pgsql batched   likewise into the machine's PostgreSQL (127.0.0.1:5432, postgres, trust, database test)
// Each action has its own rule; every rule but the mode's is disabled, switched through the API between rounds of
// the same node (same process, heap and JIT); the order rotates so the machine's other load falls on every mode alike.
// Each run inserts into tables of its own (one per database, created here and dropped at the end); the rows are
// counted with SELECT count(*) from this process. The node's CPU comes from /proc.
// Reported per mode: node CPU per input and per inserted row, the action's own cost (its rounds minus the plain
// rounds next to them) against a plain delivery, rows in the table against messages sent, rows per second while
// sending and until the last row, how long the backlog took to drain, and the actions' metrics.
//   npx tsx bench/sql-actions.ts [--seconds 10] [--rate 2000] [--rounds 3]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { startMqdeck, type Peer } from './lib/peers';
import { login, rest } from './lib/api';
import { median } from './lib/proc';
import { steadyRound } from './lib/steady';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const rounds = Number(values.rounds);
const PUBLISHERS = 10;
const POOL_SIZE = 8;
const TABLE = `mqdeck_bench_${process.pid}_${Date.now().toString(36)}`;

type Engine = 'mysql' | 'pgsql';
type Mode = 'plain' | Engine | `${Engine} batched`;
const MODES: Mode[] = ['plain', 'mysql', 'mysql batched', 'pgsql', 'pgsql batched'];
const engineOf = (mode: Mode): Engine | undefined => (mode === 'plain' ? undefined : (mode.split(' ')[0] as Engine));
const actionName = (mode: Mode) => (mode.endsWith('batched') ? 'bench_batched' : 'bench_single');
const actionId = (mode: Mode) => `${engineOf(mode)}:${actionName(mode)}`;
const ruleId = (mode: Mode) => `bench_${mode.replace(' ', '_')}`;

const progress = (text: string) => process.stderr.write(`[sql-actions] ${text}\n`);
const payloads = Array.from({ length: 100 }, (_, i) => Buffer.from(JSON.stringify({ temp: 20 + (i % 15), hum: 40 + (i % 20), id: `dev-${i}` })));
const INSERT = `insert into ${TABLE}(dev, topic, temp, hum) values (\${payload.id}, \${topic}, \${payload.temp}, \${payload.hum})`;

interface Round {
  mode: Mode;
  sent: number;
  delivered: number;
  rows: number;
  perInput: number;
  cpu: number;
  rowsPerSecond: number;
  /** rows per second from the first message until the last row was counted */
  rowsPerSecondToEnd: number;
  drainMs: number;
}

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const my = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
  const pq = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await pq.connect();
  await my.query(`CREATE TABLE ${TABLE} (id BIGINT AUTO_INCREMENT PRIMARY KEY, dev VARCHAR(32), topic VARCHAR(64), temp DOUBLE, hum DOUBLE)`);
  await pq.query(`CREATE TABLE ${TABLE} (id BIGSERIAL PRIMARY KEY, dev VARCHAR(32), topic VARCHAR(64), temp DOUBLE PRECISION, hum DOUBLE PRECISION)`);
  const count: Record<Engine, () => Promise<number>> = {
    mysql: async () => Number(((await my.query(`SELECT count(*) AS n FROM ${TABLE}`))[0] as { n: number }[])[0].n),
    pgsql: async () => Number((await pq.query(`SELECT count(*) AS n FROM ${TABLE}`)).rows[0].n),
  };
  const node: Peer = await startMqdeck();
  const token = await login(node);
  const api = (method: string, path: string, body?: unknown) => rest(node, method, path, body, token);
  try {
    const servers: Record<Engine, { server: string; username: string }> = {
      mysql: { server: '127.0.0.1:3306', username: 'root' },
      pgsql: { server: '127.0.0.1:5432', username: 'postgres' },
    };
    for (const engine of ['mysql', 'pgsql'] as Engine[]) {
      await api('POST', '/connectors', { type: engine, name: 'bench', ...servers[engine], database: 'test', pool_size: POOL_SIZE });
    }
    for (const mode of MODES.filter((m) => m !== 'plain')) {
      const batched = mode.endsWith('batched');
      await api('POST', '/actions', {
        type: engineOf(mode),
        name: actionName(mode),
        connector: 'bench',
        parameters: { sql: INSERT },
        resource_opts: batched ? { batch_size: 100, batch_time: '10ms' } : { batch_size: 1 },
      });
      await api('POST', '/rules', { id: ruleId(mode), sql: 'SELECT * FROM "bench/#"', actions: [actionId(mode)], enable: false });
    }
    for (const mode of MODES.filter((m) => m !== 'plain')) await waitConnected(api, actionId(mode));

    let enabled: Mode = 'plain';
    const switchTo = async (mode: Mode) => {
      if (enabled !== 'plain') await api('PUT', `/rules/${ruleId(enabled)}`, { enable: false });
      if (mode !== 'plain') await api('PUT', `/rules/${ruleId(mode)}`, { enable: true });
      enabled = mode;
    };
    const stream = async (mode: Mode, secs = seconds): Promise<Round> => {
      const engine = engineOf(mode);
      const r = await steadyRound(node, {
        rate,
        seconds: secs,
        publishers: PUBLISHERS,
        prefix: 'bench/room',
        subscription: 'bench/#',
        payloads,
        tag: `${Date.now()}-${mode.replace(' ', '-')}`,
        counter: engine && count[engine],
        waitForCounter: engine !== undefined,
        drainTimeoutMs: 20_000,
        pollMs: 100,
      });
      return {
        mode,
        sent: r.sent,
        delivered: r.delivered,
        rows: r.counted,
        cpu: r.cpu,
        perInput: r.cpu / Math.max(1, r.sent),
        rowsPerSecond: r.countedInWindow / r.windowSeconds,
        rowsPerSecondToEnd: r.counted / (r.windowSeconds + r.drainMs / 1000),
        drainMs: r.drainMs,
      };
    };

    progress(`tables ${TABLE} in MariaDB and PostgreSQL; warm-up`);
    for (const mode of MODES) {
      await switchTo(mode);
      await stream(mode, 2);
      if (mode !== 'plain') await settled(api, actionId(mode));
    }
    const results: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      const order = MODES.map((_, k) => MODES[(k + i) % MODES.length]);
      for (const mode of order) {
        progress(`round ${i + 1}/${rounds}: ${mode}`);
        await switchTo(mode);
        results.push(await stream(mode));
        if (mode !== 'plain') await settled(api, actionId(mode));
      }
    }
    await switchTo('plain');
    const metrics: Record<string, Record<string, number>> = {};
    for (const mode of MODES.filter((m) => m !== 'plain'))
      metrics[mode] = ((await api('GET', `/actions/${actionId(mode)}/metrics`)) as { metrics: Record<string, number> }).metrics;
    report(results, metrics);
    const [l1, l5] = loadavg();
    console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}`);
  } finally {
    await node.stop();
    await my.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await pq.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await my.end();
    await pq.end();
  }
}

/** nothing queued or in flight any more: the next round does not pay for this one's backlog */
async function settled(api: (m: string, p: string) => Promise<any>, id: string): Promise<void> {
  const until = performance.now() + 15_000;
  while (performance.now() < until) {
    const { metrics } = (await api('GET', `/actions/${id}/metrics`)) as { metrics: Record<string, number> };
    if (metrics.queuing === 0 && metrics.inflight === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  progress(`${id}: still a backlog 15 s after its round`);
}

/** the action installed (its statement prepared against the table) */
async function waitConnected(api: (m: string, p: string) => Promise<any>, id: string): Promise<void> {
  const until = performance.now() + 15_000;
  for (;;) {
    const a = await api('GET', `/actions/${id}`);
    if (a.status === 'connected') return;
    if (performance.now() > until) throw new Error(`the action ${id} did not become connected within 15 s: ${a.status} ${a.status_reason ?? ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function report(results: Round[], metrics: Record<string, Record<string, number>>): void {
  const of = (mode: Mode) => results.filter((r) => r.mode === mode);
  const plainRounds = of('plain');
  const plain = median(plainRounds.map((r) => r.perInput));
  const achieved = median(results.map((r) => r.sent / seconds));
  const sum = (rs: Round[], f: (r: Round) => number) => rs.reduce((n, r) => n + f(r), 0);
  console.log(`${rate} msgs/s of JSON in (${PUBLISHERS} publishers → bench/room<n>, QoS 0), ${seconds} s per round, ${rounds} rounds of each mode on one node`);
  console.log(`  input rate the load generator reached: ${achieved.toFixed(0)} msgs/s (median of all rounds); one subscriber on bench/# throughout`);
  console.log(`  rule SELECT * FROM "bench/#" → action: ${INSERT.replace(TABLE, 'T')}`);
  console.log(`  connectors: pool_size ${POOL_SIZE}; MariaDB and PostgreSQL of this machine; "batched" = resource_opts batch_size 100, batch_time 10ms`);
  const head = ['mode', 'CPU/input', '× plain', "action's own", 'CPU/row', 'rows/sent', 'rows/s sending', 'rows/s to the end', 'drained after'];
  const lines: string[][] = [head];
  for (const mode of MODES) {
    const rows = of(mode);
    if (!rows.length) continue;
    const perInput = median(rows.map((r) => r.perInput));
    if (mode === 'plain') {
      lines.push(['plain delivery (no rule)', `${perInput.toFixed(1)} µs`, '1.00×', '-', '-', '-', '-', '-', '-']);
      continue;
    }
    // the action's own cost: each round against the plain round of the same rotation
    const own = median(rows.map((r, i) => r.perInput - plainRounds[i].perInput));
    const perRow = median(rows.map((r) => r.cpu / Math.max(1, r.rows)));
    lines.push([
      mode.endsWith('batched') ? `${mode} (100 / 10ms)` : `${mode}, batch_size 1`,
      `${perInput.toFixed(1)} µs`,
      `${(perInput / plain).toFixed(2)}×`,
      `${own.toFixed(1)} µs = ${(own / plain).toFixed(2)}× plain`,
      `${perRow.toFixed(1)} µs`,
      `${sum(rows, (r) => r.rows)}/${sum(rows, (r) => r.sent)}`,
      median(rows.map((r) => r.rowsPerSecond)).toFixed(0),
      median(rows.map((r) => r.rowsPerSecondToEnd)).toFixed(0),
      `${median(rows.map((r) => r.drainMs / 1000)).toFixed(2)} s`,
    ]);
  }
  const widths = head.map((_, c) => Math.max(...lines.map((l) => l[c].length)));
  for (const l of lines) console.log(`  ${l.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')}`);
  console.log(
    `  rounds (CPU per input, µs): ${MODES.map(
      (m) =>
        `${m} ${of(m)
          .map((r) => r.perInput.toFixed(1))
          .join(', ')}`,
    ).join('; ')}`,
  );
  console.log(`  plain deliveries lost: ${sum(results, (r) => Math.max(0, r.sent - r.delivered))} of ${sum(results, (r) => r.sent)}`);
  const keys = ['matched', 'success', 'failed', 'dropped', 'retried', 'queuing', 'inflight'];
  for (const [mode, m] of Object.entries(metrics)) console.log(`  ${actionId(mode as Mode).padEnd(20)} metrics: ${keys.map((k) => `${k} ${m[k] ?? '-'}`).join(', ')}`);
}

await main();
