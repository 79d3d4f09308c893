// MQTT-SN gateway cost: the same load, once from MQTT-SN devices (UDP, QoS 0 PUBLISH to a registered topic id)
// through the node's MQTT-SN gateway, once from plain MQTT publishers, into the same MQTT subscribers of the same node.
// Printed: deliveries/s, node CPU µs per delivery, messages lost, and the MQTT-SN / MQTT ratios. The rate is fixed
// (below saturation) so CPU per delivery is what compares; raise --rate to find where UDP starts dropping.
//   npx tsx bench/gateway-mqttsn.ts [--seconds 10] [--rate 5000] [--devices 10] [--subscribers 4] [--rounds 3]
import dgram from 'node:dgram';
import { parseArgs } from 'node:util';
import { login, rest } from './lib/api';
import { compareWithMqtt, type Device } from './lib/gateway-load';
import { startMqdeck } from './lib/peers';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5000' },
    devices: { type: 'string', default: '10' },
    subscribers: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const deviceCount = Number(values.devices);
const subscriberCount = Number(values.subscribers);
const rounds = Number(values.rounds);
const PAYLOAD = Buffer.alloc(64, 0x61);

async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** One MQTT-SN device: CONNECT, REGISTER `topic`; returns a send function for QoS 0 PUBLISH datagrams. */
async function snDevice(port: number, clientId: string, topic: string): Promise<Device> {
  const sock = dgram.createSocket('udp4');
  await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
  const replies: Buffer[] = [];
  let wake: (() => void) | undefined;
  sock.on('message', (b) => {
    replies.push(b);
    wake?.();
  });
  const next = async () => {
    const end = Date.now() + 10_000;
    while (replies.length === 0) {
      if (Date.now() > end) throw new Error(`${clientId}: no answer from the gateway`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 100);
      });
    }
    return replies.shift()!;
  };
  const id = Buffer.from(clientId);
  sock.send(Buffer.concat([Buffer.from([6 + id.length, 0x04, 0x04, 0x01, 0x00, 0x3c]), id]), port, '127.0.0.1');
  const connack = await next();
  if (connack[2] !== 0) throw new Error(`${clientId}: CONNACK ${connack[2]}`);
  const name = Buffer.from(topic);
  sock.send(Buffer.concat([Buffer.from([6 + name.length, 0x0a, 0, 0, 0, 1]), name]), port, '127.0.0.1');
  const regack = await next();
  const topicId = regack.readUInt16BE(2);
  const frame = Buffer.concat([Buffer.from([7 + PAYLOAD.length, 0x0c, 0x00, topicId >> 8, topicId & 0xff, 0, 0]), PAYLOAD]);
  return {
    publish: () => sock.send(frame, port, '127.0.0.1'),
    close: async () => {
      sock.send(Buffer.from([0x02, 0x18]), port, '127.0.0.1');
      await new Promise<void>((r) => sock.close(() => r()));
    },
  };
}

async function main(): Promise<void> {
  const peer = await startMqdeck();
  try {
    const token = await login(peer);
    const snPort = await freeUdpPort();
    await rest(peer, 'PUT', '/gateways/mqttsn', { name: 'mqttsn', listeners: [{ type: 'udp', name: 'default', bind: `127.0.0.1:${snPort}` }] }, token);
    await compareWithMqtt({
      peer,
      gateway: 'MQTT-SN',
      publishers: deviceCount,
      rounds,
      load: { rate, seconds, subscribers: subscriberCount },
      payload: PAYLOAD,
      devices: (round, topic) => Promise.all(Array.from({ length: deviceCount }, (_, i) => snDevice(snPort, `sn-${round}-${i}`, topic))),
    });
  } finally {
    await peer.stop();
  }
}

await main();
