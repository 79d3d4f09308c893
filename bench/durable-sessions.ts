// Durable sessions (issue 22): QoS 1 into offline persistent sessions and their replay on reconnect, on a node with
// durable_sessions.enable (messages kept in SQLite, read back in batches) beside the same load on a node with
// in-memory sessions (max_mqueue_len raised so that neither drops anything), one run, printed as ratios.
// Each round: S persistent subscribers (session expiry 3600 s) subscribe to bench/# and go away; P publishers send
// M QoS 1 messages (each keeping W unacknowledged at most), so S × M copies are stored; then all subscribers come back
// and the replay is timed until every copy arrived. Rounds alternate between the nodes; medians are printed.
//   npx tsx bench/durable-sessions.ts [--messages 5000] [--subscribers 10] [--publishers 4] [--rounds 3] [--batch 100]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { startMqdeck, type Peer } from './lib/peers';
import { cpuMicros } from './lib/proc';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '5000' },
    subscribers: { type: 'string', default: '10' },
    publishers: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    batch: { type: 'string', default: '100' },
  },
});
const M = Number(values.messages);
const S = Number(values.subscribers);
const P = Number(values.publishers);
const rounds = Math.max(1, Number(values.rounds));
const WINDOW = 64;
const progress = (text: string) => process.stderr.write(`[durable-sessions] ${text}\n`);

const open = (peer: Peer, clientId: string, persistent: boolean) =>
  mqtt.connectAsync({
    host: peer.host,
    port: peer.port,
    clientId,
    protocolVersion: 5,
    clean: !persistent,
    reconnectPeriod: 0,
    ...(persistent ? { properties: { sessionExpiryInterval: 3600 } } : {}),
  });

/** `count` QoS 1 messages from one publisher, at most WINDOW unacknowledged */
function send(client: MqttClient, tag: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let acked = 0;
    const next = () => {
      if (sent >= count) return;
      const i = sent++;
      client.publish(`bench/${tag}`, `${tag}:${i}:${'x'.repeat(48)}`, { qos: 1 }, (err) => {
        if (err) return reject(err);
        if (++acked === count) resolve();
        else next();
      });
    };
    for (let w = 0; w < WINDOW; w++) next();
  });
}

interface Round {
  storeRate: number; // copies stored per second (messages acknowledged × subscribers / s)
  inRate: number; // messages acknowledged per second
  replayRate: number; // copies delivered per second on reconnect
  cpuPerStored: number; // broker µs CPU per stored copy
  cpuPerReplayed: number;
}

async function round(peer: Peer, n: number): Promise<Round> {
  const ids = Array.from({ length: S }, (_, i) => `bench-ds-${n}-${i}`);
  for (const id of ids) {
    const c = await open(peer, id, true);
    await c.subscribeAsync('bench/#', { qos: 1 });
    await c.endAsync();
  }
  const pubs = await Promise.all(Array.from({ length: P }, (_, i) => open(peer, `bench-pub-${n}-${i}`, false)));
  const per = Math.ceil(M / P);
  let cpu = cpuMicros(peer.pid);
  let t = performance.now();
  await Promise.all(pubs.map((c, i) => send(c, `p${i}`, per)));
  const storeSecs = (performance.now() - t) / 1000;
  const storeCpu = cpuMicros(peer.pid) - cpu;
  await Promise.all(pubs.map((c) => c.endAsync()));

  const expected = per * P * S;
  let got = 0;
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  cpu = cpuMicros(peer.pid);
  t = performance.now();
  const subs = await Promise.all(
    ids.map((id) => {
      const c = mqtt.connect({ host: peer.host, port: peer.port, clientId: id, protocolVersion: 5, clean: false, reconnectPeriod: 0, properties: { sessionExpiryInterval: 3600 } });
      c.on('message', () => {
        if (++got === expected) done();
      });
      return c;
    }),
  );
  // a replay that stops making progress for 30 s ends the round (and fails it below)
  let seen = -1;
  const stall = setInterval(() => (got === seen ? done() : (seen = got)), 30_000);
  await all;
  clearInterval(stall);
  const replaySecs = (performance.now() - t) / 1000;
  const replayCpu = cpuMicros(peer.pid) - cpu;
  // later rounds publish to the same topics: these sessions leave them
  await Promise.all(subs.map((c) => c.unsubscribeAsync('bench/#').then(() => c.endAsync())));
  if (got !== expected) throw new Error(`${peer.name}: replay delivered ${got} of ${expected}`);
  return {
    storeRate: expected / storeSecs,
    inRate: (per * P) / storeSecs,
    replayRate: expected / replaySecs,
    cpuPerStored: storeCpu / expected,
    cpuPerReplayed: replayCpu / expected,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const total = Math.ceil(M / P) * P;
  progress(`starting two nodes (${S} subscribers × ${total} messages = ${S * total} copies a round, ${rounds} rounds)`);
  const durable = { ...(await startMqdeck({ EMQX_DURABLE_SESSIONS__ENABLE: 'true', EMQX_DURABLE_SESSIONS__BATCH_SIZE: String(values.batch) })), name: 'durable' };
  const memory = { ...(await startMqdeck({ EMQX_MQTT__MAX_MQUEUE_LEN: String(total + 1) })), name: 'in-memory' };
  const results: Record<string, Round[]> = { durable: [], 'in-memory': [] };
  try {
    for (let n = 0; n < rounds; n++)
      for (const peer of n % 2 === 0 ? [durable, memory] : [memory, durable]) {
        const r = await round(peer, n);
        results[peer.name].push(r);
        progress(`round ${n + 1} ${peer.name}: stored ${r.storeRate.toFixed(0)} copies/s, replayed ${r.replayRate.toFixed(0)} copies/s`);
      }
  } finally {
    await durable.stop();
    await memory.stop();
  }
  const m = (name: string, key: keyof Round) => median(results[name].map((r) => r[key]));
  const rows: [string, keyof Round, string, boolean][] = [
    ['QoS 1 in (publisher PUBACKs)', 'inRate', 'msgs/s', false],
    ['stored into offline sessions', 'storeRate', 'copies/s', false],
    ['replay on reconnect', 'replayRate', 'copies/s', false],
    ['broker CPU per stored copy', 'cpuPerStored', 'µs', true],
    ['broker CPU per replayed copy', 'cpuPerReplayed', 'µs', true],
  ];
  console.log(`\nDurable vs in-memory sessions: ${S} offline subscribers, ${total} QoS 1 messages, ${P} publishers (window ${WINDOW}), median of ${rounds}`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${'measure'.padEnd(32)}${'durable'.padStart(12)}${'in-memory'.padStart(12)}  unit      durable/in-memory`);
  for (const [label, key, unit] of rows) {
    const d = m('durable', key);
    const i = m('in-memory', key);
    console.log(
      `${label.padEnd(32)}${d.toFixed(key.startsWith('cpu') ? 1 : 0).padStart(12)}${i.toFixed(key.startsWith('cpu') ? 1 : 0).padStart(12)}  ${unit.padEnd(9)} ${(d / i).toFixed(2)}`,
    );
  }
}

await main();
