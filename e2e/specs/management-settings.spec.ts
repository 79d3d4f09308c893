// Logging and Flow Control on a real node: a value changed on screen is saved in one request and read back from the
// API (a spec validation text first refuses a bad value); the node-wide connection rate saved on screen refuses a
// real client's second connection at accept. (Flapping detect is covered in banned-clients.spec.ts.)
import { describe, expect, it } from 'vitest';
import { shot, tryConnect, useE2ESession } from '../harness';

const e2e = useE2ESession();

/** true on CONNACK success, false when the node closes the socket first */
const connects = async (clientId: string) => (await tryConnect(e2e.node.mqttPort, { clientId })).ok;

async function save(): Promise<void> {
  await e2e.page.getByRole('button', { name: 'Save' }).click();
  await e2e.page.getByText('Saved successfully').last().waitFor();
}

describe('management settings screens', () => {
  it('Logging: refuses a rotation count out of range, then saves one the API reads back', async () => {
    await e2e.page.goto(`${e2e.node.url}#/log`);
    const count = e2e.page.getByLabel('Rotation Count', { exact: true });
    await expect.poll(() => count.inputValue(), { timeout: 10_000 }).toBe('10');
    await count.fill('200');
    await e2e.page.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByText('Input error: the number range is 1 - 128').waitFor();
    expect((await e2e.apiGet('/configs/log')).file.default.rotation_count).toBe(10);
    await count.fill('5');
    await save();
    const log = await e2e.apiGet('/configs/log');
    expect(log.file.default.rotation_count).toBe(5);
    expect(log.file.default.rotation_size).toBe('50MB'); // the rest of the object went back unchanged
    await shot(e2e.page, 'management-log-saved');
  });

  it('Flow Control: a bad rate is refused; 1/m saved on screen refuses the second connection of the minute', async () => {
    await e2e.page.goto(`${e2e.node.url}#/flow-control`);
    const rate = e2e.page.getByLabel('Max Connection Rate', { exact: true });
    await expect.poll(() => rate.inputValue(), { timeout: 10_000 }).toBe('infinity');
    await rate.fill('fast');
    await e2e.page.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByText('Please enter a properly formatted rate configuration').waitFor();
    await rate.fill('1/m');
    await save();
    expect((await e2e.apiGet('/configs/limiter')).max_conn_rate).toBe('1/m');
    expect(await connects('e2e-rate-1')).toBe(true);
    expect(await connects('e2e-rate-2')).toBe(false);
    await rate.fill('infinity');
    await save();
    expect(await connects('e2e-rate-3')).toBe(true);
  });
});
