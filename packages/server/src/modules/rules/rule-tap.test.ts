// The live tap (docs/api-extensions.md): unsaved SQL on real traffic, bounded by matches and time, never saved.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
let pub: MqttClient;
beforeAll(async () => {
  node = await startTestNode();
  pub = await connectClient(node.mqttPort, { clientId: 'tap-pub' });
});
afterAll(async () => {
  await closeClients([pub]);
  await node.close();
});

describe('rule taps', () => {
  test('inputs and outputs side by side; stops itself after max_matches; no rule is created', async () => {
    const started = await api(node, 'POST', '/mqdeck/rule_taps', { sql: 'SELECT payload.v as v FROM "tap/#" WHERE payload.v > 1', max_matches: 2 });
    expect(started.status).toBe(201);
    expect(started.body.id).toMatch(/^[0-9a-f]{16}$/);
    expect(Date.parse(started.body.expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    const id = started.body.id as string;
    for (const v of [1, 2, 'bad', 3, 4]) await pub.publishAsync('tap/a', typeof v === 'number' ? JSON.stringify({ v }) : v, { qos: 1 });
    await waitFor(async () => (await api(node, 'GET', `/mqdeck/rule_taps/${id}`)).body.status === 'stopped', 3000, 'stopped');
    const view = (await api(node, 'GET', `/mqdeck/rule_taps/${id}`)).body;
    expect(view).toMatchObject({ id, status: 'stopped', reason: 'max_matches', max_matches: 2 });
    expect(view.matches).toHaveLength(2);
    expect(view.matches[0]).toMatchObject({ input: { topic: 'tap/a', clientid: 'tap-pub', payload: '{"v":2}' }, payload_base64: 'eyJ2IjoyfQ==', output: { v: 2 } });
    expect(view.matches[1].error).toContain('decode_json_failed');
    expect((await api(node, 'GET', '/rules')).body.data).toEqual([]);
    expect((await api(node, 'DELETE', `/mqdeck/rule_taps/${id}`)).status).toBe(204);
    expect((await api(node, 'GET', `/mqdeck/rule_taps/${id}`)).status).toBe(404);
  });

  test('a payload that is not UTF-8 comes with its bytes, so the console can decode it', async () => {
    const t = await api(node, 'POST', '/mqdeck/rule_taps', { sql: 'SELECT topic FROM "bin/#"', max_matches: 1 });
    const bytes = Buffer.from([0x08, 0x96, 0x01, 0xff, 0x00]); // protobuf varint 150, then bytes UTF-8 cannot hold
    await pub.publishAsync('bin/a', bytes, { qos: 1 });
    await waitFor(async () => (await api(node, 'GET', `/mqdeck/rule_taps/${t.body.id}`)).body.status === 'stopped', 3000, 'the match');
    const [match] = (await api(node, 'GET', `/mqdeck/rule_taps/${t.body.id}`)).body.matches;
    expect(Buffer.from(match.payload_base64, 'base64')).toEqual(bytes);
    expect(match.input.payload).toContain('\uFFFD');
  });

  test('event inputs; a short duration ends it; DELETE stops a running tap', async () => {
    const t = await api(node, 'POST', '/mqdeck/rule_taps', { sql: 'SELECT clientid FROM "$events/client_connected"', duration: '2s' });
    const other = await connectClient(node.mqttPort, { clientId: 'tap-ev' });
    await closeClients([other]);
    const tap = async () => (await api(node, 'GET', `/mqdeck/rule_taps/${t.body.id}`)).body;
    await waitFor(async () => (await tap()).matches.length === 1, 3000, 'the connect');
    await waitFor(async () => (await tap()).status === 'stopped', 5000, 'duration');
    const view = (await api(node, 'GET', `/mqdeck/rule_taps/${t.body.id}`)).body;
    expect(view.reason).toBe('duration');
    expect(view.matches.map((m: { output: unknown }) => m.output)).toEqual([{ clientid: 'tap-ev' }]);

    const running = await api(node, 'POST', '/mqdeck/rule_taps', { sql: 'SELECT * FROM "never/#"' });
    expect((await api(node, 'GET', `/mqdeck/rule_taps/${running.body.id}`)).body.status).toBe('running');
    expect((await api(node, 'DELETE', `/mqdeck/rule_taps/${running.body.id}`)).status).toBe(204);
  });

  test('400 for a missing or bad SQL and for bounds beyond 60 s / 100 matches; 404 for an unknown tap', async () => {
    expect((await api(node, 'POST', '/mqdeck/rule_taps', {})).status).toBe(400);
    const bad = await api(node, 'POST', '/mqdeck/rule_taps', { sql: 'SELEKT' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('syntax error');
    expect((await api(node, 'POST', '/mqdeck/rule_taps', { sql: 'SELECT * FROM "t"', duration: 61 })).status).toBe(400);
    expect((await api(node, 'POST', '/mqdeck/rule_taps', { sql: 'SELECT * FROM "t"', max_matches: 101 })).status).toBe(400);
    expect((await api(node, 'GET', '/mqdeck/rule_taps/nope')).status).toBe(404);
    expect((await api(node, 'DELETE', '/mqdeck/rule_taps/nope')).status).toBe(404);
  });
});
