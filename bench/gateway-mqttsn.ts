// MQTT-SN gateway cost: the same load, once from MQTT-SN devices (UDP, QoS 0 PUBLISH to a registered topic id)
// through the node's MQTT-SN gateway, once from plain MQTT publishers, into the same MQTT subscribers of the same node.
// Printed: deliveries/s, node CPU µs per delivery, messages lost, and the MQTT-SN / MQTT ratios. The rate is fixed
// (below saturation) so CPU per delivery is what compares; raise --rate to find where UDP starts dropping.
//   npx tsx bench/gateway-mqttsn.ts [--seconds 10] [--rate 5000] [--devices 10] [--subscribers 4] [--rounds 3]
import dgram from 'node:dgram';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { MqttClient } from 'mqtt';
import { login, rest } from './lib/api';
import { open, paced } from './lib/load';
import { startMqdeck, type Peer } from './lib/peers';
import { cpuMicros, median } from './lib/proc';

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
async function snDevice(port: number, clientId: string, topic: string): Promise<{ publish(): void; close(): Promise<void> }> {
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

interface Result {
  throughput: number;
  perDelivery: number;
  lost: number;
}

async function measure(peer: Peer, topic: string, publishers: Array<{ publish(): void }>): Promise<Result> {
  const subs: MqttClient[] = await Promise.all(Array.from({ length: subscriberCount }, (_, i) => open(peer, `sub-${i}-${Date.now()}`)));
  await Promise.all(subs.map((s) => s.subscribeAsync(topic, { qos: 0 })));
  let delivered = 0;
  for (const s of subs) s.on('message', () => (delivered += 1));
  const cpuBefore = cpuMicros(peer.pid);
  const started = performance.now();
  const sent = await paced(rate, seconds, (i) => publishers[i % publishers.length].publish());
  const until = performance.now() + 5000;
  while (delivered < sent * subs.length && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all(subs.map((c) => c.endAsync(true)));
  return { throughput: delivered / elapsed, perDelivery: cpu / Math.max(1, delivered), lost: sent * subs.length - delivered };
}

async function main(): Promise<void> {
  const peer = await startMqdeck();
  try {
    const token = await login(peer);
    const snPort = await freeUdpPort();
    await rest(peer, 'PUT', '/gateways/mqttsn', { name: 'mqttsn', listeners: [{ type: 'udp', name: 'default', bind: `127.0.0.1:${snPort}` }] }, token);
    const sn: Result[] = [];
    const plain: Result[] = [];
    for (let round = 0; round < rounds; round++) {
      const topic = `bench/sn/${Date.now()}`;
      const devices = await Promise.all(Array.from({ length: deviceCount }, (_, i) => snDevice(snPort, `sn-${round}-${i}`, topic)));
      sn.push(await measure(peer, topic, devices));
      await Promise.all(devices.map((d) => d.close()));
      const mqttTopic = `bench/mqtt/${Date.now()}`;
      const pubs = await Promise.all(Array.from({ length: deviceCount }, (_, i) => open(peer, `pub-${round}-${i}`)));
      plain.push(
        await measure(
          peer,
          mqttTopic,
          pubs.map((p) => ({ publish: () => p.publish(mqttTopic, PAYLOAD, { qos: 0 }) })),
        ),
      );
      await Promise.all(pubs.map((p) => p.endAsync(true)));
      const f = (r: Result) => `${r.throughput.toFixed(0)} deliveries/s, ${r.perDelivery.toFixed(1)} µs CPU/delivery, lost ${r.lost}`;
      console.log(`round ${round + 1}: MQTT-SN ${f(sn[round])} | MQTT ${f(plain[round])}`);
    }
    const m = (rs: Result[], k: keyof Result) => median(rs.map((r) => r[k]));
    console.log(`\n${deviceCount} publishers → ${subscriberCount} subscribers, ${rate} msgs/s in for ${seconds} s, 64-byte payload, QoS 0 (median of ${rounds})`);
    console.log(`MQTT-SN gateway: ${m(sn, 'throughput').toFixed(0)} deliveries/s, ${m(sn, 'perDelivery').toFixed(1)} µs CPU/delivery, lost ${m(sn, 'lost')}`);
    console.log(`plain MQTT:      ${m(plain, 'throughput').toFixed(0)} deliveries/s, ${m(plain, 'perDelivery').toFixed(1)} µs CPU/delivery, lost ${m(plain, 'lost')}`);
    console.log(
      `ratio MQTT-SN / MQTT: throughput ${(m(sn, 'throughput') / m(plain, 'throughput')).toFixed(2)}, CPU per delivery ${(m(sn, 'perDelivery') / m(plain, 'perDelivery')).toFixed(2)}`,
    );
  } finally {
    await peer.stop();
  }
}

await main();
