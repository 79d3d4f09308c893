// Traces on real traffic: MQTT.js clients against the test node. A clientid trace sees its client's connect,
// authentication, subscribe, publish in and out (payload in the chosen encoding), a topic trace sees only
// matching messages, json lines parse, a ruleid trace sees the rule's steps, the download is a zip of the file,
// and with no trace running the tracer listens to nothing.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { inflateRawSync } from 'node:zlib';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());
afterEach(async () => {
  await closeClients(clients.splice(0));
  await api(node, 'DELETE', '/trace');
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data) await api(node, 'DELETE', `/rules/${r.id}`);
});

async function client(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId });
  clients.push(c);
  return c;
}

/** the whole file through GET /log, page by page */
async function readLog(name: string, bytes = 200): Promise<string> {
  let text = '';
  let position = 0;
  for (;;) {
    const r = await api(node, 'GET', `/trace/${name}/log?position=${position}&bytes=${bytes}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.items === '') return text;
    text += r.body.items;
    position = r.body.meta.position;
  }
}

const waitLog = async (name: string, re: RegExp) => {
  await waitFor(async () => re.test(await readLog(name)), 3000, `${re} in ${name}`);
  return readLog(name);
};

describe('what a trace writes', () => {
  test('a clientid trace sees its client connect, subscribe, publish and receive; other clients not', async () => {
    await api(node, 'POST', '/trace', { name: 'one', type: 'clientid', clientid: 'traced-1' });
    const c = await client('traced-1');
    const other = await client('other-1');
    await c.subscribeAsync('t/#', { qos: 1 });
    await other.subscribeAsync('t/#', { qos: 0 });
    await c.publishAsync('t/1', 'hello trace', { qos: 1 });
    await other.publishAsync('t/2', 'from other', { qos: 0 });
    const log = await waitLog('one', /from other/);
    expect(log).toMatch(/ \[AUTHN\] traced-1@127\.0\.0\.1:\d+ msg: authentication_result, .*result: allow/);
    expect(log).toMatch(/ \[CONNECT\] traced-1@127\.0\.0\.1:\d+ msg: client_connected, .*clean_start: true/);
    expect(log).toMatch(/\[SUBSCRIBE\] traced-1@\S+ msg: subscribe, sub_opts: \[qos: 1, nl: 0, rap: 0, rh: 0\], topic: t\/#/);
    expect(log).toMatch(/\[PUBLISH\] traced-1@\S+ msg: publish_to, .*topic: t\/1, payload: hello trace\n/);
    // its own message and the other client's, delivered to it
    expect(log).toMatch(/\[DELIVER\] traced-1@\S+ msg: publish_delivered, from_clientid: traced-1, .*payload: hello trace/);
    expect(log).toMatch(/\[DELIVER\] traced-1@\S+ msg: publish_delivered, from_clientid: other-1, .*payload: from other/);
    expect(log).not.toMatch(/other-1@/);
    expect(log.split('\n')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d \[/);
    await c.unsubscribeAsync('t/#');
    await c.endAsync();
    const end = await waitLog('one', /client_disconnected/);
    expect(end).toMatch(/\[UNSUBSCRIBE\] traced-1@\S+ msg: unsubscribe, topic: t\/#/);
    const list = (await api(node, 'GET', '/trace')).body[0];
    expect(list.log_size[node.app.nodeName]).toBe(Buffer.byteLength(end));
  });

  test('a topic trace in hex sees only matching messages; json lines parse; hidden hides', async () => {
    await api(node, 'POST', '/trace', { name: 'hex', type: 'topic', topic: 'dev/+/up', payload_encode: 'hex' });
    // the same subject from the same second would be a DUPLICATE_CONDITION
    expect((await api(node, 'POST', '/trace', { name: 'json', type: 'topic', topic: 'dev/a/up', formatter: 'json', payload_encode: 'hidden' })).status).toBe(200);
    const c = await client('topic-pub');
    await c.publishAsync('dev/a/up', 'AB', { qos: 1 });
    await c.publishAsync('dev/a/down', 'no', { qos: 1 });
    const hex = await waitLog('hex', /publish_to/);
    expect(hex).toMatch(/msg: publish_to, .*payload_encode: hex, .*topic: dev\/a\/up, payload: 4142\n/);
    expect(hex).not.toContain('dev/a/down');
    expect(hex).not.toContain('client_connected');
    const json = (await waitLog('json', /publish_to/))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(json.find((l) => l.meta.trace_tag === 'AUTHZ')).toMatchObject({ msg: 'authorization_result', meta: { action: 'publish', result: 'allow', topic: 'dev/a/up' } });
    expect(json.find((l) => l.msg === 'publish_to')).toMatchObject({
      level: 'debug',
      msg: 'publish_to',
      meta: { clientid: 'topic-pub', trace_tag: 'PUBLISH', topic: 'dev/a/up', payload: '******', payload_encode: 'hidden' },
    });
    expect(json[0].time).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+[+-]\d\d:\d\d$/);
  });

  test('an ip_address trace sees clients from that address', async () => {
    await api(node, 'POST', '/trace', { name: 'ip', type: 'ip_address', ip_address: '127.0.0.1' });
    const c = await client('by-ip');
    await c.publishAsync('ip/x', 'p', { qos: 1 });
    const log = await waitLog('ip', /publish_to/);
    expect(log).toMatch(/\[CONNECT\] by-ip@127\.0\.0\.1/);
  });

  test('a ruleid trace sees the rule activated, its SQL result and the action', async () => {
    expect((await api(node, 'POST', '/rules', { id: 'traced_rule', sql: 'SELECT payload.v AS v FROM "r/#" WHERE payload.v > 1', actions: [{ function: 'console' }] })).status).toBe(
      201,
    );
    await api(node, 'POST', '/trace', { name: 'rule', type: 'ruleid', ruleid: 'traced_rule' });
    const c = await client('rule-pub');
    await c.publishAsync('r/1', JSON.stringify({ v: 0 }), { qos: 1 });
    await c.publishAsync('r/1', JSON.stringify({ v: 5 }), { qos: 1 });
    const log = await waitLog('rule', /action_success/);
    expect(log).toMatch(/\[RULE\] rule-pub@\S* msg: rule_activated, event: message\.publish, payload_encode: text, rule_id: traced_rule, topic: r\/1, payload: \{"v":5\}/);
    expect(log).toMatch(/msg: SQL_yielded_no_result, rule_id: traced_rule/);
    expect(log).toMatch(/msg: SQL_yielded_result, result: \{"v":5\}, rule_id: traced_rule/);
    expect(log).toMatch(/\[ACTION\] rule-pub@\S* msg: action_success, action: console/);
    expect(log).not.toContain('client_connected');
  });

  test('the download is <name>.zip holding <node>-<file>', async () => {
    await api(node, 'POST', '/trace', { name: 'dl', type: 'clientid', clientid: 'dl-1' });
    await client('dl-1');
    await waitLog('dl', /client_connected/);
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/trace/dl/download', headers: node.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename=dl.zip');
    const zip = res.rawPayload;
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const nameLen = zip.readUInt16LE(26);
    const packed = zip.readUInt32LE(18);
    const entry = zip.subarray(30, 30 + nameLen).toString();
    expect(entry).toMatch(new RegExp(`^${node.app.nodeName.replace(/[.]/g, '\\.')}-trace_dl_\\d{4}-\\d\\d-\\d\\d\\.log$`));
    const text = inflateRawSync(zip.subarray(30 + nameLen, 30 + nameLen + packed)).toString();
    expect(text).toBe(await readLog('dl'));
  });
});

describe('cost', () => {
  test('with no trace running the tracer listens to nothing; a stopped trace writes no more', async () => {
    const events = node.app.broker.events;
    const before = events.listenerCount('message.publish');
    await api(node, 'POST', '/trace', { name: 'short', type: 'clientid', clientid: 'cost-1' });
    expect(events.listenerCount('message.publish')).toBe(before + 1);
    const c = await client('cost-1');
    await waitLog('short', /client_connected/);
    await api(node, 'PUT', '/trace/short/stop', {});
    expect(events.listenerCount('message.publish')).toBe(before);
    expect(events.listenerCount('client.check_authz_complete')).toBe(0);
    const size = (await api(node, 'GET', '/trace')).body[0].log_size[node.app.nodeName];
    await c.publishAsync('cost/x', 'after stop', { qos: 1 });
    expect((await api(node, 'GET', '/trace')).body[0].log_size[node.app.nodeName]).toBe(size);
  });
});

describe('the clock', () => {
  test('a trace waits for its start, runs, and stops at its end by itself', async () => {
    const before = node.app.broker.events.listenerCount('message.publish');
    const now = Math.floor(Date.now() / 1000);
    const created = await api(node, 'POST', '/trace', { name: 'clock', type: 'clientid', clientid: 'clock-1', start_at: now + 1, end_at: now + 3 });
    expect(created.body.status).toBe('waiting');
    const status = async () => (await api(node, 'GET', '/trace')).body[0].status;
    await waitFor(async () => (await status()) === 'running', 3000, 'running');
    await client('clock-1');
    await waitLog('clock', /client_connected/);
    await waitFor(async () => (await status()) === 'stopped', 4000, 'stopped');
    // the tracer lets go of the broker's events when the window closes: the status follows the clock at once, the
    // listener goes on the timer set for end_at, which a loaded machine runs some milliseconds late
    await waitFor(() => node.app.broker.events.listenerCount('message.publish') === before, 1000, 'the tracer to stop listening');
  });
});
