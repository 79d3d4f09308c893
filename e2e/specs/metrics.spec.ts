// Metrics on a real node: the page lists EMQX's counters in their groups.
import { describe, expect, it } from 'vitest';
import { shot, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('Metrics screen', () => {
  it('metrics page lists messages.received with its group', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/dashboard/metrics`);
    await e2e.page.getByText('messages.received', { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => e2e.page.getByTestId('counter-group-Messages').count()).toBe(1);
    await shot(e2e.page, 'metrics');
  });
});
