// Cost of a typical rule on the hot path (issue 11): a steady stream of JSON messages into one node, alternately
// without and with `SELECT payload.temp AS t, payload.hum AS h, clientid FROM "sensors/#" WHERE payload.temp > 30`
// republishing `${t}` to `alerts/${clientid}` (half the messages pass the WHERE). One subscriber takes both
// sensors/# and alerts/#, so every input is one plain delivery and every republished message is delivered too:
// the republish's own delivery is part of "with". The rule is switched off and on through the API between rounds
// on the same node (same process, same heap, same JIT state), the order alternating, so the machine's other load
// falls on both alike; the node's CPU per input comes from /proc; medians are reported, and the median of the
// per-pair differences, which is steadier than the difference of medians when the load drifts.
// The yardstick the issue sets ("no more than a plain delivery"): a plain delivery is what one input costs without
// the rule — publish in, deliver to one subscriber. The rule's cost is (with − without) per input.
//   npx tsx bench/rule-overhead.ts [--seconds 10] [--rate 10000] [--rounds 5]
//   npx tsx bench/rule-overhead.ts --profile [--seconds 10]   # the node under --cpu-prof, the rule on: where it goes
//   --root <dir>: the node of another checkout (`git archive <commit> | tar -x -C <dir>`, node_modules linked in)
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
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
    profile: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
    root: { type: 'string' },
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

// the same payloads every round: temp alternates 25 / 35 so every other message passes the WHERE
const payloads = Array.from({ length: 100 }, (_, i) => Buffer.from(JSON.stringify({ temp: i % 2 ? 35 + (i % 7) : 25 - (i % 5), hum: 40 + (i % 20), id: `dev-${i}` })));

interface Round {
  perInput: number;
  sent: number;
  delivered: number;
  republished: number;
  lost: number;
}

/** `rate` msgs/s from 10 publishers for `secs`; one subscriber on sensors/# and alerts/#: node µs CPU per input */
async function stream(peer: Peer, ruleOn: boolean, secs = seconds): Promise<Round> {
  const tag = `${Date.now()}-${ruleOn ? 1 : 0}`;
  const sub = await open(peer, `sub-${tag}`);
  const pubs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => open(peer, `sensor-${i}-${tag}`)));
  await sub.subscribeAsync({ 'sensors/#': { qos: 0 }, 'alerts/#': { qos: 0 } });
  let delivered = 0;
  let republished = 0;
  sub.on('message', (topic) => (topic.charCodeAt(0) === 97 ? (republished += 1) : (delivered += 1)));
  const cpuBefore = cpuMicros(peer.pid);
  const sent = await paced(rate, secs, (i) => {
    const p = i % PUBLISHERS;
    pubs[p].publish(`sensors/room${p}`, payloads[i % payloads.length], { qos: 0 });
  });
  const expectedAlerts = ruleOn ? Math.floor(sent / 2) : 0;
  const until = performance.now() + 5000;
  while ((delivered < sent || republished < expectedAlerts) && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all([sub, ...pubs].map((c) => c.endAsync(true)));
  return { perInput: cpu / Math.max(1, sent), sent, delivered, republished, lost: sent + expectedAlerts - delivered - republished };
}

const fmt = (x: number) => `${x.toFixed(2)} µs`;
const rs = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');

async function setup(nodeArgs: string[] = []): Promise<{ node: Peer; enable: (on: boolean) => Promise<void>; metrics: () => Promise<Record<string, number>> }> {
  const node = await startMqdeck({}, nodeArgs, ...(values.root ? [resolve(values.root)] : []));
  const token = await login(node);
  await rest(node, 'POST', '/rules', { ...RULE, enable: false }, token);
  return {
    node,
    enable: async (on) => void (await rest(node, 'PUT', `/rules/${RULE.id}`, { enable: on }, token)),
    metrics: async () => (await rest(node, 'GET', `/rules/${RULE.id}/metrics`, undefined, token)).metrics as Record<string, number>,
  };
}

async function compare(): Promise<void> {
  const loadAtStart = loadavg();
  const { node, enable, metrics } = await setup();
  const without: Round[] = [];
  const withRule: Round[] = [];
  const m: Record<string, number> = {};
  try {
    // warm-up: both paths compiled by the JIT before anything is measured
    progress('warm-up');
    await stream(node, false, 3);
    await enable(true);
    await stream(node, true, 3);
    await enable(false);
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 ? [true, false] : [false, true];
      for (const on of order) {
        progress(`round ${i + 1}/${rounds}: ${on ? 'with' : 'without'} the rule`);
        await enable(on);
        (on ? withRule : without).push(await stream(node, on));
        // a save resets the rule's metrics (as in EMQX): add each with-round's up before the next switch
        if (on) for (const [k, v] of Object.entries(await metrics())) m[k] = (m[k] ?? 0) + v;
      }
    }
    const a = median(without.map((r) => r.perInput));
    const b = median(withRule.map((r) => r.perInput));
    const paired = median(withRule.map((r, i) => r.perInput - without[i].perInput));
    console.log(`${rate} msgs/s of JSON in (10 publishers → sensors/room<n>), QoS 0, ${seconds} s per round, ${rounds} alternating pairs on one node`);
    console.log(`  rule: ${RULE.sql}  →  republish alerts/\${clientid} payload \${t}; one subscriber on sensors/# and alerts/#`);
    console.log(`  without the rule : ${fmt(a)} CPU per input (median; rounds ${rs(without.map((r) => r.perInput))})`);
    console.log(`  with the rule    : ${fmt(b)} CPU per input (median; rounds ${rs(withRule.map((r) => r.perInput))})`);
    console.log(`  ratio with / without           : ${(b / a).toFixed(2)}×`);
    console.log(`  the rule's cost per input      : ${fmt(b - a)} (difference of medians), ${fmt(paired)} (median of paired differences)`);
    console.log(`  a plain delivery (publish in, deliver to one subscriber) = the cost without the rule: ${fmt(a)}`);
    const ratio = paired / a;
    console.log(`  rule cost / plain delivery     : ${ratio.toFixed(2)} — target ≤ 1.00: ${ratio <= 1 ? 'met' : 'missed'}`);
    const lost = [...without, ...withRule].reduce((n, r) => n + r.lost, 0);
    console.log(
      `  inputs: ${without.reduce((n, r) => n + r.sent, 0)} without, ${withRule.reduce((n, r) => n + r.sent, 0)} with; republished messages delivered ${withRule.reduce((n, r) => n + r.republished, 0)}; lost ${lost}`,
    );
    console.log(
      `  rule metrics (with-rounds): matched ${m.matched}, passed ${m.passed}, no_result ${m['failed.no_result']}, exception ${m['failed.exception']}, actions ok ${m['actions.success']}, failed ${m['actions.failed']}`,
    );
    const [l1, l5] = loadavg();
    console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}`);
  } finally {
    await node.stop();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** the node under --cpu-prof with the rule on: self time per function, and the time under the rule's entry point */
async function profile(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-rule-prof-'));
  const spawnedAt = performance.now();
  const { node, enable } = await setup(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  await enable(true);
  await stream(node, true, 3);
  const from = performance.now() - spawnedAt;
  const r = await stream(node, true);
  const to = performance.now() - spawnedAt;
  await node.stop();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
  const prof = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const parent = new Map<number, ProfileNode>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const name = (n: ProfileNode) => {
    const { functionName, url, lineNumber } = n.callFrame;
    return `${functionName || '(anonymous)'} ${url ? `${relative(resolve(import.meta.dirname, '..'), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const under = new Map<string, number>(); // inclusive time below each rule-engine function, counted once per sample
  let busy = 0;
  let at = 0;
  prof.samples.forEach((id, i) => {
    const dt = prof.timeDeltas[i] ?? 0;
    at += dt / 1000;
    const n = byId.get(id)!;
    if (at < from || at > to || n.callFrame.functionName === '(idle)') return;
    busy += dt;
    self.set(name(n), (self.get(name(n)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let p: ProfileNode | undefined = n; p; p = parent.get(p.id)) {
      if (!p.callFrame.url.includes('/modules/rules/') && !p.callFrame.url.includes('/shared/template')) continue;
      const k = name(p);
      if (seen.has(k)) continue;
      seen.add(k);
      under.set(k, (under.get(k) ?? 0) + dt);
    }
  });
  const per = (us: number) => `${(us / r.sent).toFixed(2).padStart(6)} µs/input`;
  console.log(`profile: ${join(dir, file)}; ${r.sent} inputs; busy ${(busy / 1000).toFixed(0)} ms = ${per(busy)} (sampled)`);
  console.log('\nself time:');
  for (const [k, v] of [...self].sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) console.log(`${per(v)}  ${k}`);
  console.log('\ninclusive time of rule-engine functions:');
  for (const [k, v] of [...under].sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) console.log(`${per(v)}  ${k}`);
}

await (values.profile ? profile() : compare());
