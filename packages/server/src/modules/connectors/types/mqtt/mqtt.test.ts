// The `mqtt` connector type against a real peer, a private mosquitto started by the test on a free port: the client
// ids EMQX builds, and egress (templates, QoS, retain, MQTT 5 properties, v3/v4/v5).
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../../shared/testing';
import { useBridge, NODE } from './bridge.testing';
import { clientidBase, poolClientid } from './clientid';
import { readConnectorConfig } from './config';
import { mqttType, poolIdentities } from './index';

const bridge = useBridge();

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
  it('a node without static client ids: disconnected, and its messages fail at once', async () => {
    const c = await bridge.connector({ static_clientids: [{ node: 'other@host', ids: ['x1'] }] });
    expect(await c.health()).toEqual({ status: 'disconnected', reason: 'This node has no static client ids assigned in this connector.' });
    const a = await bridge.action(c, { topic: 't' });
    expect(await bridge.deliver(a, {})).toMatchObject({ ok: false, recoverable: false });
  });

  it('static client ids are the ids the workers use', async () => {
    const c = await bridge.connector({ static_clientids: [{ node: NODE, ids: ['static-a', 'static-b'] }] });
    expect(await c.health()).toEqual({ status: 'connected' });
    const other = await mqtt.connectAsync({ host: '127.0.0.1', port: bridge.broker.port, reconnectPeriod: 0, clientId: 'static-b' });
    bridge.cleanup.push(() => other.endAsync(true));
    await waitFor(async () => (await c.health()).status === 'disconnected', 3000, 'static-b taken over');
  });

  it('the remote broker sees these ids', async () => {
    const c = await bridge.connector({ pool_size: 2, clientid_prefix: 'px-' }, 'bridge1');
    expect(await c.health()).toEqual({ status: 'connected' });
    // a second client with worker 2's id takes the session over: our worker 2 loses its connection
    const other = await mqtt.connectAsync({ host: '127.0.0.1', port: bridge.broker.port, reconnectPeriod: 0, clientId: poolClientid('bridge1', NODE, 'px-', 2) });
    bridge.cleanup.push(() => other.endAsync(true));
    await waitFor(async () => (await c.health()).status === 'disconnected', 3000, 'the same id to take over');
  });
});

describe('egress', () => {
  it.each([
    ['v3', 4],
    ['v4', 4],
    ['v5', 5],
  ] as const)('%s: topic and payload templates; QoS and retain from placeholders', async (proto_ver, peerVersion) => {
    const c = await bridge.connector({ proto_ver });
    const p = await bridge.peer(`remote-${proto_ver}/#`, peerVersion);
    const a = await bridge.action(c, { topic: `remote-${proto_ver}/\${topic}`, payload: '${clientid}: ${payload.temp} ${missing}!', qos: '${qos}', retain: false });
    expect(await bridge.deliver(a, { topic: 't/1', clientid: 'dev1', payload: '{"temp":21.5}', qos: 1 })).toEqual({ ok: true });
    await waitFor(() => p.got.length === 1, 3000, 'the message on mosquitto');
    expect(p.got[0].topic).toBe(`remote-${proto_ver}/t/1`);
    // a missing value renders as empty text (EMQX's undefined_as_empty)
    expect(p.got[0].payload).toBe('dev1: 21.5 !');
    expect(p.got[0].packet.qos).toBe(1);
  });

  it('without a payload template the whole output is sent as JSON; an empty template sends nothing', async () => {
    const c = await bridge.connector({});
    const p = await bridge.peer('json/#');
    const whole = await bridge.action(c, { topic: 'json/${topic}' });
    const empty = await bridge.action(c, { topic: 'json/empty', payload: '' });
    await bridge.deliver(whole, { topic: 'a', payload: 'hello', qos: 0 });
    await bridge.deliver(empty, { topic: 'a', payload: 'hello' });
    await waitFor(() => p.got.length === 2, 3000, 'two messages');
    const json = p.got.find((m) => m.topic === 'json/a')!;
    expect(JSON.parse(json.payload)).toEqual({ topic: 'a', payload: 'hello', qos: 0 });
    expect(p.got.find((m) => m.topic === 'json/empty')!.payload).toBe('');
  });

  it('retain from a placeholder; QoS 0 by default when the placeholder is missing', async () => {
    const c = await bridge.connector({});
    const a = await bridge.action(c, { topic: 'ret/1', payload: 'r', qos: '${nope}', retain: '${flags.retain}' });
    await bridge.deliver(a, { flags: { retain: true } });
    // a client that subscribes afterwards gets the retained message
    const p = await bridge.peer('ret/#');
    await waitFor(() => p.got.length === 1, 3000, 'the retained message');
    expect(p.got[0].packet.retain).toBe(true);
    expect(p.got[0].packet.qos).toBe(0);
    await bridge.deliver(await bridge.action(c, { topic: 'ret/1', payload: '', retain: true }), {});
  });

  it('MQTT 5: the output’s pub_props go along (user properties, content type, expiry)', async () => {
    const c = await bridge.connector({ proto_ver: 'v5' });
    const p = await bridge.peer('props/#');
    const a = await bridge.action(c, { topic: 'props/1', payload: '${payload}' });
    await bridge.deliver(a, {
      payload: 'x',
      pub_props: { 'User-Property': { a: '1', b: '2' }, 'User-Property-Pairs': [], 'Content-Type': 'text/plain', 'Message-Expiry-Interval': 60 },
    });
    await waitFor(() => p.got.length === 1, 3000, 'the message');
    expect(p.got[0].packet.properties?.userProperties).toEqual({ a: '1', b: '2' });
    expect(p.got[0].packet.properties?.contentType).toBe('text/plain');
    expect(p.got[0].packet.properties?.messageExpiryInterval).toBeGreaterThan(50);
  });

  it('a binary payload is copied byte for byte', async () => {
    const c = await bridge.connector({});
    const client = await mqtt.connectAsync({ host: '127.0.0.1', port: bridge.broker.port, reconnectPeriod: 0 });
    bridge.cleanup.push(() => client.endAsync(true));
    const got: Buffer[] = [];
    client.on('message', (_t, payload) => got.push(payload));
    await client.subscribeAsync('bin/1', { qos: 1 });
    const a = await bridge.action(c, { topic: 'bin/1', payload: '${payload}' });
    await bridge.deliver(a, { payload: Buffer.from([0xff, 0x00, 0xfe]) });
    await waitFor(() => got.length === 1, 3000, 'the message');
    expect([...got[0]]).toEqual([0xff, 0x00, 0xfe]);
  });

  it('a bad rendered QoS or an empty topic fails at render time; bad parameters are refused with a sentence', async () => {
    const c = await bridge.connector({});
    const a = await bridge.action(c, { topic: '${t}', qos: '${q}' });
    expect(() => a.render({ t: 'x', q: 7 }, {})).toThrow(/QoS/);
    expect(() => a.render({ q: 1 }, {})).toThrow(/empty topic/);
    expect(() => mqttType.action!.check!({ topic: '' })).toThrow('The remote topic is required.');
    expect(() => mqttType.action!.check!({ topic: 't', qos: 3 })).toThrow(/QoS must be/);
    expect(() => mqttType.check!({ server: 'bad host:x' })).toThrow(/not a valid host:port/);
    expect(() => mqttType.check!({ server: 'h:1883', proto_ver: 'v6' })).toThrow(/not one of v3, v4, v5/);
  });

  it('warns when the connector keeps its session (clean_start = false), as EMQX does', async () => {
    bridge.warnings.length = 0;
    const c = await bridge.connector({ clean_start: false });
    await bridge.action(c, { topic: 'w' });
    expect(bridge.warnings.some((w) => w.includes('clean_start'))).toBe(true);
  });
});
