// The `mqtt` source against a private mosquitto: the `$bridges/mqtt:<name>` columns, QoS 2 downgrade, plain and
// shared filters over the pool, several sources on one connector, and loop prevention (no_local, bridge_mode).
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../../shared/testing';
import type { SourceMessage } from '../../resource/types';
import { useBridge } from './bridge.testing';

const bridge = useBridge();

describe('ingress', () => {
  it.each(['v4', 'v5'] as const)('%s: a message on the remote broker becomes the $bridges columns', async (proto_ver) => {
    const c = await bridge.connector({ proto_ver });
    const got: SourceMessage[] = [];
    await bridge.source(c, { topic: `in-${proto_ver}/#`, qos: 1 }, got);
    const pub = await bridge.publisher();
    await pub.publishAsync(`in-${proto_ver}/a`, 'hello', { qos: 1, properties: { userProperties: { k: 'v' } } });
    await waitFor(() => got.length === 1, 3000, 'the source message');
    const m = got[0];
    expect(m).toMatchObject({ server: bridge.broker.server, topic: `in-${proto_ver}/a`, payload: 'hello', qos: 1, dup: false, retain: false });
    expect(m.id).toMatch(/^[0-9A-F]{32}$/);
    expect(typeof m.message_received_at).toBe('number');
    expect(m.pub_props).toEqual(proto_ver === 'v5' ? { 'User-Property': { k: 'v' }, 'User-Property-Pairs': [{ key: 'k', value: 'v' }] } : {});
  });

  it('QoS 2 is subscribed as QoS 1 (EMQX downgrades it)', async () => {
    const c = await bridge.connector({ proto_ver: 'v5' });
    const got: SourceMessage[] = [];
    await bridge.source(c, { topic: 'q2/#', qos: 2 }, got);
    const pub = await bridge.publisher();
    await pub.publishAsync('q2/a', 'x', { qos: 2 });
    await waitFor(() => got.length === 1, 3000, 'the source message');
    expect(got[0].qos).toBe(1);
  });

  it('a plain filter is subscribed by one worker of the pool: each message once', async () => {
    const c = await bridge.connector({ pool_size: 3 });
    const got: SourceMessage[] = [];
    await bridge.source(c, { topic: 'plain/#' }, got);
    const pub = await bridge.publisher();
    for (let i = 0; i < 10; i++) await pub.publishAsync('plain/x', String(i), { qos: 1 });
    await waitFor(() => got.length >= 10, 3000, 'ten messages');
    // a marker published last: when it arrives, any duplicate would have arrived before it
    await pub.publishAsync('plain/end', 'end', { qos: 1 });
    await waitFor(() => got.some((m) => m.topic === 'plain/end'), 3000, 'the marker');
    expect(got.filter((m) => m.topic === 'plain/x').map((m) => m.payload)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('a shared filter is subscribed by every worker: the messages are spread, each once', async () => {
    const c = await bridge.connector({ pool_size: 3, proto_ver: 'v5' });
    const got: SourceMessage[] = [];
    await bridge.source(c, { topic: '$share/g1/shared/#' }, got);
    const pub = await bridge.publisher();
    for (let i = 0; i < 30; i++) await pub.publishAsync('shared/x', String(i), { qos: 1 });
    await waitFor(() => got.length >= 30, 3000, 'thirty messages');
    expect(got.map((m) => Number(m.payload)).sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
  });

  it('two sources on one connector: each gets the topics it subscribed; stopping one keeps the other', async () => {
    const c = await bridge.connector({});
    const a: SourceMessage[] = [];
    const b: SourceMessage[] = [];
    const sa = await bridge.source(c, { topic: 'two/#' }, a);
    await bridge.source(c, { topic: 'two/b' }, b);
    const pub = await bridge.publisher();
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
    const c = await bridge.connector(config);
    const got: SourceMessage[] = [];
    await bridge.source(c, { topic: 'loop/#', ...params }, got);
    const a = await bridge.action(c, { topic: 'loop/${n}', payload: '${n}' });
    await bridge.deliver(a, { n: 'ours' });
    // another client's message is a marker: ours, if echoed, comes before it
    const pub = await bridge.publisher();
    await pub.publishAsync('loop/theirs', 'theirs', { qos: 1 });
    await waitFor(() => got.some((m) => m.payload === 'theirs'), 3000, 'the marker');
    const echoed = got.some((m) => m.payload === 'ours');
    for (const f of bridge.cleanup.splice(0).reverse()) await f();
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
