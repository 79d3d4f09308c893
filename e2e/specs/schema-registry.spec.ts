// The schema registry on a real node: an operator registers an Avro schema in the console (a broken source is
// refused with the node's sentence, marked in the editor), writes a rule that decodes payloads with
// schema_decode and republishes them, and a real MQTT client's Avro message comes out decoded. Then the schema is
// edited and deleted from its detail page.
import { afterAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectClient, inbox, shot, shotAll, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const SCHEMA = uniqueId('e2e_avro').replace(/[^0-9a-zA-Z_-]/g, '_');
const RULE = uniqueId('e2e-decode');
const BROKEN = '{"type": "record", "name": "reading",\n "fields": [{"name": "temp", "type": "int"},]}';
const SOURCE = '{"type": "record", "name": "reading", "fields": [{"name": "temp", "type": "int"}, {"name": "unit", "type": "string"}]}';
// {temp: 21, unit: "C"} in Avro's binary encoding: zig-zag varint 21 → 0x2a; the string: its length 1 (0x02), "C"
const ENCODED = Buffer.from([0x2a, 0x02, 0x43]);
const clients: MqttClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

async function typeInEditor(name: string, text: string) {
  const page = e2e.page;
  const editor = page.getByRole('textbox', { name });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  await expect.poll(() => editor.innerText()).toBe(text);
}

describe('schema registry screen', () => {
  it('registers an Avro schema; a broken source is refused with the place it breaks', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/schema/internal`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.hash === '#/schema/internal/create');
    await shotAll(page, 'schema-create', () => page.locator('.cm-content').waitFor());
    await page.getByLabel('Name').fill(SCHEMA);
    await page.getByLabel('Note').fill('room readings');
    await typeInEditor('Schema', BROKEN);
    await page.getByRole('button', { name: 'Create' }).click();
    const refusal = page.getByTestId('schema-source-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('The Avro schema is not valid JSON at line 2, column 45: unexpected "]".');
    await page.locator('.cm-lintRange-error').first().waitFor();
    await shot(page, 'schema-create-refused');
    expect((await e2e.api('GET', `/schema_registry/${SCHEMA}`)).status).toBe(404);

    await typeInEditor('Schema', SOURCE);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/schema/internal');
    await page.getByRole('link', { name: SCHEMA }).waitFor();
    expect(await e2e.apiGet(`/schema_registry/${SCHEMA}`)).toEqual({ name: SCHEMA, type: 'avro', source: SOURCE, description: 'room readings' });
    await shotAll(page, 'schema-registry', () => page.getByRole('link', { name: SCHEMA }).waitFor());
  });

  it('a rule decodes a real Avro message with schema_decode and republishes it', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/rule/rules/create`);
    await page.locator('.cm-content').first().waitFor();
    await typeInEditor('SQL', `SELECT schema_decode('${SCHEMA}', payload) AS reading FROM "avro/in"`);
    await page.getByLabel('Rule ID').fill(RULE);
    await page.getByRole('button', { name: 'Add Action' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Add Action' });
    await drawer.getByLabel('Topic', { exact: true }).fill('decoded/out');
    await drawer.getByLabel('Payload', { exact: true }).fill('${reading}');
    await drawer.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();

    const subscriber = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-decoded') });
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-avro-sensor') });
    clients.push(subscriber, publisher);
    const got = inbox(subscriber);
    await subscriber.subscribeAsync('decoded/out', { qos: 1 });
    await publisher.publishAsync('avro/in', ENCODED, { qos: 1 });
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(got[0].payload)).toEqual({ temp: 21, unit: 'C' });
  });

  it('edits the schema on its detail page and deletes it', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/schema/internal`);
    await page.getByRole('link', { name: SCHEMA }).click();
    await page.waitForURL((u) => u.hash === `#/schema/internal/${SCHEMA}`);
    await page.locator('.cm-content').waitFor();
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    await page.getByLabel('Note').fill('readings v2');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Updated successfully').last().waitFor();
    expect((await e2e.apiGet(`/schema_registry/${SCHEMA}`)).description).toBe('readings v2');
    await shot(page, 'schema-detail');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL((u) => u.hash === '#/schema/internal');
    await page.getByText('Deleted successfully').last().waitFor(); // an earlier test's toast may still show
    expect((await e2e.api('GET', `/schema_registry/${SCHEMA}`)).status).toBe(404);
  });

  it('creates an external (Confluent) registry under the External tab, its password never shown, and deletes it', async () => {
    const page = e2e.page;
    // the node does not contact the registry on create: no Confluent registry (or stand-in) is needed here
    const REGISTRY = uniqueId('e2e_confluent').replace(/[^0-9a-zA-Z_-]/g, '_');
    await openRoute(page, `${e2e.node.url}#/schema/internal`);
    await page.getByRole('tab', { name: 'External', exact: true }).click();
    await page.waitForURL((u) => u.hash === '#/schema/external');
    // the External list is loaded lazily: until its URL column shows, the Create button on screen is the Internal one
    await page.getByRole('columnheader', { name: 'URL', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.hash === '#/schema/external/create');
    await page.getByLabel('Name', { exact: true }).fill(REGISTRY);
    await page.getByLabel('URL', { exact: true }).fill('http://registry.example:8081');
    await page.getByLabel('Authentication', { exact: true }).click();
    await page.getByTitle('Basic auth', { exact: true }).click();
    await page.getByLabel('Username', { exact: true }).fill('cpsruser');
    await page.getByLabel('Password', { exact: true }).fill('mypass');
    await shot(page, 'schema-external-create');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/schema/external');
    await page.getByRole('link', { name: REGISTRY, exact: true }).waitFor();
    const stored = { type: 'confluent', url: 'http://registry.example:8081', auth: { mechanism: 'basic', username: 'cpsruser', password: '******' } };
    expect(await e2e.apiGet(`/schema_registry_external/registry/${REGISTRY}`)).toEqual(stored);
    await shotAll(page, 'schema-external', () => page.getByRole('link', { name: REGISTRY, exact: true }).waitFor());

    await page.getByRole('link', { name: REGISTRY, exact: true }).click();
    await page.waitForURL((u) => u.hash === `#/schema/external/${REGISTRY}`);
    await expect.poll(() => page.getByLabel('Password', { exact: true }).inputValue()).toBe('******');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.waitForURL((u) => u.hash === '#/schema/external');
    await page.getByText('Deleted successfully').last().waitFor(); // an earlier test's toast may still show
    expect((await e2e.api('GET', `/schema_registry_external/registry/${REGISTRY}`)).status).toBe(404);
  });
});
