// A listener's flow control set through PUT /listeners/{id} is enforced on real MQTT.js clients:
// messages_rate and bytes_rate per client (slowed, nothing dropped), max_conn_rate per listener (refused at accept);
// a bad rate is a 400 that names the field and leaves the stored config and the running listener as they were.
import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
const ID = 'tcp:limited';
const portOf = () => node.app.listeners.get(ID)?.port ?? 0;
const put = (body: Record<string, unknown>) => api(node, 'PUT', `/listeners/${ID}`, { id: ID, type: 'tcp', ...body });

async function client(port: number, clientId: string): Promise<MqttClient> {
  const c = await connectClient(port, { clientId });
  clients.push(c);
  return c;
}

/** Arrival times of the messages a subscriber on the unlimited default listener receives under `filter`. */
async function watch(filter: string): Promise<number[]> {
  const sub = await client(node.mqttPort, `watch-${filter.replace(/\W/g, '')}`);
  await sub.subscribeAsync(filter, { qos: 0 });
  const times: number[] = [];
  sub.on('message', () => times.push(Date.now()));
  return times;
}

/** true when the connection is accepted (CONNACK), false when it is closed or fails first */
function accepted(port: number, clientId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = mqtt.connect({ host: '127.0.0.1', port, clientId, reconnectPeriod: 0, connectTimeout: 3000 });
    c.once('connect', () => {
      c.end(true);
      resolve(true);
    });
    const refused = () => {
      c.end(true);
      resolve(false);
    };
    c.once('error', refused);
    c.once('close', refused);
  });
}

beforeAll(async () => {
  node = await startTestNode();
  expect((await api(node, 'POST', '/listeners', { type: 'tcp', name: 'limited', bind: '127.0.0.1:0' })).status).toBe(200);
});

afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

describe('listener flow control on real clients', () => {
  test("messages_rate '1/s': each client of the listener gets one message a second, the default listener is untouched", async () => {
    const res = await put({ messages_rate: '1/s' });
    expect(res).toMatchObject({ status: 200, body: { messages_rate: '1/s', running: true } });
    expect((await api(node, 'GET', `/listeners/${ID}`)).body.messages_rate).toBe('1/s');

    const limited = await watch('m1/limited/#');
    const free = await watch('m1/free/#');
    const a = await client(portOf(), 'm1-a');
    const b = await client(portOf(), 'm1-b');
    const other = await client(node.mqttPort, 'm1-free');
    const start = Date.now();
    for (let i = 0; i < 3; i++) {
      a.publish('m1/limited/a', String(i), { qos: 0 });
      b.publish('m1/limited/b', String(i), { qos: 0 });
      other.publish('m1/free/x', String(i), { qos: 0 });
    }
    await waitFor(() => free.length === 3, 2000, 'unlimited messages');
    expect(free[2] - start).toBeLessThan(500);
    // per client: a and b each have a full bucket of one, then one more every second
    await waitFor(() => limited.length >= 2, 2000, 'first message of each client');
    expect(limited[1] - start).toBeLessThan(700);
    await waitFor(() => limited.length === 6, 5000, 'all throttled messages');
    expect(limited[5] - start).toBeGreaterThan(1800);
    expect(limited[5] - start).toBeLessThan(4000);
  });

  test('a bad rate is a 400 naming the field; the stored rate and the running listener stay', async () => {
    for (const [key, value] of [
      ['messages_rate', 'fast'],
      ['messages_rate', '10/fortnight'],
      ['bytes_rate', '0/s'],
      ['max_conn_rate', 'lots'],
      ['max_conn_rate', '0/s'],
    ] as const) {
      const res = await put({ [key]: value });
      expect(res, `${key}=${value}`).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
      expect(res.body.message).toContain(key);
      expect(res.body.message).toContain(JSON.stringify(value));
    }
    expect((await api(node, 'GET', `/listeners/${ID}`)).body).toMatchObject({ messages_rate: '1/s', max_conn_rate: 'infinity', running: true });
    expect((await api(node, 'GET', `/listeners/${ID}`)).body).not.toHaveProperty('bytes_rate');
    // still limited: two messages from a new client are a second apart
    const times = await watch('m2/#');
    const c = await client(portOf(), 'm2-a');
    c.publish('m2/t', 'x', { qos: 0 });
    c.publish('m2/t', 'y', { qos: 0 });
    await waitFor(() => times.length === 2, 3000, 'two throttled messages');
    expect(times[1] - times[0]).toBeGreaterThan(700);
  });

  test("bytes_rate '200B/s' slows a client's PUBLISH bytes; infinity lifts it", async () => {
    expect((await put({ messages_rate: 'infinity', bytes_rate: '200B/s' })).status).toBe(200);
    const times = await watch('b1/#');
    const c = await client(portOf(), 'b1-a');
    const start = Date.now();
    const payload = 'p'.repeat(95); // ~100 bytes per PUBLISH packet
    for (let i = 0; i < 6; i++) c.publish('b1/t', payload, { qos: 0 });
    await waitFor(() => times.length === 6, 6000, 'byte-limited messages');
    // 200 bytes at once, the other ~400 at 200 B/s
    expect(times[5] - start).toBeGreaterThan(1500);

    expect((await put({ bytes_rate: 'infinity' })).status).toBe(200);
    const fast = await watch('b2/#');
    const d = await client(portOf(), 'b2-a');
    const t0 = Date.now();
    for (let i = 0; i < 6; i++) d.publish('b2/t', payload, { qos: 0 });
    await waitFor(() => fast.length === 6, 2000, 'unlimited messages');
    expect(fast[5] - t0).toBeLessThan(700);
  });

  test("max_conn_rate '2/m' accepts two connections a minute on this listener, then refuses; infinity reopens (live)", async () => {
    expect((await put({ max_conn_rate: '2/m' })).status).toBe(200);
    expect(await accepted(portOf(), 'c-1')).toBe(true);
    expect(await accepted(portOf(), 'c-2')).toBe(true);
    expect(await accepted(portOf(), 'c-3')).toBe(false);
    expect(await accepted(node.mqttPort, 'c-default')).toBe(true); // per listener: the default one is not counted
    expect((await put({ max_conn_rate: 'infinity' })).status).toBe(200);
    expect(await accepted(portOf(), 'c-4')).toBe(true);
  });
});
