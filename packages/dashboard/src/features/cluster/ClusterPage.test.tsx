import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import ClusterPage from './ClusterPage';

describe('ClusterPage', () => {
  it('shows this node and answers the invite as the node does', async () => {
    mockApi('get', '/cluster', 200, { name: 'emqxcl', nodes: ['emqx@127.0.0.1'] } as never);
    mockApi('get', '/nodes', 200, [{ node: 'emqx@127.0.0.1', node_status: 'running', role: 'core', version: '5.8.1' }] as never);
    const { user } = renderWithProviders(<ClusterPage />);
    const row = (await screen.findByText('emqx@127.0.0.1')).closest('tr')!;
    expect(within(row).getByText('core')).toBeInTheDocument();
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('emqxcl')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite Node' }));
    expect(await screen.findByText('Node name is required')).toBeInTheDocument();
    const calls = mockApiError('put', '/cluster/{node}/invite', 400, 'BAD_REQUEST', 'emqx@10.0.0.2: this node runs alone');
    await user.type(screen.getByLabelText('Node name'), 'emqx@10.0.0.2');
    await user.click(screen.getByRole('button', { name: 'Invite Node' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText('BAD_REQUEST: emqx@10.0.0.2: this node runs alone')).toBeInTheDocument();
  });
});
