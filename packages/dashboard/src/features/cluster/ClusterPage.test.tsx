import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError, mockNodeKind } from '../../../test/msw';
import ClusterPage from './ClusterPage';

const node = (kind: 'mqdeck' | 'emqx') => mockNodeKind(kind);

/** Waits until the page has the node's answer about extensions, so an absent text is absent for good. */
const extensionsAnswered = (queryClient: QueryClient) => waitFor(() => expect(queryClient.getQueryState(['mqdeck', 'extensions'])?.status).toBe('success'));

describe('ClusterPage', () => {
  it('our node: listed, explained as a single-node cluster, and the invite answered as the node does', async () => {
    node('mqdeck');
    mockApi('get', '/cluster', 200, { name: 'emqxcl', nodes: ['emqx@127.0.0.1'] });
    mockApi('get', '/nodes', 200, [{ node: 'emqx@127.0.0.1', node_status: 'running', role: 'core', version: '5.8.1' }]);
    const { user } = renderWithProviders(<ClusterPage />);
    const row = (await screen.findByText('emqx@127.0.0.1')).closest('tr')!;
    expect(within(row).getByText('core')).toBeInTheDocument();
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('emqxcl')).toBeInTheDocument();
    expect(await screen.findByText(/Scaling out means running an EMQX 5.8 cluster instead; this console manages it through the same API/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite Node' }));
    expect(await screen.findByText('Node name is required')).toBeInTheDocument();
    const calls = mockApiError('put', '/cluster/{node}/invite', 400, 'BAD_REQUEST', 'emqx@10.0.0.2: this node runs alone');
    await user.type(screen.getByLabelText('Node name'), 'emqx@10.0.0.2');
    await user.click(screen.getByRole('button', { name: 'Invite Node' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText('Emqx@10.0.0.2: this node runs alone')).toBeInTheDocument();
  });

  it('a one-node EMQX: the plain node table, no single-node explanation (it may still join or invite)', async () => {
    node('emqx');
    mockApi('get', '/cluster', 200, { name: 'emqxcl', nodes: ['emqx@10.0.0.1'], self: 'emqx@10.0.0.1' });
    mockApi('get', '/nodes', 200, [{ node: 'emqx@10.0.0.1', node_status: 'running', role: 'core', version: '5.8.1' }]);
    const { queryClient } = renderWithProviders(<ClusterPage />);
    expect(within((await screen.findByText('emqx@10.0.0.1')).closest('tr')!).getByText('core')).toBeInTheDocument();
    await extensionsAnswered(queryClient);
    expect(screen.queryByText(/single-node cluster/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite Node' })).toBeInTheDocument();
  });

  it('a multi-node EMQX cluster: every node listed, no single-node explanation', async () => {
    node('emqx');
    const members = ['emqx@10.0.0.1', 'emqx@10.0.0.2', 'emqx@10.0.0.3'];
    mockApi('get', '/cluster', 200, { name: 'prod', nodes: members.slice(0, 2), self: members[0] });
    mockApi('get', '/nodes', 200, [
      { node: members[0], node_status: 'running', role: 'core', version: '5.8.1' },
      { node: members[1], node_status: 'running', role: 'replicant', version: '5.8.1' },
      { node: members[2], node_status: 'stopped' },
    ]);
    const { queryClient } = renderWithProviders(<ClusterPage />);
    expect(within((await screen.findByText(members[1])).closest('tr')!).getByText('replicant')).toBeInTheDocument();
    expect(within(screen.getByText(members[2]).closest('tr')!).getByText('Stopped')).toBeInTheDocument();
    expect(screen.getByText('prod')).toBeInTheDocument();
    await extensionsAnswered(queryClient);
    expect(screen.queryByText(/single-node cluster/)).not.toBeInTheDocument();
  });
});
