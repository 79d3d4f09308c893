// The compiled node under `npm start`: SIGKILL of the node ends its launcher and npm (no process of ours remains) and
// a restart binds the same ports; SIGTERM to the node is a graceful stop whose exit code 0 comes back through npm.
// Also proves the compiled node's jq worker thread runs: a rule using jq() created and tested through the API.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureBuilt } from '../../../../scripts/build-node.mjs';
import { allGone, npmStarts, portOpen } from './npm-start.testing';

const starts = npmStarts('mqdeck-kill-node-');
beforeAll(() => ensureBuilt(), 120_000);
afterAll(() => starts.cleanup());

async function call(http: number, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${http}/api/v5${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('SIGKILL of the node ends npm start; a restart binds the same ports; jq runs; SIGTERM exits 0', async () => {
  const first = await starts.start();
  process.kill(first.node, 'SIGKILL');
  await allGone(first.all, 'every process of npm start to end after SIGKILL of the node');
  expect(await first.exited).not.toBe(0);

  const second = await starts.start();
  expect(second.ports).toEqual(first.ports);
  expect(await portOpen(second.ports.tcp)).toBe(true);
  expect(second.output()).not.toMatch(/EADDRINUSE/);
  // the default password warning is still printed at start
  expect(second.output()).toMatch(/default password/);

  const http = second.ports.http;
  const login = await call(http, '', 'POST', '/login', { username: 'admin', password: 'public' });
  expect(login.status).toBe(200);
  const token = String(login.body.token);
  const sql = 'SELECT jq(\'.a + 1\', payload) AS r FROM "t/#"';
  const rule = await call(http, token, 'POST', '/rules', { sql, actions: [] });
  expect(rule.status).toBe(201);
  const tested = await call(http, token, 'POST', '/rule_test', {
    sql,
    context: { event_type: 'message_publish', topic: 't/1', payload: '{"a": 41}', clientid: 'c', username: 'u', qos: 0 },
  });
  expect(tested).toEqual({ status: 200, body: { r: [42] } });

  process.kill(second.node, 'SIGTERM');
  // the node's own words say why when it does not stop cleanly
  const code = await second.exited;
  expect(code, second.output().slice(-3000)).toBe(0);
  await allGone(second.all, 'every process to end after SIGTERM of the node');
}, 400_000);
