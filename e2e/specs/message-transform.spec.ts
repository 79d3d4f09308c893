// Message transformation on a real node: an operator creates a transformation in the console (topic filter, JSON in
// and out, two operations: a new topic from the payload and a payload field from the client id); a real client
// publishes and a subscriber receives the transformed message; the detail page counts it; the test drawer runs
// the transformation on a message without publishing it.
import { afterAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectClient, inbox, shot, shotAll, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();
const NAME = uniqueId('e2e-transform');
const clients: MqttClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await e2e.api('DELETE', `/message_transformations/transformation/${NAME}`);
});

describe('message transform screen', () => {
  it('creates a transformation with two operations', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/message-transform`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.hash === '#/message-transform/create');
    await shotAll(page, 'message-transform-create', () => page.getByTestId('transform-operation').first().waitFor());
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    const topics = page.getByLabel('Source Topic');
    await topics.fill('mt-in/#');
    await topics.press('Enter');
    await page.getByLabel('Property 1', { exact: true }).fill('topic');
    await page.getByLabel('Value (expression) 1', { exact: true }).fill("concat(['mt-out/', payload.room])");
    await page.getByRole('button', { name: 'Add Transformation' }).click();
    await page.getByLabel('Property 2', { exact: true }).fill('payload.by');
    await page.getByLabel('Value (expression) 2', { exact: true }).fill('clientid');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/message-transform');
    await page.getByRole('link', { name: NAME }).waitFor();
    expect(await e2e.apiGet(`/message_transformations/transformation/${NAME}`)).toMatchObject({
      name: NAME,
      topics: ['mt-in/#'],
      payload_decoder: { type: 'json' },
      payload_encoder: { type: 'json' },
      failure_action: 'drop',
      operations: [
        { key: 'topic', value: "concat(['mt-out/', payload.room])" },
        { key: 'payload.by', value: 'clientid' },
      ],
      enable: true,
    });
    await shotAll(page, 'message-transform', () => page.getByRole('link', { name: NAME }).waitFor());
  });

  it('a real client publishes; the subscriber receives the transformed message; the detail counts it', async () => {
    const subscriber = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-mt-sub') });
    const pubId = uniqueId('e2e-mt-pub');
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: pubId });
    clients.push(subscriber, publisher);
    const got = inbox(subscriber);
    await subscriber.subscribeAsync('mt-out/#', { qos: 1 });
    await publisher.publishAsync('mt-in/1', JSON.stringify({ room: 'kitchen', temp: 21.5 }), { qos: 1 });
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(got[0].topic).toBe('mt-out/kitchen');
    expect(JSON.parse(got[0].payload)).toEqual({ room: 'kitchen', temp: 21.5, by: pubId });

    const page = e2e.page;
    await page.getByRole('link', { name: NAME }).click();
    await page.waitForURL((u) => u.hash === `#/message-transform/${NAME}`);
    const value = (id: string) => page.getByTestId(`metric-${id}`).locator('.ant-statistic-content-value').innerText();
    await expect.poll(() => value('matched'), { timeout: 10_000 }).toBe('1');
    expect(await value('succeeded')).toBe('1');
    await shot(page, 'message-transform-detail');
  });

  it('the test drawer shows what the transformation makes of a message', async () => {
    const page = e2e.page;
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    const payload = page.getByLabel('Payload', { exact: true });
    await payload.fill('{"room": "hall"}');
    await page.getByRole('button', { name: 'Run Test' }).click();
    const result = page.getByTestId('dryrun-result');
    await result.getByText('mt-out/hall', { exact: true }).waitFor();
    await shot(page, 'message-transform-dryrun');
  });
});
