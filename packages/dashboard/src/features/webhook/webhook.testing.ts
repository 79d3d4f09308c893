// The three objects of a webhook as EMQX 5.8 answers them (GET /connectors, /actions, /rules), for the tests.
import type { Rule } from '../rules/rules.types';
import type { HttpAction, HttpConnector } from './webhook.types';

export function aConnector(name = 'orders_WH_D', over: Partial<HttpConnector> = {}): HttpConnector {
  return {
    type: 'http',
    name,
    enable: true,
    description: '',
    status: 'connected',
    node_status: [{ node: 'mqdeck@127.0.0.1', status: 'connected' }],
    url: 'http://127.0.0.1:8080/hook',
    headers: { 'content-type': 'application/json' },
    connect_timeout: '15s',
    pool_type: 'random',
    pool_size: 8,
    enable_pipelining: 100,
    ssl: { enable: false } as HttpConnector['ssl'],
    resource_opts: { health_check_interval: '15s', start_after_created: true, start_timeout: '5s' },
    ...over,
  } as HttpConnector;
}

export function anAction(name = 'orders_WH_D', over: Partial<HttpAction> = {}): HttpAction {
  return {
    type: 'http',
    name,
    connector: name,
    enable: true,
    description: '',
    status: 'connected',
    node_status: [{ node: 'mqdeck@127.0.0.1', status: 'connected' }],
    parameters: { method: 'post', headers: { 'content-type': 'application/json' }, body: '${payload}', max_retries: 2 },
    resource_opts: { health_check_interval: '15s', inflight_window: 100, max_buffer_bytes: '256MB', query_mode: 'async', request_ttl: '45s', worker_pool_size: 16 },
    ...over,
  } as HttpAction;
}

export function aWebhookRule(id = 'orders_WH_D', over: Partial<Rule> = {}): Rule {
  return {
    id,
    name: '',
    sql: 'SELECT\n  *\nFROM\n  "orders/#"',
    actions: [`http:${id}`],
    description: '',
    enable: true,
    from: ['orders/#'],
    created_at: '2026-11-26T09:00:00.000+00:00',
    last_modified_at: '2026-11-26T09:00:00.000+00:00',
    ...over,
  };
}
