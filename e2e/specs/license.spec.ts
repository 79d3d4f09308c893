// System › License on a real node: the page states what is true (no key, never expires, unlimited connections until
// a listener sets a limit); watermarks saved on screen are read back from /license/setting; low >= high is refused.
import { describe, expect, it } from 'vitest';
import { saveForm, shotAll, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('license (System › License)', () => {
  it('states the node: community, never expires, unlimited connections', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/license`);
    await e2e.page.getByText('Community (no key)').waitFor();
    await e2e.page.getByText('Unlimited (no listener sets a limit)').waitFor();
    await e2e.page.getByText('Never', { exact: true }).waitFor();
  });

  it('saves the watermarks, and the node refuses a low watermark above the high one', async () => {
    const page = e2e.page;
    const high = page.getByLabel('Connection high watermark', { exact: true });
    const low = page.getByLabel('Connection low watermark', { exact: true });
    await expect.poll(() => high.inputValue()).toBe('80');
    await high.fill('90');
    await saveForm(page);
    expect(await e2e.apiGet('/license/setting')).toEqual({ connection_low_watermark: '75%', connection_high_watermark: '90%' });
    await low.fill('95');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Bad license setting/).waitFor();
    expect((await e2e.apiGet('/license/setting')).connection_low_watermark).toBe('75%');
  });

  it('in both themes and both languages', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/license`);
    await shotAll(e2e.page, 'license', () => e2e.page.locator('#license-setting_connection_high_watermark').waitFor());
  });
});
