// GET /clients paging under load: our node in its own process, 10,000 real MQTT connections (raw
// CONNECT packets over TCP, opened in batches), then GET /clients?limit=100 timed over HTTP, first page
// and a deep page (page 90), 200 requests each. Target: p99 < 50 ms.
//   npx tsx bench/clients-paging.ts [--connections 10000] [--requests 200]
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { startMqdeck } from './lib/peers';
import { percentile } from './lib/proc';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '10000' }, requests: { type: 'string', default: '200' } } });
const total = Number(values.connections);
const requests = Number(values.requests);
const BATCH = 500;

/** An MQTT 3.1.1 CONNECT with clean session and keepalive 0 (no pings needed while the bench runs). */
function connectPacket(clientid: string): Buffer {
  const id = Buffer.from(clientid);
  const variable = Buffer.from([0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x02, 0x00, 0x00]);
  const remaining = variable.length + 2 + id.length;
  const lengthBytes: number[] = [];
  let n = remaining;
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    lengthBytes.push(byte);
  } while (n > 0);
  return Buffer.concat([Buffer.from([0x10, ...lengthBytes]), variable, Buffer.from([id.length >> 8, id.length & 0xff]), id]);
}

function open(port: number, clientid: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('connect', () => socket.write(connectPacket(clientid)));
    socket.once('data', (data) => {
      // CONNACK 0x20 0x02 <flags> <return code 0 = accepted>
      if (data[0] === 0x20 && data[3] === 0) resolve(socket);
      else reject(new Error(`${clientid}: connection refused (${data.toString('hex')})`));
    });
  });
}

async function timeRequests(url: string, headers: Record<string, string>, expectRows: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { data: unknown[]; meta: { count?: number } };
    times.push(performance.now() - t0);
    if (res.status !== 200 || body.data.length !== expectRows) throw new Error(`unexpected answer ${res.status} with ${body.data.length} rows from ${url}`);
  }
  return times.sort((a, b) => a - b);
}

const node = await startMqdeck();
const sockets: Socket[] = [];
try {
  const started = performance.now();
  for (let i = 0; i < total; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, total - i) }, (_, k) => open(node.port, `bench-${i + k}`));
    sockets.push(...(await Promise.all(batch)));
  }
  console.log(`${sockets.length} MQTT connections open in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const login = await fetch(`${node.httpUrl}/api/v5/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'public' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const count = ((await (await fetch(`${node.httpUrl}/api/v5/clients?limit=1`, { headers })).json()) as { meta: { count: number } }).meta.count;
  console.log(`GET /clients meta.count = ${count}`);

  const rows = Math.min(100, total);
  const deepPage = Math.max(1, Math.min(90, Math.ceil(total / 100)));
  const first = await timeRequests(`${node.httpUrl}/api/v5/clients?limit=100&page=1`, headers, rows);
  const deep = await timeRequests(`${node.httpUrl}/api/v5/clients?limit=100&page=${deepPage}`, headers, rows);
  const line = (label: string, t: number[]) =>
    console.log(`${label.padEnd(34)} p50 ${percentile(t, 50).toFixed(2)} ms   p99 ${percentile(t, 99).toFixed(2)} ms   (target p99 < 50 ms)`);
  line('GET /clients?limit=100 page 1', first);
  line(`GET /clients?limit=100 page ${deepPage}`, deep);
} finally {
  for (const s of sockets) s.destroy();
  await node.stop();
}
