// The durable gauges of /monitor and /monitor_current come from the SQLite durable session store: a persistent
// session's subscriptions count while it is connected and after, a disconnected one counts once, a clean session
// never; they survive a restart; with durable_sessions off both are 0.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

process.env.MQDECK_MONITOR_SAMPLE_INTERVAL = '200ms';

type Row = Record<string, number>;

const durableGauges = async (n: typeof node) => {
  const res = await api(n, 'GET', '/monitor_current');
  expect(res.status).toBe(200);
  expectContract('get', '/monitor_current', 200, res.body);
  const b = res.body as Row;
  return { subscriptions_durable: b.subscriptions_durable, disconnected_durable_sessions: b.disconnected_durable_sessions, subscriptions_ram: b.subscriptions_ram };
};

const node = restartableNode({ env: { EMQX_DURABLE_SESSIONS__ENABLE: 'true' } });

describe('durable gauges', () => {
  test('a persistent session counts its subscriptions; disconnected it counts once; a clean session never', async () => {
    const durable = await connectClient(node.mqttPort, { clientId: 'md-durable', clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 600 } });
    await durable.subscribeAsync({ 'md/a': { qos: 1 }, 'md/b': { qos: 0 } });
    const plain = await connectClient(node.mqttPort, { clientId: 'md-plain', clean: true });
    await plain.subscribeAsync('md/c');
    await waitFor(async () => (await durableGauges(node)).subscriptions_durable === 2, 3000, 'two durable subscriptions');
    expect(await durableGauges(node)).toEqual({ subscriptions_durable: 2, disconnected_durable_sessions: 0, subscriptions_ram: 1 });

    await closeClients([durable]);
    await waitFor(async () => (await durableGauges(node)).disconnected_durable_sessions === 1, 3000, 'one disconnected durable session');
    expect(await durableGauges(node)).toEqual({ subscriptions_durable: 2, disconnected_durable_sessions: 1, subscriptions_ram: 1 });

    // the samples of /monitor carry them too
    await waitFor(
      async () => ((await api(node, 'GET', '/monitor?latest=60')).body as Row[]).some((r) => r.disconnected_durable_sessions === 1 && r.subscriptions_durable === 2),
      3000,
      'a sample with the durable gauges',
    );
    await closeClients([plain]);
  });

  test('after a restart the stored session is still counted', async () => {
    await node.restart();
    expect(await durableGauges(node)).toMatchObject({ subscriptions_durable: 2, disconnected_durable_sessions: 1 });
  });

  test('a session whose expiry has passed is no longer counted, before the GC removes it', async () => {
    const short = await connectClient(node.mqttPort, { clientId: 'md-short', clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 1 } });
    await short.subscribeAsync('md/short');
    await closeClients([short]);
    await waitFor(async () => (await durableGauges(node)).disconnected_durable_sessions === 2, 3000, 'two disconnected durable sessions');
    await waitFor(async () => (await durableGauges(node)).disconnected_durable_sessions === 1, 4000, 'the expired one left out');
    expect((await durableGauges(node)).subscriptions_durable).toBe(2);
  });

  test('durable_sessions off: both gauges are 0', async () => {
    const zone = (await api(node, 'GET', '/configs/global_zone')).body;
    const res = await api(node, 'PUT', '/configs/global_zone', { ...zone, durable_sessions: { ...zone.durable_sessions, enable: false } });
    expect(res.status).toBe(200);
    expect(await durableGauges(node)).toMatchObject({ subscriptions_durable: 0, disconnected_durable_sessions: 0 });
  });
});
