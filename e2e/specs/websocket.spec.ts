// Diagnostics › WebSocket Client in a real browser against a real node: MQTT 5 and 3.1.1 connections over the
// node's (ephemeral) WebSocket listener, subscribe t/#, messages from the page and from an external MQTT.js
// client with their QoS and retain flags, state kept across navigation, a 1,000 msg/s flood for 10 s while the
// page must stay responsive (frame times and input latency are printed), refused and accepted logins against a
// built-in database authenticator, and the 7-connection limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Locator } from 'playwright-core';
import { chooseOption, connectClient, shot, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

let external: MqttClient;
const suffix = Math.random().toString(36).slice(2, 8);
const RETAINED_TOPIC = `t/e2e-${suffix}/retained`;

/** The connection tab that is showing (inactive tabs are hidden). */
const panel = (): Locator => e2e.page.locator('[data-testid="connection-panel"]:visible');
const stateOf = (p: Locator) => p.getByTestId('connection-state').first();

async function selectOption(field: Locator, option: string) {
  await chooseOption(e2e.page, field, option);
}

async function startConnecting(version: '5.0' | '3.1.1', credentials?: { username: string; password: string }) {
  const p = panel();
  await p.getByLabel('Host', { exact: true }).fill('127.0.0.1');
  await p.getByLabel('Port', { exact: true }).fill(String(e2e.node.wsPort));
  if (credentials) {
    await p.getByLabel('Username', { exact: true }).fill(credentials.username);
    await p.getByLabel('Password', { exact: true }).fill(credentials.password);
  }
  await selectOption(p.getByLabel('MQTT version'), version);
  await p.getByRole('button', { name: 'Connect', exact: true }).click();
}

async function connectActive(version: '5.0' | '3.1.1', credentials?: { username: string; password: string }) {
  await startConnecting(version, credentials);
  await expect.poll(() => stateOf(panel()).getAttribute('data-state'), { timeout: 15_000 }).toBe('connected');
}

/** POST to the node's management API as JSON. */
async function apiPost(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${e2e.node.url}api/v5/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function subscribeActive(topic: string, qos: 0 | 1 | 2) {
  const form = panel().getByRole('form', { name: 'Subscribe' });
  await form.getByLabel('Topic', { exact: true }).fill(topic);
  await selectOption(form.getByLabel('QoS', { exact: true }), String(qos));
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect.poll(() => panel().getByTestId('subscription').filter({ hasText: topic }).count()).toBe(1);
}

function received(p: Locator, topic: string) {
  return p.getByTestId('received-messages').locator(`[data-testid="message"][data-topic="${topic}"]`).first();
}

describe('websocket client', () => {
  beforeAll(async () => {
    external = await connectClient(e2e.node.mqttPort, { clientId: `e2e-ws-ext-${suffix}`, protocolVersion: 5 });
    // retained before the page subscribes, so it arrives with the retain flag set
    await external.publishAsync(RETAINED_TOPIC, 'kept', { qos: 1, retain: true });
    await openRoute(e2e.page, `${e2e.node.url}#/websocket`);
    await panel().waitFor();
  }, 180_000);

  afterAll(async () => {
    if (external?.connected) {
      await external.publishAsync(RETAINED_TOPIC, '', { qos: 1, retain: true }).catch(() => undefined);
      await external.endAsync().catch(() => undefined);
    }
  });

  it('MQTT 5: subscribes t/#, sees its own and an external message with QoS and retain flags', async () => {
    await connectActive('5.0');
    await subscribeActive('t/#', 2);
    const p = panel();

    // the retained message arrives on subscribe with retain=true
    await received(p, RETAINED_TOPIC).waitFor({ timeout: 10_000 });
    expect(await received(p, RETAINED_TOPIC).getAttribute('data-retain')).toBe('true');
    expect(await received(p, RETAINED_TOPIC).getAttribute('data-qos')).toBe('1');

    // published from the page
    const form = p.getByRole('form', { name: 'Publish' });
    await form.getByLabel('Topic', { exact: true }).fill('t/from-page');
    await selectOption(form.getByLabel('QoS', { exact: true }), '1');
    await form.getByLabel('Payload', { exact: true }).fill('{"from":"page"}');
    await form.getByRole('button', { name: 'Publish', exact: true }).click();
    await received(p, 't/from-page').waitFor({ timeout: 10_000 });
    expect(await received(p, 't/from-page').getAttribute('data-qos')).toBe('1');
    expect(await received(p, 't/from-page').getAttribute('data-retain')).toBe('false');
    expect(await received(p, 't/from-page').textContent()).toContain('"from": "page"');

    // published by an external client over TCP
    await external.publishAsync('t/external', 'hello from node', { qos: 2 });
    await received(p, 't/external').waitFor({ timeout: 10_000 });
    expect(await received(p, 't/external').getAttribute('data-qos')).toBe('2');
    expect(await received(p, 't/external').textContent()).toContain('hello from node');

    // the page's own message is in the published list too
    await p.getByRole('tab', { name: /Published/ }).click();
    await expect.poll(() => p.getByTestId('published-messages').getByTestId('message').count()).toBe(1);
    await p.getByRole('tab', { name: /Received/ }).click();
    await shot(e2e.page, 'websocket-v5-messages');
  }, 60_000);

  it('MQTT 3.1.1 in a second tab receives an external message', async () => {
    await e2e.page.getByRole('button', { name: /New connection/ }).click();
    await expect.poll(() => e2e.page.getByTestId('connection-tab').count()).toBe(2);
    await connectActive('3.1.1');
    await subscribeActive('t/#', 1);
    await external.publishAsync('t/v3', 'to v3', { qos: 1 });
    await received(panel(), 't/v3').waitFor({ timeout: 10_000 });
    expect(await received(panel(), 't/v3').getAttribute('data-qos')).toBe('1');
  }, 60_000);

  it('keeps connections and messages when navigating away and back', async () => {
    const countBefore = await e2e.page.getByTestId('connection-tab').count();
    await openRoute(e2e.page, `${e2e.node.url}#/dashboard/overview`);
    await e2e.page.waitForTimeout(500);
    await openRoute(e2e.page, `${e2e.node.url}#/websocket`);
    await expect.poll(() => e2e.page.getByTestId('connection-tab').count()).toBe(countBefore);
    await e2e.page.getByTestId('connection-tab').first().click();
    expect(await stateOf(panel()).getAttribute('data-state')).toBe('connected');
    await received(panel(), 't/external').waitFor({ timeout: 5_000 });
  }, 60_000);

  it('keeps the page responsive while 1,000 messages/s arrive for 10 s', async () => {
    await e2e.page.getByTestId('connection-tab').first().click();
    const p = panel();
    // frame intervals recorded in the page while the flood runs
    await e2e.page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__frames = [];
      w.__stop = false;
      let last = performance.now();
      const tick = (now: number) => {
        w.__frames.push(now - last);
        last = now;
        if (!w.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      // Event Timing: how long the page itself took from each input event to the next paint. This is the page's
      // responsiveness, free of the test process's own stalls (the node and the publisher share its event loop).
      // Each slow event keeps its parts: waiting for the main thread, its handlers, and the paint after them.
      const events: { name: string; duration: number; wait: number; handlers: number }[] = [];
      (window as unknown as { __events: typeof events }).__events = events;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) {
          events.push({ name: e.name, duration: e.duration, wait: e.processingStart - e.startTime, handlers: e.processingEnd - e.processingStart });
        }
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    const latencies: number[] = [];
    const flood = (async () => {
      for (let second = 0; second < 10; second++) {
        const started = Date.now();
        for (let i = 0; i < 1000; i++) external.publish(`t/flood/${i % 10}`, `{"n":${second * 1000 + i}}`, { qos: 0 });
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
      }
    })();
    // input latency: type into the topic filter while flooding and time each keystroke round trip
    const filter = p.getByTestId('received-messages').getByLabel('Filter by topic (wildcards allowed)');
    for (let i = 0; i < 8; i++) {
      const t0 = Date.now();
      await filter.fill(i % 2 ? 't/flood/3' : '');
      await e2e.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      latencies.push(Date.now() - t0);
      await e2e.page.waitForTimeout(1000);
    }
    await flood;
    await filter.fill('');
    const frames: number[] = await e2e.page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__stop = true;
      return w.__frames;
    });
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    const max = sorted[sorted.length - 1];
    const medianLatency = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)];
    type SlowEvent = { name: string; duration: number; wait: number; handlers: number };
    const inputEvents: SlowEvent[] = await e2e.page.evaluate(() => (window as unknown as { __events: SlowEvent[] }).__events);
    const slowest = inputEvents.reduce<SlowEvent | undefined>((a, e) => (a && a.duration >= e.duration ? a : e), undefined);
    const slowestInput = slowest?.duration ?? 0;
    const parts = slowest ? ` (${slowest.name}: ${slowest.wait.toFixed(0)} waiting, ${slowest.handlers.toFixed(0)} in handlers, the rest painting)` : '';
    console.log(
      `[websocket flood] frames=${frames.length} p50=${sorted[Math.floor(sorted.length / 2)].toFixed(1)}ms ` +
        `p95=${p95.toFixed(1)}ms max=${max.toFixed(1)}ms; input event to paint (page) max=${slowestInput.toFixed(0)}ms${parts} ` +
        `over ${inputEvents.length} slow events; keystroke round trips from the test ms=${latencies.join(',')}`,
    );
    await expect.poll(() => p.getByTestId('received-messages').getByTestId('message-total').textContent(), { timeout: 20_000 }).toMatch(/1[0-9],[0-9]{3} messages/);
    // only the newest 1,000 stay; the rest are counted as dropped from view
    await expect(p.getByText(/older messages were dropped from view; the latest 1,000 are kept/).count()).resolves.toBe(1);
    await shot(e2e.page, 'websocket-flood');
    expect(p95).toBeLessThan(100);
    expect(slowestInput).toBeLessThan(1000);
    expect(medianLatency).toBeLessThan(1000);
  }, 120_000);

  it('with a built-in database authenticator: a wrong password is refused with the right reason (v5, v3.1.1), the right one connects', async () => {
    const login = await apiPost('login', { username: 'admin', password: 'public' });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const created = await apiPost(
      'authentication',
      {
        mechanism: 'password_based',
        backend: 'built_in_database',
        user_id_type: 'username',
        password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' },
      },
      token,
    );
    expect(created.status, await created.clone().text()).toBe(200);
    const user = await apiPost('authentication/password_based:built_in_database/users', { user_id: 'u1', password: 'p1' }, token);
    expect(user.status, await user.clone().text()).toBe(201);
    try {
      await e2e.page.getByRole('button', { name: /New connection/ }).click();
      const p = panel();
      const problem = p.getByTestId('connection-problem');

      await startConnecting('5.0', { username: 'u1', password: 'wrong' });
      await expect.poll(() => problem.textContent(), { timeout: 15_000 }).toContain('Connection refused: bad user name or password (0x86)');
      await expect.poll(() => stateOf(p).getAttribute('data-state')).toBe('disconnected');
      await shot(e2e.page, 'websocket-auth-refused-v5');

      await startConnecting('3.1.1', { username: 'u1', password: 'wrong' });
      await expect.poll(() => problem.textContent(), { timeout: 15_000 }).toContain('Connection refused: bad credentials (4)');
      await expect.poll(() => stateOf(p).getAttribute('data-state')).toBe('disconnected');

      await connectActive('5.0', { username: 'u1', password: 'p1' });
      expect(await problem.count()).toBe(0);
      await p.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await expect.poll(() => stateOf(p).getAttribute('data-state')).toBe('disconnected');
    } finally {
      // the later tests connect without credentials
      await fetch(`${e2e.node.url}api/v5/authentication/password_based:built_in_database`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
  }, 90_000);

  it('allows at most 7 connections', async () => {
    const add = e2e.page.getByRole('button', { name: /New connection/ });
    while ((await e2e.page.getByTestId('connection-tab').count()) < 7) await add.click();
    await expect.poll(() => e2e.page.getByTestId('connection-tab').count()).toBe(7);
    expect(await add.isDisabled()).toBe(true);
  }, 60_000);
});
