// Connectors, actions and sources live in SQLite: after a restart the node lists them as they were (secrets kept,
// sealed at rest), connects again, and rules send to the actions and are fed by the sources.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { fakeAction, fakeConnector, fakeSource, FAKE_TYPE, HttpPeer, registerFakeType } from './connectors.testing';

vi.setConfig({ hookTimeout: 30_000, testTimeout: 30_000 }); // two node starts on a shared machine
const peer = new HttpPeer();
let unregister: () => void;
beforeAll(async () => {
  unregister = registerFakeType();
  await peer.up();
});
const node = restartableNode();
afterAll(async () => {
  await peer.down();
  unregister();
});

describe('data integration across a restart', () => {
  test('the same connectors, actions and sources come back running; the password still works', async () => {
    const c = await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    const a = await api(node, 'POST', '/actions', fakeAction('a1', 'c1'));
    const s = await api(node, 'POST', '/sources', fakeSource('s1', 'c1', 'q1'));
    const off = await api(node, 'POST', '/connectors', fakeConnector('c2', peer, { enable: false }));
    await api(node, 'POST', '/rules', { id: 'r1', sql: 'SELECT payload FROM "di/#"', actions: [`${FAKE_TYPE}:a1`] });
    await api(node, 'POST', '/rules', {
      id: 'r2',
      sql: `SELECT * FROM "$bridges/${FAKE_TYPE}:s1"`,
      actions: [{ function: 'republish', args: { topic: 'local/x', payload: '${payload}' } }],
    });
    peer.lastPassword = undefined;
    await node.restart();
    expect(peer.lastPassword).toBe('top-secret');
    expect((await api(node, 'GET', `/connectors/${FAKE_TYPE}:c1`)).body).toEqual({ ...c.body, actions: ['a1'], sources: ['s1'] });
    expect((await api(node, 'GET', `/connectors/${FAKE_TYPE}:c2`)).body).toMatchObject({ enable: false, status: 'stopped', description: off.body.description });
    expect((await api(node, 'GET', `/actions/${FAKE_TYPE}:a1`)).body).toEqual({ ...a.body, rules: ['r1'] });
    expect((await api(node, 'GET', `/sources/${FAKE_TYPE}:s1`)).body).toEqual({ ...s.body, rules: ['r2'] });

    const sub = await connectClient(node.mqttPort, { clientId: 'restart-sub' });
    const got: string[] = [];
    sub.on('message', (_t, p) => got.push(p.toString()));
    await sub.subscribeAsync('local/x', { qos: 1 });
    await sub.publishAsync('di/1', 'to-the-peer', { qos: 1 });
    await waitFor(() => peer.received.length === 1, 3000, 'action after restart');
    peer.queues.set('q1', [{ payload: 'from-the-peer' }]);
    await waitFor(() => got.length === 1, 3000, 'source after restart');
    expect(got).toEqual(['from-the-peer']);
    await closeClients([sub]);
  });
});
