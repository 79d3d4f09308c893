import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import ConnectorDetailPage from './ConnectorDetailPage';
import { aConnector, mockJson, mockResourceSchemas } from './connectors.testing';

function setup(connector = aConnector({ status: 'disconnected', status_reason: 'connection refused', actions: ['fwd'] }), route = '/connector/mqtt:remote') {
  mockResourceSchemas();
  mockJson('get', '/connectors/:id', 200, connector);
  return renderWithProviders(<ConnectorDetailPage />, { route, path: '/connector/:id' });
}

describe('ConnectorDetailPage', () => {
  it('shows status, reason, node status and the actions using it', async () => {
    setup();
    expect(await screen.findByText('connection refused')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fwd' })).toHaveAttribute('href', '/rule/actions/mqtt%3Afwd?tab=settings');
    const nodes = screen.getByText('mqdeck@127.0.0.1').closest('tr')!;
    expect(within(nodes).getByText('Connected')).toBeInTheDocument();
  });

  it('edits the settings with the secret kept masked, after saying the connection restarts', async () => {
    const { user } = setup(aConnector(), '/connector/mqtt:remote?tab=settings');
    const put = mockJson('put', '/connectors/:id', 200, aConnector());
    const server = await screen.findByLabelText('Server Host');
    expect(screen.getByLabelText('Password')).toHaveValue('******');
    await user.clear(server);
    await user.type(server, '10.0.0.1:1883');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findAllByText(/Updating the configuration can cause a connection interruption/))[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0].body).toMatchObject({ server: '10.0.0.1:1883', password: '******', proto_ver: 'v4' });
    expect(put[0].body).not.toHaveProperty('name');
    expect(put[0].body).not.toHaveProperty('status');
    expect(put[0].body).not.toHaveProperty('actions');
  });

  it('keeps a webhook connector read-only and points to the webhook page', async () => {
    setup(aConnector({ type: 'http', name: 'hook_WH_D', url: 'http://127.0.0.1:9', headers: {} }), '/connector/http:hook_WH_D?tab=settings');
    expect(await screen.findByText(/used by a webhook and cannot be changed here/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
