// Nodes on a real node: the list shows this node and its detail opens with the node's facts and its first chart.
import { describe, expect, it } from 'vitest';
import { atWidth, shot, tableLayoutProblems, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const FIRST_CHART = '[data-testid="trend-chart"][data-rendered="true"]';

describe('Nodes screens', () => {
  it('nodes list shows the node and its detail opens', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/dashboard/nodes`);
    const link = e2e.page.locator('td a[href*="dashboard/nodes/"]').first();
    await link.waitFor({ timeout: 15_000 });
    const name = (await link.textContent()) ?? '';
    expect(name).toContain('@');
    await shot(e2e.page, 'nodes-nodes');
    await link.click();
    // MQDeck's node runs on Node.js: its release shows as the runtime, not as an OTP release (docs/node-counterparts.md)
    await e2e.page.getByText('Runtime', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await e2e.page.getByText(/^Node\.js v\d+/).count()).toBe(1);
    expect(await e2e.page.getByText('OTP release').count()).toBe(0);
    expect(decodeURIComponent(e2e.page.url())).toContain(`/dashboard/nodes/${name}`);
    await e2e.page.waitForSelector(FIRST_CHART, { timeout: 30_000 });
    await shot(e2e.page, 'nodes-node-detail');
  });

  // Issue 20 item 1: at 1440 px headers broke mid-word ('Connectio ns'), the name ran into the Core tag and the
  // memory and load figures were cut off.
  for (const width of [1280, 1440]) {
    it(`nodes table fits a ${width} px window: no sideways scroll, no header broken mid-word, no cell cut off`, async () => {
      await atWidth(e2e.page, width, async () => {
        await openRoute(e2e.page, `${e2e.node.url}#/dashboard/nodes`);
        await e2e.page.locator('td a[href*="dashboard/nodes/"]').first().waitFor({ timeout: 15_000 });
        await e2e.page.locator('.ant-progress').first().waitFor();
        expect(await tableLayoutProblems(e2e.page)).toEqual([]);
        await shot(e2e.page, `nodes-layout-${width}`);
      });
    });
  }
});
