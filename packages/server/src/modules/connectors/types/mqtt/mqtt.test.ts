// The `mqtt` connector type against a real peer: a private mosquitto started by the test on a free port.
// Egress (templates, QoS, retain, MQTT 5 properties, v3/v4/v5), ingress (columns, shared subscriptions, QoS 2
// downgrade), loop prevention, health through an outage, and the client ids EMQX builds.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../../shared/testing';
import type { ActionInstance, ConnectorInstance, SourceInstance, SourceMessage, TypeContext } from '../../resource/types';
import { clientidBase, poolClientid } from './clientid';
import { readConnectorConfig } from './config';
import { mqttType, poolIdentities } from './index';
import { startMosquitto, type Mosquitto } from './mosquitto.testing';

const NODE = 'mqdeck@127.0.0.1';
const warnings: string[] = [];
const ctx = (name = 'c1'): TypeContext => ({
  connectorId: `mqtt:${name}`,
  nodeName: NODE,
  tls: () => undefined,
  log: { info: () => undefined, warn: (msg) => void warnings.push(msg) },
});

let broker: Mosquitto;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => {
  await broker.close();
});
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f().catch(() => undefined);
});

async function connector(config: Record<string, unknown>, name = 'c1'): Promise<ConnectorInstance> {
  const c = await mqttType.start({ server: broker.server, pool_size: 1, ...config }, ctx(name));
  cleanup.push(() => c.stop());
  return c;
}

async function action(c: ConnectorInstance, parameters: Record<string, unknown>): Promise<ActionInstance> {
  const a = await mqttType.action!.start(parameters, c, ctx());
  cleanup.push(async () => a.stop?.());
  return a;
}

async function source(c: ConnectorInstance, parameters: Record<string, unknown>, got: SourceMessage[]): Promise<SourceInstance> {
  const s = await mqttType.source!.start(parameters, c, { ...ctx(), sourceId: 'mqtt:s1' }, (m) => got.push(m));
  cleanup.push(() => s.stop());
  return s;
}

/** a plain client on the private mosquitto, collecting what it receives */
async function peer(filter: string, protocolVersion: 4 | 5 = 5): Promise<{ client: MqttClient; got: { topic: string; payload: string; packet: mqtt.IPublishPacket }[] }> {
  const client = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, protocolVersion, reconnectPeriod: 0 });
  cleanup.push(() => client.endAsync(true));
  const got: { topic: string; payload: string; packet: mqtt.IPublishPacket }[] = [];
  client.on('message', (topic, payload, packet) => got.push({ topic, payload: payload.toString(), packet }));
  await client.subscribeAsync(filter, { qos: 1 });
  return { client, got };
}

async function deliver(a: ActionInstance, selected: Record<string, unknown>) {
  return a.send([a.render(selected, {})]);
}

describe('client ids (emqx_bridge_mqtt_lib)', () => {
  const hash8 = clientidBase('', NODE);
  it('a short name: <name><node hash>:<index>', () => {
    expect(hash8).toMatch(/^[0-9a-f]{8}$/);
    expect(poolClientid('abc01234', NODE, undefined, 1)).toBe(`abc01234${hash8}:1`);
    expect(poolClientid('abc01234', NODE, undefined, 2)).toBe(`abc01234${hash8}:2`);
  });
  it('a long name is hashed into 23 characters', () => {
    const id = poolClientid('abc012345678901234567890', NODE, undefined, 1);
    expect(id).toMatch(/^[0-9a-f]{23}$/);
    expect(poolClientid('abc012345678901234567890', NODE, undefined, 2)).not.toBe(id);
  });
  it('a short prefix keeps 23 bytes; a long one is followed by the whole base', () => {
    const id = poolClientid('345', NODE, '012-', 1);
    expect(id.startsWith('012-')).toBe(true);
    expect(id).toHaveLength(`012-345${hash8}:1`.length <= 23 ? `012-345${hash8}:1`.length : 23);
    expect(poolClientid('a-long-connector-name', NODE, 'p-', 1)).toMatch(/^p-[0-9a-f]{21}$/);
    expect(poolClientid('345', NODE, '0123456789abcdef01234-', 1)).toBe(`0123456789abcdef01234-345${hash8}:1`);
  });
  it('another node gets other ids', () => {
    expect(poolClientid('abc', 'other@host', undefined, 1)).not.toBe(poolClientid('abc', NODE, undefined, 1));
  });
  it('static client ids: only this node’s entries, with their own credentials', () => {
    const cfg = readConnectorConfig({
      server: 'h:1883',
      username: 'root',
      static_clientids: [
        { node: NODE, ids: ['1', { clientid: '3', username: 'u3', password: 'p3' }] },
        { node: 'other@host', ids: ['2'] },
      ],
    });
    expect(poolIdentities(cfg, 'c1', NODE)).toEqual([{ clientid: '1' }, { clientid: '3', username: 'u3', password: 'p3' }]);
    expect(poolIdentities(cfg, 'c1', 'third@host')).toEqual([]);
  });
  it('the remote broker sees these ids', async () => {
    const c = await connector({ pool_size: 2, clientid_prefix: 'px-' }, 'bridge1');
    expect(await c.health()).toEqual({ status: 'connected' });
    // a second client with worker 2's id takes the session over: our worker 2 loses its connection
    const other = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, reconnectPeriod: 0, clientId: poolClientid('bridge1', NODE, 'px-', 2) });
    cleanup.push(() => other.endAsync(true));
    await waitFor(async () => (await c.health()).status === 'disconnected', 3000, 'the same id to take over');
  });
});

describe('egress', () => {
  it.each([
    ['v3', 4],
    ['v4', 4],
    ['v5', 5],
  ] as const)('%s: topic and payload templates; QoS and retain from placeholders', async (proto_ver, peerVersion) => {
    const c = await connector({ proto_ver });
    const p = await peer(`remote-${proto_ver}/#`, peerVersion);
    const a = await action(c, { topic: `remote-${proto_ver}/\${topic}`, payload: '${clientid}: ${payload.temp} ${missing}!', qos: '${qos}', retain: false });
    expect(await deliver(a, { topic: 't/1', clientid: 'dev1', payload: '{"temp":21.5}', qos: 1 })).toEqual({ ok: true });
    await waitFor(() => p.got.length === 1, 3000, 'the message on mosquitto');
    expect(p.got[0].topic).toBe(`remote-${proto_ver}/t/1`);
    // a missing value renders as empty text (EMQX's undefined_as_empty)
    expect(p.got[0].payload).toBe('dev1: 21.5 !');
    expect(p.got[0].packet.qos).toBe(1);
  });

  it('without a payload template the whole output is sent as JSON; an empty template sends nothing', async () => {
    const c = await connector({});
    const p = await peer('json/#');
    const whole = await action(c, { topic: 'json/${topic}' });
    const empty = await action(c, { topic: 'json/empty', payload: '' });
    await deliver(whole, { topic: 'a', payload: 'hello', qos: 0 });
    await deliver(empty, { topic: 'a', payload: 'hello' });
    await waitFor(() => p.got.length === 2, 3000, 'two messages');
    const json = p.got.find((m) => m.topic === 'json/a')!;
    expect(JSON.parse(json.payload)).toEqual({ topic: 'a', payload: 'hello', qos: 0 });
    expect(p.got.find((m) => m.topic === 'json/empty')!.payload).toBe('');
  });

  it('retain from a placeholder; QoS 0 by default when the placeholder is missing', async () => {
    const c = await connector({});
    const a = await action(c, { topic: 'ret/1', payload: 'r', qos: '${nope}', retain: '${flags.retain}' });
    await deliver(a, { flags: { retain: true } });
    // a client that subscribes afterwards gets the retained message
    const p = await peer('ret/#');
    await waitFor(() => p.got.length === 1, 3000, 'the retained message');
    expect(p.got[0].packet.retain).toBe(true);
    expect(p.got[0].packet.qos).toBe(0);
    await deliver(await action(c, { topic: 'ret/1', payload: '', retain: true }), {});
  });

  it('MQTT 5: the output’s pub_props go along (user properties, content type, expiry)', async () => {
    const c = await connector({ proto_ver: 'v5' });
    const p = await peer('props/#');
    const a = await action(c, { topic: 'props/1', payload: '${payload}' });
    await deliver(a, {
      payload: 'x',
      pub_props: { 'User-Property': { a: '1', b: '2' }, 'User-Property-Pairs': [], 'Content-Type': 'text/plain', 'Message-Expiry-Interval': 60 },
    });
    await waitFor(() => p.got.length === 1, 3000, 'the message');
    expect(p.got[0].packet.properties?.userProperties).toEqual({ a: '1', b: '2' });
    expect(p.got[0].packet.properties?.contentType).toBe('text/plain');
    expect(p.got[0].packet.properties?.messageExpiryInterval).toBeGreaterThan(50);
  });

  it('a binary payload is copied byte for byte', async () => {
    const c = await connector({});
    const client = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, reconnectPeriod: 0 });
    cleanup.push(() => client.endAsync(true));
    const got: Buffer[] = [];
    client.on('message', (_t, payload) => got.push(payload));
    await client.subscribeAsync('bin/1', { qos: 1 });
    const a = await action(c, { topic: 'bin/1', payload: '${payload}' });
    await deliver(a, { payload: Buffer.from([0xff, 0x00, 0xfe]) });
    await waitFor(() => got.length === 1, 3000, 'the message');
    expect([...got[0]]).toEqual([0xff, 0x00, 0xfe]);
  });

  it('a bad rendered QoS or an empty topic fails at render time; bad parameters are refused with a sentence', async () => {
    const c = await connector({});
    const a = await action(c, { topic: '${t}', qos: '${q}' });
    expect(() => a.render({ t: 'x', q: 7 }, {})).toThrow(/QoS/);
    expect(() => a.render({ q: 1 }, {})).toThrow(/empty topic/);
    expect(() => mqttType.action!.check!({ topic: '' })).toThrow('The remote topic is required.');
    expect(() => mqttType.action!.check!({ topic: 't', qos: 3 })).toThrow(/QoS must be/);
    expect(() => mqttType.check!({ server: 'bad host:x' })).toThrow(/not a valid host:port/);
    expect(() => mqttType.check!({ server: 'h:1883', proto_ver: 'v6' })).toThrow(/not one of v3, v4, v5/);
  });

  it('warns when the connector keeps its session (clean_start = false), as EMQX does', async () => {
    warnings.length = 0;
    const c = await connector({ clean_start: false });
    await action(c, { topic: 'w' });
    expect(warnings.some((w) => w.includes('clean_start'))).toBe(true);
  });
});

describe('ingress', () => {
  it.each(['v4', 'v5'] as const)('%s: a message on the remote broker becomes the $bridges columns', async (proto_ver) => {
    const c = await connector({ proto_ver });
    const got: SourceMessage[] = [];
    await source(c, { topic: `in-${proto_ver}/#`, qos: 1 }, got);
    const pub = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, protocolVersion: 5, reconnectPeriod: 0 });
    cleanup.push(() => pub.endAsync(true));
    await pub.publishAsync(`in-${proto_ver}/a`, 'hello', { qos: 1, properties: { userProperties: { k: 'v' } } });
    await waitFor(() => got.length === 1, 3000, 'the source message');
    const m = got[0];
    expect(m).toMatchObject({ server: broker.server, topic: `in-${proto_ver}/a`, payload: 'hello', qos: 1, dup: false, retain: false });
    expect(m.id).toMatch(/^[0-9A-F]{32}$/);
    expect(typeof m.message_received_at).toBe('number');
    expect(m.pub_props).toEqual(proto_ver === 'v5' ? { 'User-Property': { k: 'v' }, 'User-Property-Pairs': [{ key: 'k', value: 'v' }] } : {});
  });

  it('QoS 2 is subscribed as QoS 1 (EMQX downgrades it)', async () => {
    const c = await connector({ proto_ver: 'v5' });
    const got: SourceMessage[] = [];
    await source(c, { topic: 'q2/#', qos: 2 }, got);
    const pub = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, reconnectPeriod: 0 });
    cleanup.push(() => pub.endAsync(true));
    await pub.publishAsync('q2/a', 'x', { qos: 2 });
    await waitFor(() => got.length === 1, 3000, 'the source message');
    expect(got[0].qos).toBe(1);
  });

  it('a plain filter is subscribed by one worker of the pool: each message once', async () => {
    const c = await connector({ pool_size: 3 });
    const got: SourceMessage[] = [];
    await source(c, { topic: 'plain/#' }, got);
    const pub = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, reconnectPeriod: 0 });
    cleanup.push(() => pub.endAsync(true));
    for (let i = 0; i < 10; i++) await pub.publishAsync('plain/x', String(i), { qos: 1 });
    await waitFor(() => got.length >= 10, 3000, 'ten messages');
    // a marker published last: when it arrives, any duplicate would have arrived before it
    await pub.publishAsync('plain/end', 'end', { qos: 1 });
    await waitFor(() => got.some((m) => m.topic === 'plain/end'), 3000, 'the marker');
    expect(got.filter((m) => m.topic === 'plain/x').map((m) => m.payload)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('a shared filter is subscribed by every worker: the messages are spread, each once', async () => {
    const c = await connector({ pool_size: 3, proto_ver: 'v5' });
    const got: SourceMessage[] = [];
    await source(c, { topic: '$share/g1/shared/#' }, got);
    const pub = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, reconnectPeriod: 0 });
    cleanup.push(() => pub.endAsync(true));
    for (let i = 0; i < 30; i++) await pub.publishAsync('shared/x', String(i), { qos: 1 });
    await waitFor(() => got.length >= 30, 3000, 'thirty messages');
    expect(got.map((m) => Number(m.payload)).sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
  });

  it('two sources on one connector: each gets the topics it subscribed; stopping one keeps the other', async () => {
    const c = await connector({});
    const a: SourceMessage[] = [];
    const b: SourceMessage[] = [];
    const sa = await source(c, { topic: 'two/#' }, a);
    await source(c, { topic: 'two/b' }, b);
    const pub = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, reconnectPeriod: 0 });
    cleanup.push(() => pub.endAsync(true));
    await pub.publishAsync('two/a', '1', { qos: 1 });
    await pub.publishAsync('two/b', '2', { qos: 1 });
    await waitFor(() => a.length === 2 && b.length === 1, 3000, 'the messages');
    await sa.stop();
    await pub.publishAsync('two/b', '3', { qos: 1 });
    await waitFor(() => b.length === 2, 3000, 'the next message');
    expect(a).toHaveLength(2);
  });
});

describe('loop prevention', () => {
  async function echoes(config: Record<string, unknown>, params: Record<string, unknown>): Promise<boolean> {
    const c = await connector(config);
    const got: SourceMessage[] = [];
    await source(c, { topic: 'loop/#', ...params }, got);
    const a = await action(c, { topic: 'loop/${n}', payload: '${n}' });
    await deliver(a, { n: 'ours' });
    // another client's message is a marker: ours, if echoed, comes before it
    const pub = await mqtt.connectAsync({ host: '127.0.0.1', port: broker.port, reconnectPeriod: 0 });
    cleanup.push(() => pub.endAsync(true));
    await pub.publishAsync('loop/theirs', 'theirs', { qos: 1 });
    await waitFor(() => got.some((m) => m.payload === 'theirs'), 3000, 'the marker');
    const echoed = got.some((m) => m.payload === 'ours');
    for (const f of cleanup.splice(0).reverse()) await f();
    return echoed;
  }

  it('MQTT 5: no_local keeps our own egress messages from coming back', async () => {
    expect(await echoes({ proto_ver: 'v5' }, { no_local: false })).toBe(true);
    expect(await echoes({ proto_ver: 'v5' }, { no_local: true })).toBe(false);
  });

  it('MQTT 3.1.1: bridge_mode tells the peer we are a bridge, which does not echo our messages', async () => {
    expect(await echoes({ proto_ver: 'v4' }, {})).toBe(true);
    expect(await echoes({ proto_ver: 'v4', bridge_mode: true }, {})).toBe(false);
  });
});

describe('health and outages', () => {
  it('start fails with EMQX’s explanation when nothing listens', async () => {
    const gone = await startMosquitto();
    await gone.close();
    await expect(mqttType.start({ server: gone.server, pool_size: 2 }, ctx())).rejects.toThrow(/^Connection refused\. /);
  });

  it('start fails when the server refuses the credentials', async () => {
    const locked = await startMosquitto({ extra: ['allow_anonymous false', `password_file /dev/null`] });
    try {
      await expect(mqttType.start({ server: locked.server, pool_size: 1, username: 'u', password: 'p' }, ctx())).rejects.toThrow(/refused the connection/);
    } finally {
      await locked.close();
    }
  });

  it('disconnected while the broker is down (sending is recoverable), connected again when it is back', async () => {
    const remote = await startMosquitto();
    cleanup.push(() => remote.close());
    const c = await mqttType.start({ server: remote.server, pool_size: 2 }, ctx());
    cleanup.push(() => c.stop());
    const a = await action(c, { topic: 'h/1', payload: 'x' });
    expect(await c.health()).toEqual({ status: 'connected' });
    await remote.stop();
    await waitFor(async () => (await c.health()).status === 'disconnected', 3000, 'disconnected');
    expect((await c.health()).reason).toMatch(/down|refused/i);
    const outcome = await deliver(a, {});
    expect(outcome).toMatchObject({ ok: false, recoverable: true });
    await remote.start();
    await waitFor(async () => (await c.health()).status === 'connected', 6000, 'connected again');
    expect(await deliver(a, {})).toEqual({ ok: true });
  });

  it('the password may come from a file (EMQX file:// secrets)', () => {
    const file = join(tmpdir(), `mqdeck-mqtt-pass-${process.pid}`);
    writeFileSync(file, 'secret\n');
    cleanup.push(async () => rmSync(file));
    expect(readConnectorConfig({ server: 'h', password: `file://${file}` }).password).toBe('secret');
  });
});
