// The page ↔ worker bridge over an in-memory channel that structured-clones every message like postMessage does,
// with the scripted MQTT.js stand-in on the worker side and the real store on the page side.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebsocketStore } from '../createWebsocketStore';
import { fakeClientFactory } from '../fakeMqttClient';
import { serveMqtt, WORKER_BATCH_MS } from './mqttWorkerHost';
import type { FromWorker, Port, ToWorker } from './protocol';
import { createWorkerHub } from './workerClient';

type Handler<T> = (event: { data: T }) => void;

function channel() {
  const toWorker: Handler<ToWorker>[] = [];
  const toPage: Handler<FromWorker>[] = [];
  const posted: FromWorker[] = [];
  const page: Port<FromWorker, ToWorker> = {
    postMessage: (m) => queueMicrotask(() => toWorker.forEach((h) => h({ data: structuredClone(m) }))),
    addEventListener: (_type, h) => void toPage.push(h),
  };
  const worker: Port<ToWorker, FromWorker> = {
    postMessage: (m) => {
      posted.push(m);
      queueMicrotask(() => toPage.forEach((h) => h({ data: structuredClone(m) })));
    },
    addEventListener: (_type, h) => void toWorker.push(h),
  };
  return { page, worker, posted };
}

async function setup() {
  const ch = channel();
  const mqtt = fakeClientFactory();
  serveMqtt(ch.worker, mqtt.createClient);
  const hub = createWorkerHub(ch.page);
  const store = createWebsocketStore({ createClient: hub.createClient, location: { protocol: 'http:', hostname: 'h' }, flushMs: 100 });
  const id = store.getSnapshot().activeId;
  const conn = () => store.getSnapshot().connections[0];
  store.connect(id);
  await vi.advanceTimersByTimeAsync(0);
  return { ...ch, mqtt, hub, store, id, conn };
}

describe('MQTT worker bridge', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects through the worker and explains a refused CONNACK', async () => {
    const s = await setup();
    expect(s.mqtt.clients).toHaveLength(1);
    expect(s.mqtt.last().url).toBe('ws://h:8083/mqtt');
    s.mqtt.last().refuse(0x86);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.conn().state).toBe('disconnected');
    expect(s.conn().problem).toEqual({ kind: 'refused', version: 5, code: 0x86 });
  });

  it('sends a flood as a few batches and keeps order, payload bytes and flags', async () => {
    const s = await setup();
    s.mqtt.last().accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.conn().state).toBe('connected');
    for (let i = 0; i < 500; i++) s.mqtt.last().deliver(`t/${i % 3}`, `m${i}`, 1, i === 0);
    await vi.advanceTimersByTimeAsync(WORKER_BATCH_MS + 100);
    const batches = s.posted.filter((m) => m.ev === 'messages');
    expect(batches).toHaveLength(1);
    const items = s.store.getLogs(s.id).received.items;
    expect(items).toHaveLength(500);
    expect(items[0]).toMatchObject({ topic: 't/0', qos: 1, retain: true });
    expect(new TextDecoder().decode(items[499].payload)).toBe('m499');
    // each payload owns exactly its bytes
    expect(items[499].payload.buffer.byteLength).toBe(4);
  });

  it('flushes queued messages before a later event of the same client', async () => {
    const s = await setup();
    s.mqtt.last().accept();
    await vi.advanceTimersByTimeAsync(0);
    s.mqtt.last().deliver('t/last', 'before the close');
    s.mqtt.last().emit('close');
    const kinds = s.posted.map((m) => m.ev);
    expect(kinds.slice(-2)).toEqual(['messages', 'close']);
  });

  it('answers subscribe with the SUBACK codes and publish errors with their reason code', async () => {
    const s = await setup();
    s.mqtt.last().accept();
    await vi.advanceTimersByTimeAsync(0);
    const sub = s.store.subscribeTopic(s.id, { topic: 't/#', qos: 1 });
    await vi.advanceTimersByTimeAsync(0);
    s.mqtt.last().subscribeCalls[0].callback(null, [{ topic: 't/#', qos: 1 }], { granted: [1] });
    await expect(sub).resolves.toMatchObject({ topic: 't/#', qos: 1 });

    const pub = s.store.publish(s.id, { topic: 't/1', payload: 'x', qos: 1, retain: false });
    const failed = pub.then(
      () => undefined,
      (e: { failure: unknown }) => e.failure,
    );
    await vi.advanceTimersByTimeAsync(0);
    s.mqtt.last().publishCalls[0].callback(Object.assign(new Error('Publish error'), { code: 0x87 }));
    await vi.advanceTimersByTimeAsync(0);
    await expect(failed).resolves.toEqual({ kind: 'rejected', version: 5, code: 0x87 });
  });

  it('disconnect resolves once the worker-side client has ended', async () => {
    const s = await setup();
    s.mqtt.last().accept();
    await vi.advanceTimersByTimeAsync(0);
    const done = s.store.disconnect(s.id);
    await vi.advanceTimersByTimeAsync(0);
    await done;
    expect(s.mqtt.last().ended).toBe(true);
    expect(s.conn().state).toBe('disconnected');
  });

  it('a worker that fails ends its running clients with the reason', async () => {
    const s = await setup();
    s.mqtt.last().accept();
    await vi.advanceTimersByTimeAsync(0);
    s.hub.fail(new Error('the MQTT worker could not start'));
    expect(s.conn().state).toBe('disconnected');
    expect(s.conn().problem).toEqual({ kind: 'lost' });
  });

  it('a worker that fails before it started a client hands that client to MQTT.js on the page', async () => {
    const ch = channel(); // nobody serves the worker side: its script never loaded
    const page = fakeClientFactory();
    const hub = createWorkerHub(ch.page, page.createClient);
    const store = createWebsocketStore({ createClient: hub.createClient, location: { protocol: 'http:', hostname: 'h' } });
    const id = store.getSnapshot().activeId;
    store.connect(id);
    hub.fail(new Error('the MQTT worker could not start'));
    expect(page.clients).toHaveLength(1);
    expect(page.last().url).toBe('ws://h:8083/mqtt');
    page.last().accept();
    expect(store.getSnapshot().connections[0].state).toBe('connected');
    const sub = store.subscribeTopic(id, { topic: 't/#', qos: 0 });
    page.last().subscribeCalls[0].callback(null, [{ topic: 't/#', qos: 0 }], { granted: [0] });
    await expect(sub).resolves.toMatchObject({ topic: 't/#' });
  });
});
