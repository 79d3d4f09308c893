// Bounded fuzz: random and mutated packets over duplex pairs must never crash the broker or disturb a healthy client.
import { afterEach, expect, test } from 'vitest';
import mqttPacket, { type Packet } from 'mqtt-packet';
import type { Broker } from '../src/index';
import { attach, connect, flushTurns, newBroker, sleep } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

// a small deterministic PRNG so a failure can be replayed
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

const SAMPLES: Array<[Packet, 4 | 5]> = [
  [{ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 5, clientId: 'f', clean: true, keepalive: 10, properties: { sessionExpiryInterval: 5, receiveMaximum: 10 } }, 5],
  [
    {
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: 'f',
      clean: false,
      keepalive: 10,
      username: 'u',
      password: Buffer.from('p'),
      will: { topic: 'w', payload: Buffer.from('x'), qos: 1, retain: true },
    },
    4,
  ],
  [{ cmd: 'publish', topic: 'a/b', payload: Buffer.from('hello'), qos: 1, messageId: 3, retain: true, dup: false, properties: { topicAlias: 2, userProperties: { k: 'v' } } }, 5],
  [{ cmd: 'publish', topic: 'a/b', payload: Buffer.from('hello'), qos: 2, messageId: 4, retain: false, dup: false }, 4],
  [
    {
      cmd: 'subscribe',
      messageId: 5,
      subscriptions: [
        { topic: 'a/#', qos: 2, nl: true, rap: true, rh: 1 },
        { topic: '$share/g/x', qos: 1 },
      ],
      properties: { subscriptionIdentifier: 3 },
    },
    5,
  ],
  [{ cmd: 'unsubscribe', messageId: 6, unsubscriptions: ['a/#', 'b'] }, 4],
  [{ cmd: 'pubrel', messageId: 4 }, 4],
  [{ cmd: 'puback', messageId: 1, reasonCode: 0x10 }, 5],
  [{ cmd: 'auth', reasonCode: 0x18, properties: { authenticationMethod: 'm' } }, 5],
  [{ cmd: 'disconnect', reasonCode: 4, properties: { sessionExpiryInterval: 1 } }, 5],
  [{ cmd: 'pingreq' }, 4],
];
const encoded = SAMPLES.map(([p, v]) => mqttPacket.generate(p, { protocolVersion: v }));
const validConnect5 = encoded[0];
const validConnect4 = encoded[1];

function mutate(r: () => number, buf: Buffer): Buffer {
  const b = Buffer.from(buf);
  switch (Math.floor(r() * 6)) {
    case 0: // truncate
      return b.subarray(0, Math.floor(r() * b.length));
    case 1: // flip bytes
      for (let i = 0; i < 1 + r() * 4; i++) b[Math.floor(r() * b.length)] ^= 1 << Math.floor(r() * 8);
      return b;
    case 2: // bad remaining length
      b[1] = Math.floor(r() * 256);
      return b;
    case 3: // reserved flags in the fixed header
      b[0] = (b[0] & 0xf0) | Math.floor(r() * 16);
      return b;
    case 4: // bad UTF-8 inside
      if (b.length > 6) b[4 + Math.floor(r() * (b.length - 5))] = 0xff;
      return b;
    default: // pure noise
      return Buffer.from(Array.from({ length: 1 + Math.floor(r() * 40) }, () => Math.floor(r() * 256)));
  }
}

test('fuzz: 3000 random/mutated packets cause no crash and a healthy client keeps receiving', async () => {
  broker = newBroker({ settings: { idleTimeout: 200, maxPacketSize: 4096 } });
  const errors: unknown[] = [];
  broker.events.on('broker.error', (e) => errors.push(e));
  const onUncaught = (e: unknown) => errors.push(e);
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  try {
    const { client: healthy } = await connect(broker, 5, { clientId: 'healthy' });
    healthy.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'h/#', qos: 1 }] });
    await healthy.expect('suback');
    const r = rng(12345);
    for (let round = 0; round < 150; round++) {
      const prefix = r() < 0.6 ? (r() < 0.5 ? validConnect5 : validConnect4) : Buffer.alloc(0);
      // the test client reads the broker's answers in the CONNECT's version: a valid CONNECT gets its CONNACK before
      // the garbage after it in the same chunk is read (as EMQX, packets are handled in order)
      const c = attach(broker, prefix === validConnect4 ? 4 : 5);
      const chunks = [prefix];
      for (let i = 0; i < 20; i++) chunks.push(mutate(r, encoded[Math.floor(r() * encoded.length)]));
      c.raw(Buffer.concat(chunks));
      if (round % 10 === 0) await sleep(1);
      c.stream.destroy();
    }
    await flushTurns();
    await broker.publish({ topic: 'h/ok', payload: Buffer.from('still here'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    const m = await healthy.expect('publish');
    expect(m.payload.toString()).toBe('still here');
    expect(errors).toEqual([]);
    expect(broker.client('healthy')?.connected).toBe(true);
  } finally {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
  }
});
