import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebsocketStore, MAX_CONNECTIONS, MAX_RECONNECT_ATTEMPTS } from './createWebsocketStore';
import { fakeClientFactory } from './fakeMqttClient';
import { WsOperationError } from './types';

const location = { protocol: 'http:', hostname: 'broker.local' };

function setup(cap = 1000) {
  const factory = fakeClientFactory();
  const store = createWebsocketStore({ createClient: factory.createClient, location, cap, flushMs: 100 });
  const id = store.getSnapshot().activeId;
  const conn = () => store.getSnapshot().connections.find((c) => c.id === id)!;
  const logs = () => store.getLogs(id);
  return { store, factory, id, conn, logs };
}

function connected(cap?: number) {
  const s = setup(cap);
  s.store.connect(s.id);
  s.factory.last().accept();
  return s;
}

async function failureOf(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WsOperationError);
  return (err as WsOperationError).failure;
}

describe('websocket store: connections', () => {
  it('starts with one default connection to ws://<page host>:8083/mqtt', () => {
    const { store, conn } = setup();
    expect(store.getSnapshot().connections).toHaveLength(1);
    expect(conn().isDefault).toBe(true);
    expect(conn().state).toBe('disconnected');
    expect(conn().settings).toMatchObject({ scheme: 'ws', host: 'broker.local', port: 8083, path: '/mqtt', protocolVersion: 5 });
    expect(conn().settings.clientId).toMatch(/^mqdeck_[0-9a-f]{8}$/);
  });

  it('allows the default connection plus six more, then refuses', () => {
    const { store } = setup();
    for (let i = 1; i < MAX_CONNECTIONS; i++) expect(store.addConnection()).toBeDefined();
    expect(store.getSnapshot().connections).toHaveLength(7);
    expect(store.canAddConnection()).toBe(false);
    expect(store.addConnection()).toBeUndefined();
    expect(store.getSnapshot().connections).toHaveLength(7);
  });

  it('removing a tab ends its client and activates a neighbour; the default tab stays', () => {
    const { store, factory, id } = setup();
    const second = store.addConnection()!;
    store.connect(second);
    const client = factory.last();
    store.removeConnection(second);
    expect(client.ended).toBe(true);
    expect(store.getSnapshot().activeId).toBe(id);
    store.removeConnection(id);
    expect(store.getSnapshot().connections).toHaveLength(1);
    expect(store.canAddConnection()).toBe(true);
  });

  it('goes connecting → connected → disconnecting → disconnected', async () => {
    const { store, factory, id, conn } = setup();
    store.connect(id);
    expect(conn().state).toBe('connecting');
    expect(factory.last().url).toBe('ws://broker.local:8083/mqtt');
    factory.last().accept();
    expect(conn().state).toBe('connected');
    const states: string[] = [];
    const unsubscribe = store.subscribe(() => states.push(conn().state));
    await store.disconnect(id);
    unsubscribe();
    expect(states[0]).toBe('disconnecting');
    expect(conn().state).toBe('disconnected');
    expect(conn().problem).toBeUndefined();
  });

  it('records a refused CONNACK with its code and protocol version', () => {
    const { store, factory, id, conn } = setup();
    store.updateSettings(id, { ...conn().settings, protocolVersion: 4 });
    store.connect(id);
    factory.last().refuse(4);
    expect(conn().state).toBe('disconnected');
    expect(conn().problem).toEqual({ kind: 'refused', version: 4, code: 4 });
    // no retries with credentials the broker just refused
    expect(factory.last().ended).toBe(true);
    expect(factory.last().endForced).toBe(true);
  });

  it('reports "connection disconnected" when an open connection drops, then reconnects', () => {
    const { store, factory, id, conn } = connected();
    const client = factory.last();
    client.emit('close');
    expect(conn().state).toBe('disconnected');
    expect(conn().problem).toEqual({ kind: 'lost' });
    client.emit('reconnect');
    expect(conn().state).toBe('reconnecting');
    client.accept();
    expect(conn().state).toBe('connected');
    expect(conn().problem).toBeUndefined();
    expect(store.getSnapshot().connections).toHaveLength(1);
    void id;
  });

  it('gives up after a bounded number of failed reconnect attempts', () => {
    const { factory, conn } = connected();
    const client = factory.last();
    client.emit('close');
    for (let i = 0; i < MAX_RECONNECT_ATTEMPTS; i++) {
      client.emit('reconnect');
      client.emit('close');
    }
    expect(conn().state).toBe('reconnecting');
    client.emit('reconnect');
    expect(client.ended).toBe(true);
    expect(conn().state).toBe('disconnected');
    expect(conn().problem?.kind).toBe('unreachable');
  });

  it('explains a WebSocket that never opened, and a client that could not be created', () => {
    const { store, factory, id, conn } = setup();
    store.connect(id);
    factory.last().emit('close');
    expect(conn().problem).toMatchObject({ kind: 'unreachable', url: 'ws://broker.local:8083/mqtt', secure: false });

    const throwing = createWebsocketStore({
      createClient: () => {
        throw new Error('The operation is insecure.');
      },
      location,
    });
    const tid = throwing.getSnapshot().activeId;
    throwing.connect(tid);
    const t = throwing.getSnapshot().connections[0];
    expect(t.state).toBe('disconnected');
    expect(t.problem).toMatchObject({ kind: 'unreachable', detail: 'The operation is insecure.' });
  });

  it('records an MQTT 5 server DISCONNECT reason', () => {
    const { factory, conn } = connected();
    factory.last().emit('disconnect', { cmd: 'disconnect', reasonCode: 0x8e });
    factory.last().emit('close');
    expect(conn().problem).toEqual({ kind: 'serverDisconnect', version: 5, code: 0x8e });
  });

  it('ignores events from a client it replaced', () => {
    const { store, factory, id, conn } = connected();
    const old = factory.last();
    store.connect(id);
    old.emit('close');
    old.deliver('t/1', 'late');
    expect(conn().state).toBe('connecting');
    expect(conn().problem).toBeUndefined();
  });
});

describe('websocket store: messages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('batches incoming messages into one update per flush interval', () => {
    const { store, factory, id, logs } = connected();
    const onLogs = vi.fn();
    const onSnapshot = vi.fn();
    store.subscribeLogs(id, onLogs);
    store.subscribe(onSnapshot);
    const before = store.getSnapshot();
    for (let i = 0; i < 50; i++) factory.last().deliver('t/a', `m${i}`, 1, i === 0);
    expect(logs().received.items).toHaveLength(0);
    expect(onLogs).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onLogs).toHaveBeenCalledTimes(1);
    // the connection snapshot (tabs, forms, subscriptions) is untouched by messages
    expect(onSnapshot).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);
    expect(logs().received.total).toBe(50);
    expect(logs().received.items[0]).toMatchObject({ topic: 't/a', qos: 1, retain: true });
    expect(new TextDecoder().decode(logs().received.items[49].payload)).toBe('m49');
  });

  it('refreshes less often while a flood lasts, and at the normal pace again after it', () => {
    const { store, factory, id, logs } = connected();
    const onLogs = vi.fn();
    store.subscribeLogs(id, onLogs);
    for (let i = 0; i < 300; i++) factory.last().deliver('t/flood', String(i));
    vi.advanceTimersByTime(100);
    expect(onLogs).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 300; i++) factory.last().deliver('t/flood', String(i));
    vi.advanceTimersByTime(100);
    expect(onLogs).toHaveBeenCalledTimes(1); // flooded: the next refresh waits longer
    vi.advanceTimersByTime(300);
    expect(onLogs).toHaveBeenCalledTimes(2);
    expect(logs().received.total).toBe(600);
    factory.last().deliver('t/calm', 'one'); // the flood is over: back to 100 ms
    vi.advanceTimersByTime(400);
    factory.last().deliver('t/calm', 'two');
    vi.advanceTimersByTime(100);
    expect(onLogs).toHaveBeenCalledTimes(4);
  });

  it('keeps at most `cap` messages and counts the dropped ones', () => {
    const { factory, logs } = connected(100);
    for (let i = 0; i < 250; i++) factory.last().deliver('t/flood', String(i));
    vi.advanceTimersByTime(100);
    expect(logs().received.items).toHaveLength(100);
    expect(logs().received.total).toBe(250);
    expect(logs().received.dropped).toBe(150);
    expect(new TextDecoder().decode(logs().received.items[0].payload)).toBe('150');
    for (let i = 0; i < 10; i++) factory.last().deliver('t/flood', `more${i}`);
    vi.advanceTimersByTime(400); // after a flood-sized batch the next refresh comes later
    expect(logs().received.items).toHaveLength(100);
    expect(logs().received.dropped).toBe(160);
  });

  it('clear empties the list and resets the counters, including messages not yet flushed', () => {
    const { store, factory, id, logs } = connected();
    factory.last().deliver('t/a', 'x');
    vi.advanceTimersByTime(100);
    factory.last().deliver('t/a', 'pending');
    store.clearMessages(id, 'received');
    vi.advanceTimersByTime(100);
    expect(logs().received).toEqual({ items: [], total: 0, dropped: 0 });
  });
});

describe('websocket store: subscribe and publish', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses everything with "not connected" before CONNACK', async () => {
    const { store, id } = setup();
    store.connect(id);
    await expect(failureOf(store.publish(id, { topic: 't/1', payload: 'x', qos: 0, retain: false }))).resolves.toEqual({ kind: 'notConnected' });
    await expect(failureOf(store.subscribeTopic(id, { topic: 't/#', qos: 0 }))).resolves.toEqual({ kind: 'notConnected' });
  });

  it('subscribes with MQTT 5 options and lists the granted QoS', async () => {
    const { store, factory, id, conn } = connected();
    const done = store.subscribeTopic(id, { topic: 't/#', qos: 2, nl: true, rap: true, rh: 1 });
    const call = factory.last().subscribeCalls[0];
    expect(call.options).toEqual({ qos: 2, nl: true, rap: true, rh: 1 });
    call.callback(null, [{ topic: 't/#', qos: 1 }], { granted: [1] });
    await expect(done).resolves.toMatchObject({ topic: 't/#', qos: 1 });
    expect(conn().subscriptions).toEqual([{ topic: 't/#', qos: 1, nl: true, rap: true, rh: 1 }]);
  });

  it('turns a SUBACK failure code into a rejection with that code', async () => {
    const { store, factory, id, conn } = connected();
    const done = store.subscribeTopic(id, { topic: 'secret/#', qos: 0 });
    factory.last().subscribeCalls[0].callback(new Error('Subscribe error'), [{ topic: 'secret/#', qos: 128 }], { granted: [0x87] });
    await expect(failureOf(done)).resolves.toEqual({ kind: 'rejected', version: 5, code: 0x87 });
    expect(conn().subscriptions).toEqual([]);
  });

  it('rejects an invalid topic filter without sending it', async () => {
    const { store, factory, id } = connected();
    await expect(failureOf(store.subscribeTopic(id, { topic: 'a/#/b', qos: 0 }))).resolves.toEqual({ kind: 'invalidTopic', problem: 'badHash' });
    expect(factory.last().subscribeCalls).toHaveLength(0);
  });

  it('unsubscribes and removes the entry', async () => {
    const { store, factory, id, conn } = connected();
    const sub = store.subscribeTopic(id, { topic: 't/#', qos: 0 });
    factory.last().subscribeCalls[0].callback(null, [{ topic: 't/#', qos: 0 }], { granted: [0] });
    await sub;
    const unsub = store.unsubscribeTopic(id, 't/#');
    factory.last().unsubscribeCalls[0].callback();
    await unsub;
    expect(conn().subscriptions).toEqual([]);
  });

  it('refuses to publish to a topic with wildcards', async () => {
    const { store, factory, id } = connected();
    await expect(failureOf(store.publish(id, { topic: 't/#', payload: 'x', qos: 0, retain: false }))).resolves.toEqual({ kind: 'wildcardPublish' });
    await expect(failureOf(store.publish(id, { topic: 't/+/x', payload: 'x', qos: 0, retain: false }))).resolves.toEqual({ kind: 'wildcardPublish' });
    await expect(failureOf(store.publish(id, { topic: '', payload: 'x', qos: 0, retain: false }))).resolves.toEqual({ kind: 'invalidTopic', problem: 'empty' });
    expect(factory.last().publishCalls).toHaveLength(0);
  });

  it('logs a published message once the broker acknowledged it, with v5 properties', async () => {
    const { store, factory, id, logs } = connected();
    const done = store.publish(id, {
      topic: 't/1',
      payload: '{"a":1}',
      qos: 1,
      retain: true,
      properties: { contentType: 'application/json', userProperties: [{ key: 'k', value: 'v' }], payloadFormatIndicator: true },
    });
    const call = factory.last().publishCalls[0];
    expect(call.options).toEqual({
      qos: 1,
      retain: true,
      properties: { contentType: 'application/json', payloadFormatIndicator: true, userProperties: { k: 'v' } },
    });
    call.callback();
    await done;
    vi.advanceTimersByTime(100);
    expect(logs().published.total).toBe(1);
    expect(logs().published.items[0]).toMatchObject({ topic: 't/1', qos: 1, retain: true });
  });

  it('turns a PUBACK failure into a rejection with the reason code', async () => {
    const { store, factory, id, logs } = connected();
    const done = store.publish(id, { topic: 't/1', payload: 'x', qos: 1, retain: false });
    factory.last().publishCalls[0].callback(Object.assign(new Error('Publish error'), { code: 0x87 }));
    await expect(failureOf(done)).resolves.toEqual({ kind: 'rejected', version: 5, code: 0x87 });
    vi.advanceTimersByTime(100);
    expect(logs().published.total).toBe(0);
  });

  it('does not send MQTT 5 options or properties on a 3.1.1 connection', async () => {
    const { store, factory, id, conn } = setup();
    store.updateSettings(id, { ...conn().settings, protocolVersion: 4 });
    store.connect(id);
    factory.last().accept();
    expect(factory.last().options.properties).toBeUndefined();
    void store.subscribeTopic(id, { topic: 't/#', qos: 1, nl: true });
    expect(factory.last().subscribeCalls[0].options).toEqual({ qos: 1 });
    void store.publish(id, { topic: 't/1', payload: 'x', qos: 0, retain: false, properties: { contentType: 'text/plain' } });
    expect(factory.last().publishCalls[0].options).toEqual({ qos: 0, retain: false });
  });

  it('keeps subscriptions when the broker resumed the session, drops them on a fresh one', async () => {
    const { store, factory, id, conn } = connected();
    const sub = store.subscribeTopic(id, { topic: 't/#', qos: 0 });
    factory.last().subscribeCalls[0].callback(null, [{ topic: 't/#', qos: 0 }], { granted: [0] });
    await sub;
    factory.last().emit('close');
    factory.last().emit('reconnect');
    factory.last().accept(true);
    expect(conn().subscriptions).toHaveLength(1);
    factory.last().emit('close');
    factory.last().emit('reconnect');
    factory.last().accept(false);
    expect(conn().subscriptions).toHaveLength(0);
  });
});
