import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('$SYS topics', () => {
  test('periodic broker info, heartbeat and client events arrive on real clients; switches apply live', async () => {
    const res = await api(node, 'PUT', '/configs/sys_topics', {
      sys_msg_interval: '200ms',
      sys_heartbeat_interval: '200ms',
      sys_event_messages: { client_connected: true, client_disconnected: true, client_subscribed: true, client_unsubscribed: false },
    });
    expect(res.status).toBe(200);
    const prefix = `$SYS/brokers/${node.app.nodeName}`;
    const watcher = await connectClient(node.mqttPort, { clientId: 'sys-watch' });
    const got = new Map<string, string>();
    watcher.on('message', (topic, payload) => got.set(topic, payload.toString()));
    await watcher.subscribeAsync('$SYS/#');

    const c = await connectClient(node.mqttPort, { clientId: 'sys-client', username: 'u1' });
    await c.subscribeAsync('sys/t', { qos: 1 });
    await closeClients([c]);

    await waitFor(() => got.has(`${prefix}/uptime`) && got.has(`${prefix}/stats/connections/count`) && got.has(`${prefix}/clients/sys-client/disconnected`), 3000, '$SYS messages');
    expect(got.get(`${prefix}/version`)).toMatch(/^5\.8\.\d+$/);
    expect(Number(got.get(`${prefix}/uptime`))).toBeGreaterThanOrEqual(0);
    expect(Date.parse(got.get(`${prefix}/datetime`) ?? '')).not.toBeNaN();
    expect(got.get('$SYS/brokers')).toBe(node.app.nodeName);
    expect(got.has(`${prefix}/metrics/messages/received`)).toBe(true);
    expect(JSON.parse(got.get(`${prefix}/clients/sys-client/connected`) ?? '{}')).toMatchObject({ clientid: 'sys-client', username: 'u1', proto_ver: 5, ipaddress: '127.0.0.1' });
    expect(JSON.parse(got.get(`${prefix}/clients/sys-client/subscribed`) ?? '{}')).toMatchObject({ clientid: 'sys-client', topic: 'sys/t', subopts: { qos: 1 } });
    expect(JSON.parse(got.get(`${prefix}/clients/sys-client/disconnected`) ?? '{}')).toMatchObject({ clientid: 'sys-client', username: 'u1' });
    // retained $SYS messages name their sender as EMQX does (emqx_sys), not "undefined"
    const retained = await api(node, 'GET', `/mqtt/retainer/message/${encodeURIComponent(`${prefix}/version`)}`);
    expect(retained.body).toMatchObject({ topic: `${prefix}/version`, from_clientid: 'emqx_sys' });

    // switches off: no more connected events, no more periodic messages
    await api(node, 'PUT', '/configs/sys_topics', { sys_msg_interval: 'disabled', sys_heartbeat_interval: 'disabled', sys_event_messages: { client_connected: false } });
    await new Promise((r) => setTimeout(r, 250));
    got.clear();
    const quiet = await connectClient(node.mqttPort, { clientId: 'sys-quiet' });
    // a fixed wait on purpose: it proves nothing is published within 400 ms
    await new Promise((r) => setTimeout(r, 400));
    await closeClients([quiet, watcher]);
    expect([...got.keys()].filter((t) => t !== `${prefix}/clients/sys-quiet/disconnected`)).toEqual([]);
  });
});
