// Management › Monitoring › System on a real node: reached from the Alarms page; a threshold out of range ('180%')
// is refused on screen and not saved; a threshold saved on screen is read back from /configs/sysmon and the node
// raises the matching alarm at once (system memory above 1%), which the Alarms page lists.
import { describe, expect, it } from 'vitest';
import { shotAll, useE2ESession, saveForm } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const sysmon = (): Promise<{ os: Record<string, unknown>; vm: Record<string, unknown> }> => e2e.apiGet('/configs/sysmon');

describe('alarm settings (Monitoring › System)', () => {
  it('opens from the Alarms page and shows the node thresholds', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/alarm`);
    await e2e.page.getByRole('button', { name: 'Alarm Settings' }).click();
    await e2e.page.waitForURL((u) => u.hash.startsWith('#/monitoring/alarm-settings'));
    await expect.poll(() => e2e.page.getByLabel('System Memory High Watermark', { exact: true }).inputValue()).toBe('70');
    await e2e.page.getByText(/No Node.js counterpart: these are checks of the Erlang VM/).waitFor();
  });

  it("refuses '180%' with the range text and saves nothing", async () => {
    const field = e2e.page.getByLabel('System Memory High Watermark', { exact: true });
    await field.fill('180%');
    await e2e.page.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByText('Input error: the number range is 0 - 100').waitFor();
    expect((await sysmon()).os.sysmem_high_watermark).toBe('70%');
  });

  it('a threshold saved on screen is read back and the node raises its alarm', async () => {
    await e2e.page.getByLabel('System Memory High Watermark', { exact: true }).fill('1');
    await saveForm(e2e.page);
    const saved = await sysmon();
    expect(saved.os.sysmem_high_watermark).toBe('1%');
    expect(saved.os.cpu_high_watermark).toBe('80%'); // the rest went back unchanged
    expect(saved.vm.long_schedule).toBe('240ms');
    await e2e.page.reload();
    await expect.poll(() => e2e.page.getByLabel('System Memory High Watermark', { exact: true }).inputValue()).toBe('1');

    await e2e.page.getByRole('link', { name: 'View alarms' }).click();
    await e2e.page.waitForURL((u) => u.hash.startsWith('#/alarm/current-alarm'));
    await e2e.page.getByRole('cell', { name: 'high_system_memory_usage' }).waitFor();
  });

  it('in both themes and both languages', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/monitoring`);
    await e2e.page.waitForURL((u) => u.hash.startsWith('#/monitoring/alarm-settings'));
    await shotAll(e2e.page, 'alarm-settings', () => e2e.page.locator('#alarm-settings_os_cpu_high_watermark').waitFor());
  });
});
