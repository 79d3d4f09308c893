// MQTT mutation fuzzer over raw TCP, seeded and bounded (issue 21).
//   npx tsx bench/fuzz/mqtt.ts [--seconds 60] [--seed 1] [--workers 8] [--root DIR]
// A fresh node in its own process; `workers` connections at a time, each: a CONNECT (v3.1.1 or v5, sometimes
// mutated), then up to 20 packets of the corpus (every client packet type), most of them mutated (lengths,
// identifiers, properties, truncation, splices, noise), in one to three writes. Every byte the node answers is read
// by a strict framer (frames.ts). A healthy v5 client checks liveness each second with a QoS 1 round trip, and the
// HTTP API's /status is polled. Exit code 1 on any crash, liveness failure, framing error or error log line.
// `--root DIR` fuzzes a node started from another checkout (to count findings before a change).
import { connect as tcpConnect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { CORPUS, ReplyReader, connectFrame, encode, mutate, type Version } from './frames';
import { int, pick, rng, startFuzzNode, type FuzzNode } from './node';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, seed: { type: 'string', default: '1' }, workers: { type: 'string', default: '8' }, root: { type: 'string' } },
});
const seconds = Number(values.seconds);
const seed = Number(values.seed);

const stats = { connections: 0, packets: 0, bytes: 0, replies: 0, framingErrors: [] as string[], livenessFailures: [] as string[] };

/** one connection's exchange; resolves when the node closed it or it went quiet */
function exchange(node: FuzzNode, r: () => number, n: number): Promise<void> {
  return new Promise((resolve) => {
    const v: Version = r() < 0.5 ? 4 : 5;
    const conn = connectFrame(v, `fz${n}`, r);
    const mutatedConnect = r() < 0.1;
    const reader = new ReplyReader(mutatedConnect ? undefined : v);
    const chunks: Buffer[] = [mutatedConnect ? mutate(r, conn, v) : encode(conn)];
    const count = 1 + int(r, 20);
    for (let i = 0; i < count; i++) {
      const f = pick(r, CORPUS[v]);
      chunks.push(r() < 0.75 ? mutate(r, f, v) : encode(f));
    }
    stats.connections++;
    stats.packets += chunks.length;
    const sock: Socket = tcpConnect(node.mqttPort, '127.0.0.1');
    let quiet: NodeJS.Timeout | undefined;
    let finished = false;
    const done = () => {
      clearTimeout(quiet);
      if (finished) return;
      finished = true;
      sock.destroy();
      reader.close();
      stats.replies += reader.frames;
      for (const e of reader.errors) stats.framingErrors.push(`seed ${seed} connection ${n} v${v}: ${e}`);
      resolve();
    };
    const idle = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, 300);
    };
    // most clients wait for the CONNACK before sending more; some send everything at once
    const waitConnack = r() < 0.8;
    let rest = waitConnack ? chunks.slice(1) : [];
    const sendRest = () => {
      // one to three writes: packets split across TCP segments, as a real client's may be
      const send = rest;
      rest = [];
      const cut = 1 + int(r, Math.min(3, Math.max(1, send.length)));
      const per = Math.max(1, Math.ceil(send.length / cut));
      for (let i = 0; i < send.length; i += per) {
        const data = Buffer.concat(send.slice(i, i + per));
        stats.bytes += data.length;
        if (!sock.destroyed) sock.write(data);
      }
    };
    sock.on('data', (d: Buffer) => {
      reader.push(d);
      if (rest.length) sendRest();
      idle();
    });
    sock.on('close', done);
    sock.on('error', () => undefined);
    sock.on('connect', () => {
      if (waitConnack) {
        stats.bytes += chunks[0].length;
        sock.write(chunks[0]);
      } else {
        rest = chunks;
        sendRest();
      }
      idle();
    });
  });
}

async function liveness(node: FuzzNode, stop: () => boolean): Promise<void> {
  const client = mqtt.connect({ host: '127.0.0.1', port: node.mqttPort, protocolVersion: 5, clientId: 'fz-liveness', reconnectPeriod: 0 });
  await new Promise<void>((res, rej) => {
    client.once('connect', () => res());
    client.once('error', rej);
  });
  await client.subscribeAsync('live/#', { qos: 1 });
  let seq = 0;
  while (!stop()) {
    const want = `ping ${++seq}`;
    const got = new Promise<boolean>((res) => {
      const t = setTimeout(() => res(false), 5000);
      const on = (_topic: string, payload: Buffer) => {
        if (payload.toString() !== want) return;
        clearTimeout(t);
        client.off('message', on);
        res(true);
      };
      client.on('message', on);
    });
    const sent = client.publishAsync('live/x', want, { qos: 1 }).then(
      () => true,
      () => false,
    );
    const http = fetch(`${node.httpUrl}/status`, { signal: AbortSignal.timeout(5000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    const [ok, acked, up] = await Promise.all([got, sent, http]);
    if (!ok || !acked) stats.livenessFailures.push(`MQTT round trip ${seq} (${ok ? 'delivered' : 'not delivered'}, ${acked ? 'acked' : 'not acked'})`);
    if (!up) stats.livenessFailures.push(`GET /status ${seq}`);
    if (!client.connected) {
      stats.livenessFailures.push('liveness client disconnected');
      return;
    }
    await new Promise((res) => setTimeout(res, 1000));
  }
  await client.endAsync();
}

async function main(): Promise<void> {
  const node = await startFuzzNode({}, values.root);
  const t0 = Date.now();
  const stop = () => Date.now() - t0 > seconds * 1000 || node.exited !== null;
  const live = liveness(node, stop);
  let n = 0;
  await Promise.all(
    Array.from({ length: Number(values.workers) }, async (_, w) => {
      const r = rng(seed * 1000 + w);
      while (!stop()) await exchange(node, r, n++);
    }),
  );
  await live.catch((err) => stats.livenessFailures.push(`liveness client: ${err}`));
  const crashed = node.exited;
  await new Promise((res) => setTimeout(res, 500)); // the node's last log lines
  const errorLines = [...node.errorLines];
  await node.stop();
  const took = (Date.now() - t0) / 1000;
  console.log(`mqtt fuzz: seed ${seed}, ${took.toFixed(0)} s, ${stats.connections} connections, ${stats.packets} packets (${stats.bytes} bytes), ${stats.replies} replies read`);
  console.log(
    `  crashes ${crashed ? 1 : 0}, liveness failures ${stats.livenessFailures.length}, framing errors ${stats.framingErrors.length}, error log lines ${errorLines.length}`,
  );
  for (const line of [...stats.framingErrors.slice(0, 10), ...stats.livenessFailures.slice(0, 5), ...errorLines.slice(0, 10)]) console.log(`  - ${line}`);
  if (crashed) console.log(`  node exited: ${JSON.stringify(crashed)}`);
  process.exit(crashed || stats.livenessFailures.length || stats.framingErrors.length || errorLines.length ? 1 : 0);
}

await main();
