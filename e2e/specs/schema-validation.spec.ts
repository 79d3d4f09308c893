// Schema validation on a real node: with a JSON schema registered, an operator creates a validation in the console
// (topic, a JSON-schema check, drop on failure); a real client's malformed message is dropped before routing while
// a valid one is delivered, and the detail page counts both. Disabling it from the list lets everything through.
import { afterAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectClient, inbox, shot, shotAll, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();
const NAME = uniqueId('e2e-validation');
const clients: MqttClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

describe('schema validation screen', () => {
  it('creates a validation with a JSON-schema check', async () => {
    const schema = JSON.stringify({ type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] });
    expect((await e2e.api('POST', '/schema_registry', { name: 'e2e_reading', type: 'json', source: schema })).status).toBe(201);
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/schema-validation`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.hash === '#/schema-validation/create');
    await shotAll(page, 'schema-validation-create', () => page.getByTestId('validation-check').waitFor());
    await page.getByLabel('Name').fill(NAME);
    const topics = page.getByLabel('Source Topic');
    await topics.fill('sensors/#');
    await topics.press('Enter');
    await page.getByLabel('Schema', { exact: true }).click();
    await page.getByTitle('e2e_reading').click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/schema-validation');
    await page.getByRole('link', { name: NAME }).waitFor();
    expect(await e2e.apiGet(`/schema_validations/validation/${NAME}`)).toMatchObject({
      name: NAME,
      topics: ['sensors/#'],
      strategy: 'all_pass',
      failure_action: 'drop',
      checks: [{ type: 'json', schema: 'e2e_reading' }],
      enable: true,
    });
    await shotAll(page, 'schema-validation', () => page.getByRole('link', { name: NAME }).waitFor());
  });

  it('drops a malformed message from a real client, delivers a valid one, and counts both', async () => {
    const subscriber = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-sub') });
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-pub') });
    clients.push(subscriber, publisher);
    const got = inbox(subscriber);
    await subscriber.subscribeAsync('sensors/#', { qos: 1 });
    await publisher.publishAsync('sensors/1', '{"temp": "hot"}', { qos: 1 });
    await publisher.publishAsync('sensors/1', '{"temp": 21.5}', { qos: 1 });
    await expect.poll(() => got.map((m) => m.payload), { timeout: 5000 }).toEqual(['{"temp": 21.5}']);

    const page = e2e.page;
    await page.getByRole('link', { name: NAME }).click();
    await page.waitForURL((u) => u.hash === `#/schema-validation/${NAME}`);
    const value = (id: string) => page.getByTestId(`metric-${id}`).locator('.ant-statistic-content-value').innerText();
    await expect.poll(() => value('matched'), { timeout: 10_000 }).toBe('2');
    expect(await value('succeeded')).toBe('1');
    expect(await value('failed')).toBe('1');
    await shot(page, 'schema-validation-detail');
  });

  it('disabled from the list, it lets a malformed message through', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/schema-validation`);
    await page.getByRole('switch', { name: `Enable ${NAME}` }).click();
    await expect.poll(async () => (await e2e.apiGet(`/schema_validations/validation/${NAME}`)).enable).toBe(false);
    const subscriber = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-sub2') });
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-pub2') });
    clients.push(subscriber, publisher);
    const got = inbox(subscriber);
    await subscriber.subscribeAsync('sensors/#', { qos: 1 });
    await publisher.publishAsync('sensors/2', 'not json', { qos: 1 });
    await expect.poll(() => got.map((m) => m.payload), { timeout: 5000 }).toEqual(['not json']);
  });
});
