// Authorization survives a restart: settings, the sources with their order and the file source's ACL text,
// and the built-in database rules; the restarted node enforces them on real clients.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient } from '../../shared/testing';

const RULES = '/authorization/sources/built_in_database/rules';
const ACL = '{allow, {username, "ops"}, all, ["ops/#"]}.\n{deny, all}.\n';

const node = restartableNode();

describe('authorization across a restart', () => {
  test('settings, sources (order, enable, ACL text) and built-in rules are kept and enforced', async () => {
    const settings = { no_match: 'deny', deny_action: 'ignore', cache: { enable: true, max_size: 8, ttl: '30s', excludes: ['live/#'] } };
    expect((await api(node, 'PUT', '/authorization/settings', settings)).status).toBe(200);
    expect((await api(node, 'PUT', '/authorization/sources/file', { type: 'file', enable: true, rules: ACL })).status).toBe(204);
    expect((await api(node, 'POST', '/authorization/sources', { type: 'built_in_database', enable: true, max_rules: 50 })).status).toBe(204);
    expect(
      (await api(node, 'POST', `${RULES}/users`, [{ username: 'ann', rules: [{ topic: 'ann/${clientid}/#', permission: 'allow', action: 'publish', qos: [1] }] }])).status,
    ).toBe(204);
    expect((await api(node, 'POST', `${RULES}/clients`, [{ clientid: 'dev-1', rules: [{ topic: 'eq dev/#', permission: 'allow', action: 'subscribe' }] }])).status).toBe(204);
    expect((await api(node, 'POST', `${RULES}/all`, { rules: [{ topic: 'public/+', permission: 'allow', action: 'all', retain: false }] })).status).toBe(204);
    // built_in_database was prepended: put it after file
    expect((await api(node, 'PUT', '/authorization/sources/order', [{ type: 'file' }, { type: 'built_in_database' }])).status).toBe(204);
    const sources = (await api(node, 'GET', '/authorization/sources')).body;

    await node.restart();

    expect((await api(node, 'GET', '/authorization/settings')).body).toEqual(settings);
    const after = (await api(node, 'GET', '/authorization/sources')).body;
    expect(after).toEqual(sources);
    expect(after.sources.map((s: { type: string }) => s.type)).toEqual(['file', 'built_in_database']);
    expect((await api(node, 'GET', '/authorization/sources/file')).body.rules).toBe(ACL);
    expect((await api(node, 'GET', '/authorization/sources/built_in_database')).body).toMatchObject({ enable: true, max_rules: 50 });
    expect((await api(node, 'GET', `${RULES}/users/ann`)).body.rules).toEqual([{ topic: 'ann/${clientid}/#', permission: 'allow', action: 'publish', qos: [1], retain: 'all' }]);
    expect((await api(node, 'GET', `${RULES}/clients/dev-1`)).body.rules[0]).toMatchObject({ topic: 'eq dev/#', action: 'subscribe' });
    expect((await api(node, 'GET', `${RULES}/all`)).body.rules[0]).toMatchObject({ topic: 'public/+', retain: false });

    // the file source ends with {deny, all}: the built-in rules after it never decide, ops/# is allowed for ops only
    const ops = await connectClient(node.mqttPort, { clientId: 'ops-1', username: 'ops' });
    await expect(ops.publishAsync('ops/a', 'x', { qos: 1 })).resolves.toBeDefined();
    await expect(ops.publishAsync('public/a', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    // with the file source disabled, the built-in rules decide and no_match = deny refuses the rest
    expect((await api(node, 'PUT', '/authorization/sources/file', { type: 'file', enable: false, rules: ACL })).status).toBe(204);
    const ann = await connectClient(node.mqttPort, { clientId: 'dev-1', username: 'ann' });
    await expect(ann.publishAsync('ann/dev-1/t', 'x', { qos: 1 })).resolves.toBeDefined();
    await expect(ann.publishAsync('public/a', 'x', { qos: 1 })).resolves.toBeDefined();
    await expect(ann.publishAsync('other/a', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    const granted = await ann.subscribeAsync(['dev/#', 'dev/x'], { qos: 1 }).catch((e: { packet: { granted: number[] } }) => e.packet.granted);
    expect(granted).toEqual([1, 0x87]);
    await closeClients([ops, ann]);
  });
});
