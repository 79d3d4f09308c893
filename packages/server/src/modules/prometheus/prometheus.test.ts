// The Prometheus integration as emqx_prometheus_api_SUITE / emqx_prometheus_SUITE check it: settings in the
// recommended shape (legacy bodies converted), the scrape documents in text and JSON from the node's real
// figures, the modes, basic auth when enabled, and the push gateway pushing to a server this test starts.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract } from '../../shared/testing';

const sample = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('prometheus', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());
  const scrape = (path: string, headers: Record<string, string> = {}) => node.app.inject({ method: 'GET', url: `/api/v5/prometheus/${path}`, headers });

  it('GET /prometheus answers the recommended shape with EMQX defaults', async () => {
    const res = await api(node, 'GET', '/prometheus');
    expect(res.body).toMatchObject({
      enable_basic_auth: false,
      push_gateway: { enable: false, url: 'http://127.0.0.1:9091', interval: '15s', headers: {}, job_name: '${name}/instance/${name}~${host}' },
      collectors: { mnesia: 'disabled', vm_dist: 'disabled', vm_memory: 'disabled', vm_msacc: 'disabled', vm_statistics: 'disabled', vm_system_info: 'disabled' },
    });
    expectContract('get', '/prometheus', 200, res.body);
  });

  it('stats: text exposition from the real counters and gauges, without auth', async () => {
    const client = await connectClient(node.mqttPort, { clientId: 'prom-1' });
    await client.subscribeAsync('prom/t');
    await client.publishAsync('prom/t', 'x', { qos: 1 });
    const res = await scrape('stats');
    await closeClients([client]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toContain('# TYPE emqx_connections_count gauge\n');
    expect(text).toContain('# TYPE emqx_messages_received counter\n');
    expect(sample(text, 'emqx_connections_count')).toBe(1);
    expect(sample(text, 'emqx_subscriptions_count')).toBe(1);
    expect(sample(text, 'emqx_messages_received')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'emqx_packets_connect')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'emqx_cluster_nodes_running')).toBe(1);
    expect(sample(text, 'emqx_vm_total_memory')).toBeGreaterThan(0);
    expect(text).not.toContain('node="');
    // unaggregated: every node-local sample carries the node label
    const un = (await scrape('stats?mode=all_nodes_unaggregated')).body;
    expect(un).toContain(`emqx_connections_count{node="${node.app.nodeName}"} `);
    // an unknown mode counts as node
    expect((await scrape('stats?mode=whatever')).statusCode).toBe(200);
  });

  it('stats: JSON with Accept: application/json, one object per group (arrays when unaggregated)', async () => {
    const res = await scrape('stats', { accept: 'application/json' });
    const body = res.json();
    expect(body.stats).toMatchObject({ emqx_connections_count: expect.any(Number), emqx_topics_count: expect.any(Number) });
    expect(body.messages).toHaveProperty('emqx_messages_received');
    expect(body.packets).toHaveProperty('emqx_packets_connect');
    expect(body.metrics).toHaveProperty('emqx_vm_cpu_use');
    const un = (await scrape('stats?mode=all_nodes_unaggregated', { accept: 'application/json' })).json();
    expect(un.stats).toEqual([expect.objectContaining({ node: node.app.nodeName, emqx_connections_count: expect.any(Number) })]);
  });

  it('auth: per-authenticator and per-source figures and the user and ban counts', async () => {
    await api(node, 'POST', '/authentication', { mechanism: 'password_based', backend: 'built_in_database' });
    await api(node, 'POST', '/authentication/password_based:built_in_database/users', { user_id: 'u1', password: 'p1' });
    await api(node, 'POST', '/banned', { as: 'clientid', who: 'bad-one' });
    const text = (await scrape('auth')).body;
    expect(text).toContain('emqx_authn_enable{id="password_based:built_in_database"} 1');
    expect(text).toContain('emqx_authn_users_count{id="password_based:built_in_database"} 1');
    expect(text).toMatch(/emqx_authz_enable\{type="file"\} 1/);
    expect(sample(text, 'emqx_banned_count')).toBe(1);
    const json = (await scrape('auth', { accept: 'application/json' })).json();
    expect(json.emqx_authn).toEqual([expect.objectContaining({ id: 'password_based:built_in_database', emqx_authn_enable: 1, emqx_authn_users_count: 1 })]);
    expect(json.emqx_banned).toEqual({ emqx_banned_count: 1 });
    await api(node, 'DELETE', '/authentication/password_based:built_in_database');
  });

  it('data_integration: rule counts and per-rule counters; no connectors exist', async () => {
    await api(node, 'POST', '/rules', { id: 'prom_rule', sql: 'SELECT * FROM "prom/#"', actions: [] });
    const client = await connectClient(node.mqttPort);
    await client.publishAsync('prom/a', '1', { qos: 1 });
    await closeClients([client]);
    const text = (await scrape('data_integration')).body;
    expect(sample(text, 'emqx_rules_count')).toBe(1);
    expect(sample(text, 'emqx_connectors_count')).toBe(0);
    expect(text).toContain('emqx_rule_enable{id="prom_rule"} 1');
    expect(text).toContain('emqx_rule_matched{id="prom_rule"} 1');
    const json = (await scrape('data_integration', { accept: 'application/json' })).json();
    expect(json.data_integration_overview).toMatchObject({ emqx_rules_count: 1, emqx_connectors_count: 0 });
    expect(json.rules).toEqual([expect.objectContaining({ id: 'prom_rule', emqx_rule_matched: 1 })]);
    await api(node, 'DELETE', '/rules/prom_rule');
  });

  it('basic auth: once enabled, a scrape needs a token or an API key', async () => {
    const current = (await api(node, 'GET', '/prometheus')).body;
    expect((await api(node, 'PUT', '/prometheus', { ...current, enable_basic_auth: true })).status).toBe(200);
    expect((await scrape('stats')).statusCode).toBe(401);
    expect((await scrape('stats', { authorization: 'Basic eDp5' })).statusCode).toBe(401);
    expect((await scrape('stats', node.auth)).statusCode).toBe(200);
    const key = (await api(node, 'POST', '/api_key', { name: 'scraper', enable: true })).body;
    const basic = `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`;
    expect((await scrape('auth', { authorization: basic })).statusCode).toBe(200);
    await api(node, 'PUT', '/prometheus', { ...current, enable_basic_auth: false });
    expect((await scrape('stats')).statusCode).toBe(200);
  });

  it('PUT converts a legacy body and refuses bad values', async () => {
    const legacy = await api(node, 'PUT', '/prometheus', {
      enable: false,
      interval: '20s',
      headers: {},
      push_gateway_server: 'http://127.0.0.1:9092',
      job_name: 'j',
      vm_dist_collector: 'enabled',
      mnesia_collector: 'disabled',
      vm_statistics_collector: 'disabled',
      vm_system_info_collector: 'disabled',
      vm_memory_collector: 'disabled',
      vm_msacc_collector: 'disabled',
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({
      enable_basic_auth: false,
      push_gateway: { enable: false, url: 'http://127.0.0.1:9092', interval: '20s', job_name: 'j' },
      collectors: { vm_dist: 'enabled' },
    });
    expect((await api(node, 'PUT', '/prometheus', { enable_basic_auth: 'yes' })).status).toBe(400);
    expect((await api(node, 'PUT', '/prometheus', { enable_basic_auth: false, push_gateway: { interval: 'soon' } })).status).toBe(400);
    expect((await api(node, 'PUT', '/prometheus', { enable_basic_auth: false, collectors: { vm_dist: 'maybe' } })).status).toBe(400);
    // a push gateway address that is not an http(s) URL (the API fuzzer's 'fz577' filled the log with failed pushes)
    for (const url of ['fz577', 'ftp://127.0.0.1:9091', '']) {
      const res = await api(node, 'PUT', '/prometheus', { enable_basic_auth: false, push_gateway: { enable: true, url } });
      expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: expect.stringContaining('url') } });
    }
    expect((await api(node, 'GET', '/prometheus')).body.push_gateway.url).toBe('http://127.0.0.1:9092');
  });

  it('pushes the text to the push gateway on the interval with the headers and job name', async () => {
    const received: { method?: string; url?: string; auth?: string; body: string }[] = [];
    let notify: () => void = () => undefined;
    const got = new Promise<void>((resolve) => (notify = resolve));
    const server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
        res.writeHead(200).end();
        notify();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const put = await api(node, 'PUT', '/prometheus', {
        enable_basic_auth: false,
        push_gateway: {
          enable: true,
          url: `http://127.0.0.1:${port}`,
          interval: '50ms',
          headers: { Authorization: 'Basic cHVzaDpndw==' },
          job_name: '${name}/instance/${name}~${host}',
        },
      });
      expect(put.status).toBe(200);
      await got;
      const [name, host] = node.app.nodeName.split('@');
      expect(received[0]).toMatchObject({ method: 'PUT', url: `/metrics/job/${name}/instance/${name}~${host}`, auth: 'Basic cHVzaDpndw==' });
      expect(received[0].body).toContain('# TYPE emqx_connections_count gauge');
      expect(received[0].body).toContain('emqx_rules_count');
    } finally {
      await api(node, 'PUT', '/prometheus', { enable_basic_auth: false });
      await new Promise((r) => server.close(r));
    }
  });
});
