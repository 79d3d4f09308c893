import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import GatewaysPage from './GatewaysPage';

// GET /gateways as EMQX 5.8 answers it (the contract's example): unloaded gateways carry only name and status.
const LIST = [
  { name: 'coap', status: 'unloaded' as const },
  { name: 'exproto', status: 'unloaded' as const },
  { name: 'lwm2m', status: 'unloaded' as const },
  {
    name: 'mqttsn',
    status: 'stopped' as const,
    max_connections: 1024000,
    current_connections: 0,
    listeners: [{ id: 'mqttsn:udp:default', running: false, type: 'udp' as const }],
  },
  {
    name: 'stomp',
    status: 'running' as const,
    max_connections: 1024000,
    current_connections: 3,
    started_at: '2021-12-08T14:42:15.274+08:00',
    node_status: [{ node: 'emqx@127.0.0.1' as const, status: 'running' as const, max_connections: 1024000, current_connections: 3 }],
    listeners: [{ id: 'stomp:tcp:default', running: true, type: 'tcp' as const }],
  },
];

describe('Gateways list', () => {
  it('shows the five gateways with description, status and connections; Setup for unloaded, Settings for loaded', async () => {
    mockApi('get', '/gateways', 200, LIST);
    renderWithProviders(<GatewaysPage />, { route: '/gateway' });
    const stomp = await screen.findByRole('row', { name: /^STOMP / });
    expect(within(stomp).getByText('Running')).toBeInTheDocument();
    expect(within(stomp).getByText('3')).toBeInTheDocument();
    expect(within(stomp).getByText(/STOMP 1\.0–1\.2 over TCP or SSL/)).toBeInTheDocument();
    expect(within(stomp).getByRole('button', { name: 'Settings STOMP' })).toBeInTheDocument();
    const coap = screen.getByRole('row', { name: /^CoAP / });
    expect(within(coap).getByText('Unloaded')).toBeInTheDocument();
    expect(within(coap).getByRole('button', { name: 'Setup CoAP' })).toBeInTheDocument();
    expect(within(coap).queryByRole('switch')).toBeNull();
    expect(within(screen.getByRole('row', { name: /^MQTT-SN / })).getByText('Stopped')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^LwM2M / })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^ExProto / })).toBeInTheDocument();
  });

  it('shows only the gateways the node lists (our node leaves out one it cannot load)', async () => {
    mockApi(
      'get',
      '/gateways',
      200,
      LIST.filter((g) => g.name !== 'lwm2m'),
    );
    renderWithProviders(<GatewaysPage />, { route: '/gateway' });
    await screen.findByRole('row', { name: /^STOMP / });
    expect(screen.queryByRole('row', { name: /^LwM2M / })).toBeNull();
    expect(screen.getAllByRole('row').filter((r) => r.closest('tbody'))).toHaveLength(4);
  });

  it('disabling asks a confirmation first (it closes every connection); cancel sends nothing, confirm sends enable/false', async () => {
    mockApi('get', '/gateways', 200, LIST);
    const calls = mockApi('put', '/gateways/{name}/enable/{enable}', 204, null);
    const { user } = renderWithProviders(<GatewaysPage />, { route: '/gateway' });
    await user.click(await screen.findByRole('switch', { name: 'Enable STOMP' }));
    expect(await screen.findByText('Disabling the gateway closes all of its connections. Disable STOMP?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('switch', { name: 'Enable STOMP' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url.pathname).toMatch(/\/api\/v5\/gateways\/stomp\/enable\/false$/);
    expect(await screen.findByText('Disabled successfully')).toBeInTheDocument();
  });

  it('enabling a stopped gateway needs no confirmation', async () => {
    mockApi('get', '/gateways', 200, LIST);
    const calls = mockApi('put', '/gateways/{name}/enable/{enable}', 204, null);
    const { user } = renderWithProviders(<GatewaysPage />, { route: '/gateway' });
    await user.click(await screen.findByRole('switch', { name: 'Enable MQTT-SN' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url.pathname).toMatch(/\/gateways\/mqttsn\/enable\/true$/);
  });
});
