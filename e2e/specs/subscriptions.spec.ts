// Subscriptions screens on a real node: a real MQTT.js client's subscription is listed (with a match_topic
// filter), its topic shows in the routing table, and both tabs are captured in light/dark × English/Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { shotAll, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

let client: MqttClient;
const suffix = Math.random().toString(36).slice(2, 8);
const CLIENT_ID = `e2e-subs-${suffix}`;
const TOPIC = `e2e/subs/${suffix}/+/temp`;

describe('subscriptions screens', () => {
  beforeAll(async () => {
    client = mqtt.connect(`mqtt://127.0.0.1:${e2e.node.mqttPort}`, { clientId: CLIENT_ID, reconnectPeriod: 0 });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await client.subscribeAsync(TOPIC, { qos: 2 });
  }, 120_000);

  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
  });

  it('lists the client subscription, also through a match_topic filter', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/subscriptions`);
    await e2e.page.waitForURL(/#\/subscriptions\/subscription/, { timeout: 15_000 });
    const row = e2e.page.locator('tr', { has: e2e.page.getByRole('link', { name: CLIENT_ID }) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(TOPIC);
    const match = e2e.page.getByRole('textbox', { name: 'Match topic' });
    await match.fill(`e2e/subs/${suffix}/#`);
    await match.press('Enter');
    await expect.poll(() => e2e.page.url()).toContain('match_topic=');
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => e2e.page.locator('tbody tr.ant-table-row').count()).toBe(1);
    await shotAll(e2e.page, 'subscriptions-list', () => row.waitFor({ timeout: 15_000 }));
  });

  it('the topics tab shows the routed topic', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/subscriptions/topics`);
    const search = e2e.page.getByRole('searchbox', { name: 'Topic' });
    await search.fill(TOPIC);
    await search.press('Enter');
    await e2e.page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 });
    await shotAll(e2e.page, 'subscriptions-topics', () => e2e.page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 }));
  });
});
