// Cluster on a real node: the screen lists this one node and says it runs alone; the invite form refuses an empty
// node name with the spec's text, and an invite the node cannot carry out is answered with its plain explanation.
import { describe, expect, it } from 'vitest';
import { shot, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('Cluster screen', () => {
  it('lists the node; the invite form refuses an empty name and shows why an invite cannot be carried out', async () => {
    const [{ node: self }] = await e2e.apiGet('/nodes');
    await openRoute(e2e.page, `${e2e.node.url}#/cluster`);
    await e2e.page.getByRole('cell', { name: self }).waitFor();
    await e2e.page.getByText(/This node runs as a single-node cluster/).waitFor();
    expect(await e2e.page.getByText('emqxcl', { exact: true }).count()).toBe(1);

    const invite = e2e.page.getByRole('button', { name: 'Invite Node' });
    await invite.click();
    await e2e.page.getByText('Node name is required').waitFor();
    const name = e2e.page.getByLabel('Node name', { exact: true });
    await name.fill('   ');
    await invite.click();
    await e2e.page.getByText('Node name is required').waitFor();

    await name.fill('emqx@10.0.0.2');
    await invite.click();
    await e2e.page.getByText(/Cannot invite emqx@10\.0\.0\.2: this node runs alone and cannot join or form a cluster/).waitFor();
    await shot(e2e.page, 'cluster-invite-refused');

    await name.fill(self);
    await invite.click();
    await e2e.page.getByText(/Cannot invite self/).waitFor();
    expect(await e2e.apiGet('/cluster')).toEqual({ name: 'emqxcl', nodes: [self], self });
  });
});
