// Logging on a real node: a spec validation text refuses a rotation count out of range; a good one is saved in one
// request and read back from the API with the rest of the object unchanged.
import { describe, expect, it } from 'vitest';
import { saveForm, shot, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('Logging screen', () => {
  it('refuses a rotation count out of range, then saves one the API reads back', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/log`);
    const count = e2e.page.getByLabel('Rotation Count', { exact: true });
    await expect.poll(() => count.inputValue(), { timeout: 10_000 }).toBe('10');
    await count.fill('200');
    await e2e.page.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByText('Input error: the number range is 1 - 128').waitFor();
    expect((await e2e.apiGet('/configs/log')).file.default.rotation_count).toBe(10);
    await count.fill('5');
    await saveForm(e2e.page);
    const log = await e2e.apiGet('/configs/log');
    expect(log.file.default.rotation_count).toBe(5);
    expect(log.file.default.rotation_size).toBe('50MB'); // the rest of the object went back unchanged
    await shot(e2e.page, 'logging-saved');
  });
});
