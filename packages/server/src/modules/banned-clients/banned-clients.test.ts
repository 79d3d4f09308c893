import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { validateResponse } from '../../contract/validate-response';
import { api, connectClient, expectContract, waitFor } from '../../shared/testing';

const RFC3339_S = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** Connects and resolves with the CONNACK reason (v5) or return code (v3) of a refused connection. */
function refusedCode(port: number, opts: mqtt.IClientOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect({ host: '127.0.0.1', port, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 3000, ...opts });
    client.once('connect', () => {
      client.end(true);
      reject(new Error('connection was accepted'));
    });
    client.once('error', (err) => {
      client.end(true);
      resolve((err as Error & { code: number }).code);
    });
  });
}

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());
beforeEach(async () => {
  await api(node, 'DELETE', '/banned');
});

describe('POST /banned', () => {
  test('creates with defaults and answers the ban itself', async () => {
    const res = await api(node, 'POST', '/banned', { as: 'clientid', who: 'c1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ as: 'clientid', who: 'c1', by: 'mgmt_api', reason: '', until: 'infinity' });
    expect(res.body.at).toMatch(RFC3339_S);
  });

  test('every kind, echoed as given; bad peerhost, CIDR and regex refused without storing', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    for (const [as, who] of [
      ['username', 'u1'],
      ['peerhost', '10.1.2.3'],
      ['clientid_re', '^dev-\\d+$'],
      ['username_re', 'adm.*'],
      ['peerhost_net', '192.168.0.0/16'],
    ]) {
      const res = await api(node, 'POST', '/banned', { as, who, reason: 'r', until });
      expect(res.status, as).toBe(200);
      expect(res.body.who).toBe(who);
      expect(res.body.until).toMatch(RFC3339_S);
    }
    for (const [as, who] of [
      ['peerhost', 'not-an-ip'],
      ['peerhost_net', '10.0.0.0/33'],
      ['clientid_re', '(unclosed'],
      ['nope', 'x'],
    ]) {
      const res = await api(node, 'POST', '/banned', { as, who });
      expect(res.status, `${as} ${who}`).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
    expect((await api(node, 'GET', '/banned')).body.meta.count).toBe(5);
  });

  test('an expired until is refused; an active duplicate is ALREADY_EXISTS with the ban as JSON', async () => {
    const past = await api(node, 'POST', '/banned', { as: 'clientid', who: 'old', until: Math.floor(Date.now() / 1000) - 10 });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^Cannot create expired banned, .+ to .+$/);
    await api(node, 'POST', '/banned', { as: 'clientid', who: 'dup', reason: 'first' });
    const dup = await api(node, 'POST', '/banned', { as: 'clientid', who: 'dup' });
    expect(dup.status).toBe(400);
    expect(dup.body.code).toBe('ALREADY_EXISTS');
    expect(JSON.parse(dup.body.message)).toMatchObject({ as: 'clientid', who: 'dup', reason: 'first' });
  });
});

describe('GET /banned', () => {
  beforeEach(async () => {
    for (const [as, who] of [
      ['clientid', 'dev-1'],
      ['clientid', 'dev-2'],
      ['clientid_re', 'dev-.*'],
      ['username', 'bob'],
      ['peerhost', '10.0.0.1'],
      ['peerhost_net', '10.9.0.0/16'],
    ])
      await api(node, 'POST', '/banned', { as, who });
  });

  test('no filter: meta {page, limit, count} without hasnext, per the contract', async () => {
    const res = await api(node, 'GET', '/banned?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 2, count: 6 });
    expect(res.body.data).toHaveLength(2);
    // API.md §2.5: EMQX's unfiltered banned list leaves hasnext out, against its own schema
    expect(validateResponse('get', '/banned', 200, res.body)).toEqual(["/meta must have required property 'hasnext'"]);
  });

  test('exact filter: hasnext false and count', async () => {
    const res = await api(node, 'GET', '/banned?clientid=dev-2');
    expect(res.body.meta).toEqual({ page: 1, limit: 100, hasnext: false, count: 1 });
    expect(res.body.data[0].who).toBe('dev-2');
    expectContract('get', '/banned', 200, res.body);
  });

  test('like_* are regular expressions; regex bans match on their text; no count', async () => {
    const res = await api(node, 'GET', '/banned?like_clientid=^dev');
    expect(res.body.meta).toEqual({ page: 1, limit: 100, hasnext: false });
    expect(res.body.data.map((b: { who: string }) => b.who).sort()).toEqual(['dev-.*', 'dev-1', 'dev-2']);
    expect((await api(node, 'GET', '/banned?like_peerhost_net=^10\\.9')).body.data).toHaveLength(1);
  });

  test('two filters → too_many_filters; a bad regex → JSON message', async () => {
    const two = await api(node, 'GET', '/banned?clientid=a&username=b');
    expect(two.status).toBe(400);
    expect(two.body).toEqual({ code: 'BAD_REQUEST', message: 'too_many_filters' });
    const bad = await api(node, 'GET', '/banned?like_username=(');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.message)).toMatchObject({ message: 'The filter is not a validation regex expression', filter: '(' });
  });
});

describe('DELETE /banned', () => {
  test('one (URL-encoded) or all; unknown → 404', async () => {
    await api(node, 'POST', '/banned', { as: 'peerhost_net', who: '10.0.0.0/8' });
    expect((await api(node, 'DELETE', `/banned/peerhost_net/${encodeURIComponent('10.0.0.0/8')}`)).status).toBe(204);
    const gone = await api(node, 'DELETE', '/banned/clientid/ghost');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 'NOT_FOUND', message: 'clientid: ghost not found' });
    await api(node, 'POST', '/banned', { as: 'clientid', who: 'x' });
    expect((await api(node, 'DELETE', '/banned')).status).toBe(204);
    expect((await api(node, 'GET', '/banned')).body.meta.count).toBe(0);
  });
});

describe('enforcement', () => {
  test('a banned client id is refused with 0x8A (v5) and return code 5 (v3)', async () => {
    await api(node, 'POST', '/banned', { as: 'clientid', who: 'evil' });
    expect(await refusedCode(node.mqttPort, { clientId: 'evil', protocolVersion: 5 })).toBe(0x8a);
    expect(await refusedCode(node.mqttPort, { clientId: 'evil', protocolVersion: 4 })).toBe(5);
  });

  test('username regex, peerhost and CIDR bans refuse matching clients only', async () => {
    await api(node, 'POST', '/banned', { as: 'username_re', who: '^bad' });
    expect(await refusedCode(node.mqttPort, { clientId: 'u1', username: 'badguy' })).toBe(0x8a);
    const ok = await connectClient(node.mqttPort, { clientId: 'u2', username: 'goodguy' });
    await ok.endAsync();
    await api(node, 'POST', '/banned', { as: 'peerhost_net', who: '127.0.0.0/8' });
    expect(await refusedCode(node.mqttPort, { clientId: 'u3' })).toBe(0x8a);
    await api(node, 'DELETE', '/banned');
    await api(node, 'POST', '/banned', { as: 'peerhost', who: '127.0.0.1' });
    expect(await refusedCode(node.mqttPort, { clientId: 'u4' })).toBe(0x8a);
  });

  test('a connected client is kicked when a matching ban is created', async () => {
    const client = await connectClient(node.mqttPort, { clientId: 'victim' });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await api(node, 'POST', '/banned', { as: 'clientid_re', who: '^vic' });
    await closed;
    expect(node.app.broker.client('victim')?.connected ?? false).toBe(false);
    client.end(true);
  });

  test('an expiring ban stops refusing once expired and disappears from the list', async () => {
    await api(node, 'POST', '/banned', { as: 'clientid', who: 'brief', until: Math.floor(Date.now() / 1000) + 1 });
    expect(await refusedCode(node.mqttPort, { clientId: 'brief' })).toBe(0x8a);
    await waitFor(async () => (await api(node, 'GET', '/banned')).body.meta.count === 0, 3000, 'ban expiry');
    const c = await connectClient(node.mqttPort, { clientId: 'brief' });
    await c.endAsync();
  });
});

describe('persistence', () => {
  test('bans survive a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-banned-'));
    const first = await startTestNode({ dataDir });
    await api(first, 'POST', '/banned', { as: 'username', who: 'keep', reason: 'kept' });
    await first.close();
    const second = await startTestNode({ dataDir });
    try {
      const res = await api(second, 'GET', '/banned?username=keep');
      expect(res.body.data).toEqual([expect.objectContaining({ as: 'username', who: 'keep', reason: 'kept' })]);
      expect(await refusedCode(second.mqttPort, { clientId: 'k', username: 'keep' })).toBe(0x8a);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
