// Decoded payloads (issue 14): a Protobuf schema registered through the API, a matching binary message published
// retained by a real MQTT.js client, decoded in the retained message's payload view with the schema picked there;
// the choice remembered for a topic filter applies again after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { chooseOption, connectClient, shot, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const suffix = Math.random().toString(36).slice(2, 8);
const SCHEMA = `e2e_pd_${suffix}`;
const TOPIC = `e2e/decoding/${suffix}/boiler`;
const FILTER = `e2e/decoding/${suffix}/#`;
const SOURCE = `syntax = "proto3";
package demo;
message Reading {
  string sensor = 1;
  double temp = 2;
  int32 seq = 3;
}
`;

/**
 * demo.Reading{sensor: "boiler", temp: 21.5, seq: 42} in the Protobuf wire format, written out by hand (an oracle
 * independent of the library the console decodes with): field 1 length-delimited, field 2 64-bit, field 3 varint.
 */
function readingBytes(): Buffer {
  const temp = Buffer.alloc(8);
  temp.writeDoubleLE(21.5);
  return Buffer.concat([Buffer.from([0x0a, 6]), Buffer.from('boiler'), Buffer.from([0x11]), temp, Buffer.from([0x18, 42])]);
}

let publisher: MqttClient;

async function openPayload(): Promise<void> {
  const page = e2e.page;
  await openRoute(page, `${e2e.node.url}#/retained`);
  const row = page.locator('tr', { has: page.getByRole('cell', { name: TOPIC }) });
  await row.waitFor({ timeout: 15_000 });
  await row.getByRole('button', { name: 'Show payload' }).click();
}

const decoded = { sensor: 'boiler', temp: 21.5, seq: 42 };

describe('decoded payloads', () => {
  beforeAll(async () => {
    const created = await e2e.api('POST', '/schema_registry', { name: SCHEMA, type: 'protobuf', source: SOURCE });
    expect(created.status).toBe(201);
    publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-decoding') });
    await publisher.publishAsync(TOPIC, readingBytes(), { qos: 1, retain: true });
  }, 120_000);

  afterAll(async () => {
    await publisher?.publishAsync(TOPIC, '', { qos: 1, retain: true }).catch(() => undefined);
    await publisher?.endAsync(true).catch(() => undefined);
    await e2e.api('DELETE', `/schema_registry/${SCHEMA}`).catch(() => undefined);
  });

  it('decodes a binary retained message with a registered Protobuf schema and remembers it per topic filter', async () => {
    const page = e2e.page;
    await openPayload();
    const content = page.getByTestId('payload-content');
    // binary: opens as hex
    await expect
      .poll(() => content.textContent(), { timeout: 15_000 })
      .toBe(
        readingBytes()
          .toString('hex')
          .replace(/(..)(?!$)/g, '$1 '),
      );

    await chooseOption(page, page.getByRole('combobox', { name: 'Decode with' }), `${SCHEMA} · demo.Reading`);
    await expect.poll(async () => JSON.parse((await content.textContent()) ?? 'null') as unknown, { timeout: 15_000 }).toEqual(decoded);

    // remember for the topic filter
    await page.getByRole('button', { name: 'Remember for topic filter' }).click();
    const filter = page.getByRole('textbox', { name: 'Topic filter' });
    await filter.fill(FILTER);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('decoder-remembered').textContent(), { timeout: 15_000 }).toContain(`Remembered for ${FILTER}`);
    await shot(page, 'payload-decoding-protobuf-light-en');

    // a reload opens the payload decoded at once
    await page.reload();
    await openPayload();
    await expect.poll(async () => JSON.parse((await content.textContent()) ?? 'null') as unknown, { timeout: 15_000 }).toEqual(decoded);
    await expect.poll(() => page.getByTestId('decoder-remembered').textContent(), { timeout: 15_000 }).toContain(`Remembered for ${FILTER}`);

    // one click back to the raw bytes; the remembered decoder is then offered to be replaced, not silently changed
    await page.getByRole('dialog').getByText('Hex', { exact: true }).click();
    await expect
      .poll(() => content.textContent(), { timeout: 15_000 })
      .toBe(
        readingBytes()
          .toString('hex')
          .replace(/(..)(?!$)/g, '$1 '),
      );
    await page.getByRole('button', { name: 'Remember for topic filter' }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  });
});
