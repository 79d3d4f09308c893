// Flow Control on a real node: a bad rate is refused with the spec's text; the node-wide connection rate saved on
// screen refuses a real client's second connection of the minute at accept. (Flapping detect: banned-clients.spec.ts.)
import { describe, expect, it } from 'vitest';
import { saveForm, tryConnect, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

/** true on CONNACK success, false when the node closes the socket first */
const connects = async (clientId: string) => (await tryConnect(e2e.node.mqttPort, { clientId })).ok;

describe('Flow Control screen', () => {
  it('a bad rate is refused; 1/m saved on screen refuses the second connection of the minute', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/flow-control`);
    const rate = e2e.page.getByLabel('Max Connection Rate', { exact: true });
    await expect.poll(() => rate.inputValue(), { timeout: 10_000 }).toBe('infinity');
    await rate.fill('fast');
    await e2e.page.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByText('Please enter a properly formatted rate configuration').waitFor();
    await rate.fill('1/m');
    await saveForm(e2e.page);
    expect((await e2e.apiGet('/configs/limiter')).max_conn_rate).toBe('1/m');
    expect(await connects('e2e-rate-1')).toBe(true);
    expect(await connects('e2e-rate-2')).toBe(false);
    await rate.fill('infinity');
    await saveForm(e2e.page);
    expect(await connects('e2e-rate-3')).toBe(true);
  });
});
