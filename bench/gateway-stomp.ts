// STOMP gateway cost: the same load, once from STOMP clients (TCP, SEND frames to a destination) through the node's
// STOMP gateway, once from plain MQTT publishers, into the same MQTT subscribers of the same node. Printed:
// deliveries/s, node CPU µs per delivery, messages lost, and the STOMP / MQTT ratios (bench/lib/gateway-load.ts).
//   npx tsx bench/gateway-stomp.ts [--seconds 10] [--rate 5000] [--clients 10] [--subscribers 4] [--rounds 3]
import net from 'node:net';
import { parseArgs } from 'node:util';
import { login, rest } from './lib/api';
import { compareWithMqtt, type Device } from './lib/gateway-load';
import { freePort, startMqdeck } from './lib/peers';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5000' },
    clients: { type: 'string', default: '10' },
    subscribers: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
  },
});
const clientCount = Number(values.clients);
const PAYLOAD = Buffer.alloc(64, 0x61);

/** One STOMP 1.2 client on a raw socket: CONNECT, wait for CONNECTED; returns a send function for SEND frames. */
async function stompClient(port: number, topic: string): Promise<Device> {
  const sock = net.connect(port, '127.0.0.1');
  sock.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    sock.once('error', reject);
    sock.once('connect', () => resolve());
  });
  sock.write('CONNECT\naccept-version:1.2\nhost:/\n\n\0');
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (b: Buffer) => {
      seen += b.toString();
      if (seen.startsWith('CONNECTED')) {
        sock.off('data', onData);
        resolve();
      } else if (seen.startsWith('ERROR')) reject(new Error(`STOMP CONNECT refused: ${seen}`));
    };
    sock.on('data', onData);
  });
  const frame = Buffer.concat([Buffer.from(`SEND\ndestination:${topic}\ncontent-length:${PAYLOAD.length}\n\n`), PAYLOAD, Buffer.from([0])]);
  return {
    publish: () => void sock.write(frame),
    close: async () => {
      sock.end('DISCONNECT\n\n\0');
      await new Promise<void>((r) => sock.once('close', () => r()));
    },
  };
}

async function main(): Promise<void> {
  const peer = await startMqdeck();
  try {
    const token = await login(peer);
    const port = await freePort();
    await rest(peer, 'PUT', '/gateways/stomp', { name: 'stomp', listeners: [{ type: 'tcp', name: 'default', bind: `127.0.0.1:${port}` }] }, token);
    await compareWithMqtt({
      peer,
      gateway: 'STOMP',
      publishers: clientCount,
      rounds: Number(values.rounds),
      load: { rate: Number(values.rate), seconds: Number(values.seconds), subscribers: Number(values.subscribers) },
      payload: PAYLOAD,
      devices: (_round, topic) => Promise.all(Array.from({ length: clientCount }, () => stompClient(port, topic))),
    });
  } finally {
    await peer.stop();
  }
}

await main();
