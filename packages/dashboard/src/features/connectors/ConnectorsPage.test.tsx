import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import ConnectorsPage from './ConnectorsPage';
import { aConnector, mockJson } from './connectors.testing';

function setup(list = [aConnector(), aConnector({ name: 'used', status: 'disconnected', status_reason: 'connection refused', actions: ['fwd'], sources: ['in'] })]) {
  mockJson('get', '/connectors', 200, list);
  return renderWithProviders(<ConnectorsPage />, { route: '/connector' });
}

describe('ConnectorsPage', () => {
  it('lists connectors with type, status and enable switch', async () => {
    setup();
    const row = (await screen.findByRole('link', { name: 'remote' })).closest('tr')!;
    expect(within(row).getByText('MQTT Broker')).toBeInTheDocument();
    expect(within(row).getByText('Connected')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Enable remote' })).toBeChecked();
    const used = screen.getByRole('link', { name: 'used' }).closest('tr')!;
    expect(within(used).getByText('Disconnected')).toBeInTheDocument();
    expect(within(used).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
  });

  it('refuses to delete a connector in use with a plain sentence naming its actions and sources', async () => {
    const { user } = setup();
    const del = mockJson('delete', '/connectors/:id', 204, null);
    const used = (await screen.findByRole('link', { name: 'used' })).closest('tr')!;
    await user.click(within(used).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Please remove the following actions and sources that use this connector/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'fwd' })).toHaveAttribute('href', '/rule/actions/mqtt%3Afwd?tab=settings');
    expect(screen.getByRole('link', { name: 'in' })).toHaveAttribute('href', '/rule/source/mqtt%3Ain?tab=settings');
    expect(del).toHaveLength(0);
  });

  it('deletes an unused connector after confirming, and reconnects one with POST …/start', async () => {
    const { user } = setup();
    const del = mockJson('delete', '/connectors/:id', 204, null);
    const start = mockJson('post', '/connectors/:id/:operation', 204, null);
    const row = (await screen.findByRole('link', { name: 'remote' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete connector mqtt:remote?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(del).toHaveLength(1));
    expect(decodeURIComponent(del[0].url.pathname)).toMatch(/\/connectors\/mqtt:remote$/);
    const used = screen.getByRole('link', { name: 'used' }).closest('tr')!;
    await user.click(within(used).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(start).toHaveLength(1));
    expect(decodeURIComponent(start[0].url.pathname)).toMatch(/\/connectors\/mqtt:used\/start$/);
  });

  it('asks before disabling a connector in use, then calls enable/false', async () => {
    const { user } = setup();
    const put = mockJson('put', '/connectors/:id/enable/:enable', 204, null);
    const used = (await screen.findByRole('link', { name: 'used' })).closest('tr')!;
    await user.click(within(used).getByRole('switch'));
    expect((await screen.findAllByText(/Disable connector mqtt:used\?/))[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(decodeURIComponent(put[0].url.pathname)).toMatch(/\/connectors\/mqtt:used\/enable\/false$/);
  });

  it('shows a webhook connector without edit or delete: it is managed on the webhook page', async () => {
    setup([aConnector({ type: 'http', name: 'hook_WH_D' })]);
    expect(await screen.findByText('hook_WH_D')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'hook_WH_D' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Webhooks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
