// Cost of one ExHook on message.publish (issue 16): a steady stream of messages into one node, one subscriber on
// bench/# throughout (so every input is one plain delivery), and in turn:
//   plain   no ExHook server (the server is disabled through the API): publish in, deliver — the yardstick
//   hook    an ExHook server registering message.publish on bench/# that answers CONTINUE with the message unchanged
// The hook server (@grpc/grpc-js with EMQX's exhook.proto) runs in a child process (this file with --serve), so the
// load generator's event loop does not pace it. The server is switched on and off through PUT /exhooks/<name> between
// rounds of the same node (same process, heap and JIT); the order alternates so the machine's other load falls on both
// modes alike; the node's CPU comes from /proc.
// Reported: node CPU per message with and without the hook and their ratio, gRPC round trips (OnMessagePublish calls
// answered) per second at the hook server, deliveries lost, and the load average.
//   npx tsx bench/exhook.ts [--seconds 10] [--rate 2000] [--rounds 3]
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Server, ServerCredentials, loadPackageDefinition, type ServiceClientConstructor, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { startMqdeck, type Peer } from './lib/peers';
import { login, rest } from './lib/api';
import { median } from './lib/proc';
import { steadyRound } from './lib/steady';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    serve: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const rounds = Number(values.rounds);
const PUBLISHERS = 10;
const NAME = 'bench_hook';
const PROTO = resolve(import.meta.dirname, '..', 'packages', 'server', 'src', 'modules', 'exhook', 'exhook.proto');

type Mode = 'plain' | 'hook';
const progress = (text: string) => process.stderr.write(`[exhook] ${text}\n`);
const payloads = Array.from({ length: 100 }, (_, i) => Buffer.from(JSON.stringify({ temp: 20 + (i % 15), id: `dev-${i}` })));

/** the hook server in a child process; reports how many OnMessagePublish calls it answered */
async function hookServer(): Promise<{ url: string; calls: () => Promise<number>; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((res) => child.once('message', (m) => res(m as number)));
  let asked = 0;
  const answers = new Map<number, (n: number) => void>();
  child.on('message', (m) => {
    const { id, calls } = m as { id: number; calls: number };
    answers.get(id)?.(calls);
    answers.delete(id);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () =>
      new Promise((res) => {
        const id = ++asked;
        answers.set(id, res);
        child.send(id);
      }),
    stop: () => child.kill(),
  };
}

function serve(): void {
  const def = loadSync(PROTO, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
  const pkg = loadPackageDefinition(def) as unknown as { emqx: { exhook: { v2: { HookProvider: ServiceClientConstructor } } } };
  const service = pkg.emqx.exhook.v2.HookProvider.service;
  let calls = 0;
  const impl: UntypedServiceImplementation = {};
  for (const rpc of Object.keys(service)) {
    impl[rpc] = (call: { request: Record<string, any> }, cb: (err: null, res: unknown) => void) => {
      if (rpc === 'OnProviderLoaded') return cb(null, { hooks: [{ name: 'message.publish', topics: ['bench/#'] }] });
      if (rpc === 'OnMessagePublish') {
        calls += 1;
        return cb(null, { type: 'CONTINUE', message: call.request.message });
      }
      cb(null, {});
    };
  }
  const server = new Server();
  server.addService(service, impl);
  process.on('message', (id) => process.send!({ id, calls }));
  server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, port) => {
    if (err) throw err;
    process.send!(port);
  });
}

interface Round {
  mode: Mode;
  sent: number;
  delivered: number;
  calls: number;
  perInput: number;
  callsPerSecond: number;
  /** how long after the last message the subscriber still received (a backlog draining) */
  drainMs: number;
}

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const hook = await hookServer();
  const node: Peer = await startMqdeck();
  const token = await login(node);
  const api = (method: string, path: string, body?: unknown) => rest(node, method, path, body, token);
  try {
    await api('POST', '/exhooks', { name: NAME, url: hook.url, enable: false, request_timeout: '5s', failed_action: 'ignore', pool_size: 8 });
    const switchTo = async (mode: Mode) => {
      await api('PUT', `/exhooks/${NAME}`, { name: NAME, url: hook.url, enable: mode === 'hook', request_timeout: '5s', failed_action: 'ignore', pool_size: 8 });
      const until = performance.now() + 15_000;
      for (;;) {
        const s = (await api('GET', `/exhooks/${NAME}`)) as { node_status: { status: string }[] };
        if (s.node_status[0]?.status === (mode === 'hook' ? 'connected' : 'disabled')) return;
        if (performance.now() > until) throw new Error(`the ExHook server did not become ${mode === 'hook' ? 'connected' : 'disabled'}: ${JSON.stringify(s)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const stream = async (mode: Mode, secs = seconds): Promise<Round> => {
      const r = await steadyRound(node, {
        rate,
        seconds: secs,
        publishers: PUBLISHERS,
        prefix: 'bench/room',
        subscription: 'bench/#',
        payloads,
        tag: `${Date.now()}-${mode}`,
        counter: hook.calls,
      });
      return {
        mode,
        sent: r.sent,
        delivered: r.delivered,
        calls: r.counted,
        perInput: r.cpu / Math.max(1, r.sent),
        callsPerSecond: r.countedInWindow / r.windowSeconds,
        drainMs: r.drainMs,
      };
    };

    progress('warm-up');
    for (const mode of ['plain', 'hook'] as Mode[]) {
      await switchTo(mode);
      await stream(mode, 2);
    }
    const results: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      for (const mode of (i % 2 ? ['hook', 'plain'] : ['plain', 'hook']) as Mode[]) {
        progress(`round ${i + 1}/${rounds}: ${mode}`);
        await switchTo(mode);
        results.push(await stream(mode));
      }
    }
    const metrics = (await api('GET', `/exhooks/${NAME}`)) as { metrics: Record<string, number> };
    report(results, metrics.metrics);
    const [l1, l5] = loadavg();
    console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}`);
  } finally {
    await node.stop();
    hook.stop();
  }
}

function report(results: Round[], metrics: Record<string, number>): void {
  const of = (mode: Mode) => results.filter((r) => r.mode === mode);
  const rs = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  const plain = median(of('plain').map((r) => r.perInput));
  const hook = median(of('hook').map((r) => r.perInput));
  const own = median(of('hook').map((r, i) => r.perInput - of('plain')[i].perInput));
  const plainRtt = median(of('plain').map((r) => r.callsPerSecond));
  const hookRtt = median(of('hook').map((r) => r.callsPerSecond));
  console.log(`${rate} msgs/s in (${PUBLISHERS} publishers → bench/room<n>, QoS 0), ${seconds} s per round, ${rounds} rounds of each mode on one node`);
  console.log(`  input rate reached: ${median(results.map((r) => r.sent / seconds)).toFixed(0)} msgs/s (median of all rounds); one subscriber on bench/#`);
  console.log(`  ExHook server: grpc-js in a child process, message.publish on bench/#, answers CONTINUE unchanged; pool_size 8`);
  console.log(`                              without hook        with hook           ratio`);
  console.log(`  node CPU per message      : ${plain.toFixed(1).padStart(7)} µs          ${hook.toFixed(1).padStart(7)} µs          ${(hook / plain).toFixed(2)}×`);
  console.log(`    rounds                  : ${rs(of('plain').map((r) => r.perInput)).padEnd(20)}${rs(of('hook').map((r) => r.perInput))}`);
  console.log(
    `  gRPC round trips per s    : ${plainRtt.toFixed(0).padStart(7)}             ${hookRtt.toFixed(0).padStart(7)}             ${(hookRtt / rate).toFixed(3)} per offered msg`,
  );
  console.log(`  backlog drained after     : ${rs(of('plain').map((r) => r.drainMs / 1000)).padEnd(20)}${rs(of('hook').map((r) => r.drainMs / 1000))} s after the last message`);
  console.log(`  the hook's own cost       : ${own.toFixed(1)} µs per message (median of paired differences) = ${(own / plain).toFixed(2)}× a plain delivery`);
  const calls = of('hook').reduce((n, r) => n + r.calls, 0);
  const sent = of('hook').reduce((n, r) => n + r.sent, 0);
  console.log(`  hook calls answered       : ${calls} of ${sent} messages in hook rounds`);
  console.log(`  deliveries lost           : plain ${of('plain').reduce((n, r) => n + r.sent - r.delivered, 0)}, hook ${of('hook').reduce((n, r) => n + r.sent - r.delivered, 0)}`);
  console.log(`  server metrics (API)      : succeed ${metrics.succeed ?? '-'}, failed ${metrics.failed ?? '-'}`);
}

if (values.serve) serve();
else await main();
