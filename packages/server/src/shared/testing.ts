// Test helpers for the API modules (imported by *.test.ts only): real MQTT.js clients on the test
// node's ephemeral port, inject() shortcuts and the contract check with EMQX's documented deviations.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { expect } from 'vitest';
import type { TestNode } from '../../test/test-node';
import { DOCUMENTED_DEVIATIONS } from '@mqdeck/api';
import { validateResponse } from '../contract/validate-response';

export async function connectClient(port: number, opts: IClientOptions = {}): Promise<MqttClient> {
  const client = mqtt.connect({ host: '127.0.0.1', port, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5000, ...opts });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** CONNACK reason (v5) / return code (v3) of one connection attempt; 0 when accepted, -1 when none came. */
export function connackCode(port: number, opts: IClientOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const client = mqtt.connect({ host: '127.0.0.1', port, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 8000, ...opts });
    client.once('connect', () => {
      client.end(true);
      resolve(0);
    });
    client.once('error', (err) => {
      client.end(true);
      resolve((err as Error & { code?: number }).code ?? -1);
    });
  });
}

export async function closeClients(clients: MqttClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
}

export interface ApiResponse {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

export async function api(node: TestNode, method: string, url: string, payload?: unknown): Promise<ApiResponse> {
  const res = await node.app.inject({
    method: method as 'GET',
    url: `/api/v5${url}`,
    headers: node.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const text = res.body;
  let body: unknown = text;
  if (text && String(res.headers['content-type'] ?? '').includes('application/json')) body = JSON.parse(text);
  return { status: res.statusCode, body, headers: res.headers };
}

/** GET /configs as HOCON text (query e.g. `?key=log`). */
export async function getConfigText(node: TestNode, query = ''): Promise<string> {
  return (await node.app.inject({ method: 'GET', url: `/api/v5/configs${query}`, headers: { ...node.auth, accept: 'text/plain' } })).body;
}

/** PUT /configs with a HOCON text body (query e.g. `?mode=merge`), as EMQX's console and `emqx ctl conf load` send it. */
export function putConfigText(node: TestNode, text: string, query = '') {
  return node.app.inject({ method: 'PUT', url: `/api/v5/configs${query}`, headers: { ...node.auth, 'content-type': 'text/plain' }, payload: text });
}

/** Checks a body against the vendored document, accepting the deviations listed in @mqdeck/api (contract/deviations.ts). */
export function expectContract(method: string, path: string, status: number, body: unknown): void {
  const errors = validateResponse(method, path, status, body).filter((e) => !DOCUMENTED_DEVIATIONS.some((d) => d.test(e)));
  expect(errors, `${method.toUpperCase()} ${path} ${status}`).toEqual([]);
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
