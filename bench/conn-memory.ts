// What one idle MQTT connection costs the broker's JS heap, and which objects make it up: a bare broker in this
// process (no node around it), N raw MQTT 3.1.1 connections opened from a child process, heap measured after a
// full GC before and after, and two heap snapshots compared by constructor (count and bytes per connection).
//   npx tsx bench/conn-memory.ts [--connections 2000] [--top 25] [--no-snapshot] [--detail Object]
// --detail NAME splits the objects of that constructor by their property names (which plain objects they are);
// with --retainers, by what holds them instead (the holder's constructor and the edge: "Connection.outBuf").
// Re-runs itself under --expose-gc. RSS is what bench/broker-vs-mosquitto.ts compares with Mosquitto; this one
// says where the heap part of it goes.
import { fork, spawnSync } from 'node:child_process';
import { connect as netConnect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { getHeapSnapshot } from 'node:v8';
import { createBroker } from '@mqdeck/broker';

const self = fileURLToPath(import.meta.url);
const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '2000' },
    top: { type: 'string', default: '25' },
    'no-snapshot': { type: 'boolean', default: false },
    detail: { type: 'string' },
    retainers: { type: 'boolean', default: false },
    clients: { type: 'string' }, // internal: run as the client process against this port
  },
});
const count = Number(values.connections);

function connectPacket(clientId: string): Buffer {
  const id = Buffer.from(clientId);
  const variable = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0x02, 0x01, 0x2c]); // MQTT 4, clean, keepalive 300
  return Buffer.concat([Buffer.from([0x10, variable.length + 2 + id.length]), variable, Buffer.from([id.length >> 8, id.length & 0xff]), id]);
}

async function clientProcess(port: number): Promise<void> {
  const sockets: Socket[] = [];
  let acked = 0;
  for (let i = 0; i < count; i += 50) {
    await Promise.all(
      Array.from(
        { length: Math.min(50, count - i) },
        (_, k) =>
          new Promise<void>((res) => {
            const s = netConnect(port, '127.0.0.1', () => s.write(connectPacket(`mem-${i + k}`)));
            s.once('data', (d) => {
              if (d[0] === 0x20 && d[3] === 0) acked++;
              res();
            });
            s.once('error', () => res());
            sockets.push(s);
          }),
      ),
    );
  }
  process.send!({ acked });
  process.on('message', () => {
    for (const s of sockets) s.destroy();
    process.exit(0);
  });
}

type Gc = () => void;

/** self size and count per constructor name in a heap snapshot */
async function histogram(): Promise<Map<string, { n: number; bytes: number }>> {
  const chunks: string[] = [];
  for await (const c of getHeapSnapshot()) chunks.push(String(c));
  const snap = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const f = snap.snapshot.meta.node_fields;
  const width = f.length;
  const typeAt = f.indexOf('type');
  const nameAt = f.indexOf('name');
  const sizeAt = f.indexOf('self_size');
  const edgesAt = f.indexOf('edge_count');
  const ef = snap.snapshot.meta.edge_fields;
  const edgeTypes = snap.snapshot.meta.edge_types[0];
  const types = snap.snapshot.meta.node_types[0];
  const out = new Map<string, { n: number; bytes: number }>();
  const nodeName = (i: number) => {
    const type = types[snap.nodes[i + typeAt]];
    return type === 'object' || type === 'closure' ? `${snap.strings[snap.nodes[i + nameAt]]}${type === 'closure' ? '()' : ''}` : `(${type})`;
  };
  // --retainers: the first strong holder of each object of the detailed constructor (node offset → "Holder.edge")
  const heldBy = new Map<number, string>();
  if (values.detail && values.retainers) {
    const toAt = ef.indexOf('to_node');
    const edgeNameAt = ef.indexOf('name_or_index');
    let e = 0;
    for (let i = 0; i < snap.nodes.length; i += width) {
      const n = snap.nodes[i + edgesAt];
      for (let k = 0; k < n; k++, e += ef.length) {
        const kind = edgeTypes[snap.edges[e]];
        if (kind === 'weak' || kind === 'shortcut') continue;
        const to = snap.edges[e + toAt];
        if (heldBy.has(to) || nodeName(to) !== values.detail) continue;
        const label = kind === 'element' || kind === 'hidden' ? `[${kind}]` : snap.strings[snap.edges[e + edgeNameAt]];
        heldBy.set(to, `${nodeName(i)}.${label}`);
      }
    }
  }
  let edge = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]];
    let name = type === 'object' || type === 'closure' ? `${snap.strings[snap.nodes[i + nameAt]]}${type === 'closure' ? '()' : ''}` : `(${type})`;
    const edges = snap.nodes[i + edgesAt];
    if (values.detail && values.retainers && name === values.detail) {
      name = `${name} held by ${heldBy.get(i) ?? '?'}`;
    } else if (values.detail && name === values.detail) {
      // the object's own property names: which object this is
      const props: string[] = [];
      for (let e = edge; e < edge + edges * ef.length; e += ef.length) {
        if (edgeTypes[snap.edges[e]] === 'property') props.push(snap.strings[snap.edges[e + 1]]);
      }
      name = `${name} {${props.slice(0, 8).join(', ')}${props.length > 8 ? ', …' : ''}}`;
    }
    edge += edges * ef.length;
    const e = out.get(name) ?? { n: 0, bytes: 0 };
    e.n++;
    e.bytes += snap.nodes[i + sizeAt];
    out.set(name, e);
  }
  return out;
}

async function main(gc: Gc): Promise<void> {
  const broker = createBroker({ nodeName: 'bench@127.0.0.1' });
  const listener = broker.createListener({
    id: 'tcp:default',
    type: 'tcp',
    bind: { host: '127.0.0.1', port: 0 },
    maxConnections: null,
    mountpoint: '',
    zone: 'default',
    enableAuthn: true,
  });
  await listener.start();
  const snapshots = !values['no-snapshot'];
  // warm-up: a few connections through the whole path, so code and shapes exist before the baseline
  const warm = fork(self, ['--clients', String(listener.port), '--connections', '50'], { execArgv: ['--import', 'tsx'] });
  await new Promise((r) => warm.once('message', r));
  warm.send('close');
  await new Promise((r) => warm.once('exit', r));
  await new Promise((r) => setTimeout(r, 500));

  gc();
  gc();
  const before = process.memoryUsage();
  const hBefore = snapshots ? await histogram() : undefined;
  const child = fork(self, ['--clients', String(listener.port), '--connections', String(count)], { execArgv: ['--import', 'tsx'] });
  const { acked } = await new Promise<{ acked: number }>((r) => child.once('message', (m) => r(m as { acked: number })));
  await new Promise((r) => setTimeout(r, 1000));
  gc();
  gc();
  const after = process.memoryUsage();
  const hAfter = snapshots ? await histogram() : undefined;
  const per = (k: keyof NodeJS.MemoryUsage) => ((after[k] - before[k]) / Math.max(1, acked)).toFixed(0);
  console.log(
    `${acked} of ${count} connected; per connection: JS heap ${per('heapUsed')} B, external ${per('external')} B (array buffers ${per('arrayBuffers')} B), RSS ${per('rss')} B`,
  );
  if (hBefore && hAfter) {
    const rows = [...hAfter].map(([name, a]) => {
      const b = hBefore.get(name) ?? { n: 0, bytes: 0 };
      return { name, n: (a.n - b.n) / acked, bytes: (a.bytes - b.bytes) / acked };
    });
    console.log('\nheap objects added per connection (snapshot difference, by constructor; "()" = closure):');
    for (const r of rows.sort((x, y) => y.bytes - x.bytes).slice(0, Number(values.top))) {
      console.log(`${r.bytes.toFixed(0).padStart(7)} B  ${r.n.toFixed(2).padStart(6)} ×  ${r.name}`);
    }
  }
  child.send('close');
  await new Promise((r) => child.once('exit', r));
  await broker.close();
}

if (values.clients) await clientProcess(Number(values.clients));
else if (typeof globalThis.gc !== 'function') {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
} else await main(globalThis.gc as Gc);
