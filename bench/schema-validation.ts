// Cost of schema validation on the hot path (issue 14): a steady stream of JSON messages into one node, alternately
// without and with a validation that checks every message against a JSON schema (registered in the schema
// registry; topic filter sensors/#, all_pass, drop on failure). Every message is valid, so every one is delivered
// either way and the difference is the check alone. The validation is switched off and on through the API between
// rounds on the same node (same process, heap and JIT state), the order alternating, so the machine's other load
// falls on both alike. The node's CPU per message comes from /proc; medians are printed side by side with the ratio,
// and the median of the per-pair differences, steadier than the difference of medians when the load drifts.
//   npx tsx bench/schema-validation.ts [--seconds 10] [--rate 10000] [--rounds 5]
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
const SCHEMA = {
  type: 'object',
  properties: { temp: { type: 'number' }, hum: { type: 'number', minimum: 0, maximum: 100 }, id: { type: 'string' } },
  required: ['temp', 'hum', 'id'],
};
const VALIDATION = { name: 'bench_validation', topics: ['sensors/#'], strategy: 'all_pass', failure_action: 'drop', checks: [{ type: 'json', schema: 'bench_reading' }] };

const progress = (text: string) => process.stderr.write(`[schema-validation] ${text}\n`);
const payloads = Array.from({ length: 100 }, (_, i) => Buffer.from(JSON.stringify({ temp: 20 + (i % 15), hum: 40 + (i % 20), id: `dev-${i}` })));

interface Round {
  perMessage: number;
  sent: number;
  delivered: number;
}

/** `rate` msgs/s from 10 publishers for `secs`; one subscriber on sensors/#: node µs CPU per message */
async function stream(peer: Peer, tag: string, secs = seconds): Promise<Round> {
  const sub = await open(peer, `sub-${tag}`);
  const pubs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => open(peer, `sensor-${i}-${tag}`)));
  await sub.subscribeAsync('sensors/#', { qos: 0 });
  let delivered = 0;
  sub.on('message', () => (delivered += 1));
  const cpuBefore = cpuMicros(peer.pid);
  const sent = await paced(rate, secs, (i) => {
    const p = i % PUBLISHERS;
    pubs[p].publish(`sensors/room${p}`, payloads[i % payloads.length], { qos: 0 });
  });
  const until = performance.now() + 5000;
  while (delivered < sent && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all([sub, ...pubs].map((c) => c.endAsync(true)));
  return { perMessage: cpu / Math.max(1, sent), sent, delivered };
}

const fmt = (x: number) => `${x.toFixed(2)} µs`;

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const node = await startMqdeck();
  const token = await login(node);
  await rest(node, 'POST', '/schema_registry', { name: 'bench_reading', type: 'json', source: JSON.stringify(SCHEMA) }, token);
  await rest(node, 'POST', '/schema_validations', { ...VALIDATION, enable: false }, token);
  const enable = async (on: boolean) => void (await rest(node, 'POST', `/schema_validations/validation/${VALIDATION.name}/enable/${on}`, undefined, token));
  const without: Round[] = [];
  const withV: Round[] = [];
  try {
    progress('warm-up');
    await stream(node, 'warm-0', 3);
    await enable(true);
    await stream(node, 'warm-1', 3);
    await enable(false);
    for (let i = 0; i < rounds; i++) {
      for (const on of i % 2 ? [true, false] : [false, true]) {
        progress(`round ${i + 1}/${rounds}: ${on ? 'with' : 'without'} the validation`);
        await enable(on);
        (on ? withV : without).push(await stream(node, `r${i}-${on ? 1 : 0}`));
      }
    }
    const m = (await rest(node, 'GET', `/schema_validations/validation/${VALIDATION.name}/metrics`, undefined, token)).metrics as Record<string, number>;
    const a = median(without.map((r) => r.perMessage));
    const b = median(withV.map((r) => r.perMessage));
    const paired = median(withV.map((r, i) => r.perMessage - without[i].perMessage));
    const lost = (rs: Round[]) => rs.reduce((n, r) => n + r.sent - r.delivered, 0);
    console.log(`${rate} msgs/s of JSON (10 publishers → sensors/room<n>, ~50 bytes), QoS 0, ${seconds} s per round, ${rounds} alternating pairs on one node`);
    console.log(`  validation: JSON schema ${JSON.stringify(SCHEMA)} on sensors/#, every message valid; one subscriber on sensors/#`);
    console.log('');
    console.log('                         without       with        ratio');
    console.log(`  node CPU per message   ${fmt(a).padEnd(13)} ${fmt(b).padEnd(11)} ${(b / a).toFixed(2)}×`);
    console.log(`  rounds                 ${without.map((r) => r.perMessage.toFixed(2)).join(', ')}  |  ${withV.map((r) => r.perMessage.toFixed(2)).join(', ')}`);
    console.log(`  validation's own cost  ${fmt(paired)} per message (median of paired differences), ${((paired / a) * 100).toFixed(0)} % of a plain delivery`);
    console.log(`  lost                   ${lost(without)}             ${lost(withV)}`);
    console.log(`  validation metrics     matched ${m.matched}, succeeded ${m.succeeded}, failed ${m.failed}`);
    console.log(
      `  load average           ${loadAtStart.map((x) => x.toFixed(2)).join(' ')} at start, ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} at end (2 cores, shared)`,
    );
  } finally {
    await node.stop();
  }
}

await main();
