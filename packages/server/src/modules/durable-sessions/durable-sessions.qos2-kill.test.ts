// A real node in a child process, SIGKILLed in the middle of QoS 2 exchanges with MQTT.js clients:
// - out: killed after the subscriber's PUBREC (PUBREL sent, PUBCOMP held back): after the restart the node resends
//   PUBREL with the same packet id, never the PUBLISH again;
// - in: killed after the node routed a publisher's QoS 2 PUBLISH whose PUBREC never reached it: the publisher
//   resends the PUBLISH (same packet id) after the restart and it is not delivered a second time.
import { createServer, connect, type Socket } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import mqtt, { type IClientOptions, type Packet } from 'mqtt';
import { connectClient, waitFor } from '../../shared/testing';
import { childNodes } from './child-node.testing';

const nodes = childNodes('mqdeck-kill-q2-');
const proxies: { close: () => void }[] = [];
afterAll(() => {
  for (const p of proxies) p.close();
  nodes.cleanup();
});

const persistent = (clientId: string): IClientOptions => ({ clientId, clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 3600 } });

/** a TCP relay to the current node; `mute` swallows what the node sends (the publisher never sees its PUBREC) */
async function relay(): Promise<{ port: number; target: number; mute: boolean; close: () => void }> {
  const sockets = new Set<Socket>();
  const state = { port: 0, target: 0, mute: false, close: () => undefined as void };
  const server = createServer((down) => {
    const up = connect(state.target, '127.0.0.1');
    sockets.add(down).add(up);
    up.on('data', (d: Buffer) => {
      if (!state.mute) down.write(d);
    });
    down.on('data', (d: Buffer) => up.write(d));
    const end = () => {
      down.destroy();
      up.destroy();
    };
    for (const s of [up, down]) s.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.port = (server.address() as { port: number }).port;
  state.close = () => {
    for (const s of sockets) s.destroy();
    server.close();
  };
  proxies.push(state);
  return state;
}

describe('durable sessions: QoS 2 across kill -9', () => {
  test('killed between PUBREC and PUBCOMP: after the restart the node resends PUBREL with the same id, not the PUBLISH', async () => {
    const first = await nodes.start();
    const sub = await connectClient(first.port, persistent('q2-out-sub'));
    await sub.subscribeAsync('q2out/#', { qos: 2 });
    // the application never finishes handling the message, so MQTT.js holds the PUBCOMP back
    sub.handleMessage = () => undefined;
    let pubrelId: number | undefined;
    sub.on('packetreceive', (p: Packet) => {
      if (p.cmd === 'pubrel') pubrelId = p.messageId;
    });
    const pub = await connectClient(first.port, { clientId: 'q2-out-pub' });
    await pub.publishAsync('q2out/a', 'exactly-once', { qos: 2 });
    await waitFor(() => pubrelId !== undefined, 10_000, 'the PUBREL');
    await first.kill();
    sub.end(true);
    pub.end(true);

    const second = await nodes.start();
    const seen: Packet[] = [];
    const back = mqtt.connect({ host: '127.0.0.1', port: second.port, reconnectPeriod: 0, ...persistent('q2-out-sub') });
    let present: boolean | undefined;
    back.on('connect', (ack) => (present ??= ack.sessionPresent));
    back.on('packetreceive', (p: Packet) => seen.push(p));
    try {
      await waitFor(() => seen.some((p) => p.cmd === 'pubrel'), 15_000, 'the resent PUBREL');
      await new Promise((r) => setTimeout(r, 500)); // anything else the node would send comes now
      expect(present).toBe(true);
      expect(seen.filter((p) => p.cmd === 'pubrel').map((p) => p.messageId)).toEqual([pubrelId]);
      expect(seen.filter((p) => p.cmd === 'publish')).toEqual([]);
    } finally {
      await back.endAsync();
    }
    // MQTT.js answered PUBCOMP: the exchange is over, a graceful restart has nothing left to send
    await second.stop();
    const third = await nodes.start();
    const after: Packet[] = [];
    const last = mqtt.connect({ host: '127.0.0.1', port: third.port, reconnectPeriod: 0, ...persistent('q2-out-sub') });
    last.on('packetreceive', (p: Packet) => after.push(p));
    try {
      await waitFor(() => after.some((p) => p.cmd === 'connack'), 10_000, 'CONNACK');
      await new Promise((r) => setTimeout(r, 500));
      expect(after.map((p) => p.cmd)).toEqual(['connack']);
    } finally {
      await last.endAsync();
      await third.stop();
    }
  }, 180_000);

  test('killed after routing an incoming QoS 2 PUBLISH: the PUBLISH resent after the restart is not delivered twice', async () => {
    const first = await nodes.start();
    const net = await relay();
    net.target = first.port;
    const got: string[] = [];
    const watch = await connectClient(first.port, { clientId: 'q2-in-watch' });
    await watch.subscribeAsync('q2in/#', { qos: 0 });
    watch.on('message', (_t, payload) => got.push(payload.toString()));

    // the publisher's session is persistent and MQTT.js keeps the unacknowledged PUBLISH to resend it on reconnect
    const pub = mqtt.connect({ host: '127.0.0.1', port: net.port, reconnectPeriod: 300, connectTimeout: 2000, ...persistent('q2-in-pub') });
    await new Promise<void>((r) => pub.once('connect', () => r()));
    const publishIds: (number | undefined)[] = [];
    pub.on('packetsend', (p: Packet) => {
      if (p.cmd === 'publish') publishIds.push(p.messageId);
    });
    net.mute = true;
    let completed = false;
    const sent = pub.publishAsync('q2in/x', 'once', { qos: 2 }).then(() => (completed = true));
    await waitFor(() => got.length === 1, 10_000, 'the routed message');
    await first.kill();
    watch.end(true);
    expect(completed).toBe(false); // the PUBREC was swallowed: MQTT.js still holds the PUBLISH

    const second = await nodes.start();
    const again = await connectClient(second.port, { clientId: 'q2-in-watch' });
    await again.subscribeAsync('q2in/#', { qos: 0 });
    again.on('message', (_t, payload) => got.push(payload.toString()));
    net.target = second.port;
    net.mute = false;
    try {
      await sent; // PUBREC, PUBREL, PUBCOMP with the restarted node
      // sent twice with one packet id: before the kill and again after the reconnect
      expect(publishIds).toHaveLength(2);
      expect(publishIds[1]).toBe(publishIds[0]);
      // the id is free again afterwards: a new QoS 2 message is delivered
      await pub.publishAsync('q2in/x', 'next', { qos: 2 });
      await waitFor(() => got.includes('next'), 10_000, 'the next message');
      // a fixed wait on purpose: it proves nothing arrives twice within 200 ms
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toEqual(['once', 'next']);
    } finally {
      await pub.endAsync(true);
      await again.endAsync();
      await second.stop();
    }
  }, 180_000);
});
