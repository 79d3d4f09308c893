// Nodes on a real node: the list shows this node and its detail opens with the node's facts and its first chart.
import { describe, expect, it } from 'vitest';
import { shot, useE2ESession } from '../harness';

const e2e = useE2ESession();

const FIRST_CHART = '[data-testid="trend-chart"][data-rendered="true"]';

describe('Nodes screens', () => {
  it('nodes list shows the node and its detail opens', async () => {
    await e2e.page.goto(`${e2e.node.url}#/dashboard/nodes`);
    const link = e2e.page.locator('td a[href*="dashboard/nodes/"]').first();
    await link.waitFor({ timeout: 15_000 });
    const name = (await link.textContent()) ?? '';
    expect(name).toContain('@');
    await shot(e2e.page, 'nodes-nodes');
    await link.click();
    await e2e.page.getByText('OTP release').waitFor({ timeout: 15_000 });
    expect(decodeURIComponent(e2e.page.url())).toContain(`/dashboard/nodes/${name}`);
    await e2e.page.waitForSelector(FIRST_CHART, { timeout: 30_000 });
    await shot(e2e.page, 'nodes-node-detail');
  });
});
