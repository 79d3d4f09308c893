import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import GatewayCreatePage from './GatewayCreatePage';

describe('Gateway setup wizard', () => {
  it('basic settings → listeners → authentication, then PUT /gateways/stomp with the settings and listeners', async () => {
    mockApi('get', '/gateways', 200, [{ name: 'stomp', status: 'unloaded' }]);
    const puts = mockApi('put', '/gateways/{name}', 204, null);
    const posts = mockApi('post', '/gateways/{name}/authentication', 201, (() => ({})) as never);
    // mounted on /gateway/:step/:name so that leaving for /gateway/detail/stomp stays inside the test's routes
    const { user, router } = renderWithProviders(<GatewayCreatePage />, { route: '/gateway/create/stomp', path: '/gateway/:step/:name' });
    expect(await screen.findByText('Set up STOMP')).toBeInTheDocument();
    // STOMP frame options, with EMQX's defaults
    const maxHeaders = screen.getByRole('spinbutton', { name: 'Max headers' });
    expect(maxHeaders).toHaveValue('10');
    await user.clear(maxHeaders);
    await user.type(maxHeaders, '20');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // one default TCP listener on 61613 is proposed
    expect(await screen.findByRole('cell', { name: '0.0.0.0:61613' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // authentication: none by default (STOMP offers password-based and JWT)
    expect(screen.getByRole('radio', { name: 'No authentication (every client is accepted)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'JWT' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].url.pathname).toMatch(/\/gateways\/stomp$/);
    expect(puts[0].body).toMatchObject({
      name: 'stomp',
      enable: true,
      mountpoint: '',
      idle_timeout: '30s',
      frame: { max_headers: 20, max_headers_length: 1024, max_body_length: 65536 },
      listeners: [{ type: 'tcp', name: 'default', bind: '0.0.0.0:61613', max_connections: 1024, max_conn_rate: 1000, enable_authn: true }],
    });
    expect(posts).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gateway/detail/stomp'));
  });

  it('MQTT-SN offers password-based authentication with an HTTP server only', async () => {
    mockApi('get', '/gateways', 200, [{ name: 'mqttsn', status: 'unloaded' }]);
    const { user } = renderWithProviders(<GatewayCreatePage />, { route: '/gateway/create/mqttsn', path: '/gateway/create/:name' });
    expect(await screen.findByRole('spinbutton', { name: 'Gateway ID' })).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: '0.0.0.0:1884' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('radio', { name: 'JWT' })).toBeNull();
    await user.click(screen.getByText('Password-Based'));
    expect(screen.getByRole('radio', { name: 'HTTP Server' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Built-in Database' })).toBeNull();
  });

  it('going from one gateway’s setup to another starts from that gateway’s defaults', async () => {
    mockApi('get', '/gateways', 200, [
      { name: 'mqttsn', status: 'unloaded' },
      { name: 'lwm2m', status: 'unloaded' },
    ]);
    const { router } = renderWithProviders(<GatewayCreatePage />, { route: '/gateway/create/mqttsn', path: '/gateway/create/:name' });
    expect(await screen.findByRole('spinbutton', { name: 'Gateway ID' })).toHaveValue('1');
    await act(() => router.navigate('/gateway/create/lwm2m'));
    expect(await screen.findByRole('textbox', { name: 'LwM2M XML directory' })).toHaveValue('etc/lwm2m_xml/');
    expect(screen.getByRole('textbox', { name: 'Command topic' })).toHaveValue('dn/#');
  });
});
