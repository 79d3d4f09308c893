import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { http, HttpResponse } from 'msw';
import { mockApi, mockApiError, mockNodeKind, server } from '../../../test/msw';
import { aListener, aListenerStatus, aTcpListenerDetail } from '../../../test/fixtures/listeners';
import ListenersPage from './ListenersPage';

const tcp = aListener({ status: aListenerStatus(true, 3) });
const ws = aListener({ id: 'ws:default', type: 'ws', enable: false, bind: '0.0.0.0:8083', status: aListenerStatus(false, 0) });
const tcpDetail = aTcpListenerDetail({ current_connections: 3 });

function setup(role = 'administrator') {
  mockApi('get', '/schemas/{name}', 200, { components: { schemas: {} } });
  server.use(http.get('*/api/v5/configs/zones', () => HttpResponse.json({}))); // only the default zone
  mockApi('get', '/listeners', 200, [tcp, ws]);
  mockApi('get', '/listeners/{id}', 200, tcpDetail);
  return renderWithProviders(<ListenersPage />, { session: { token: 't', username: 'admin', edition: 'ee', role } });
}

const row = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('ListenersPage', () => {
  it('lists type, bind, status, connections and enable', async () => {
    setup();
    const r = await row('0.0.0.0:1883');
    expect(within(r).getByText('tcp')).toBeInTheDocument();
    expect(within(r).getByText('Running')).toBeInTheDocument();
    expect(within(r).getByText('3')).toBeInTheDocument();
    expect(within(r).getByText('infinity')).toBeInTheDocument();
    expect(within(await row('0.0.0.0:8083')).getByText('Stopped')).toBeInTheDocument();
  });

  it('shows a loading placeholder, not "No data", until the list answers', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    setup();
    server.use(
      http.get('*/api/v5/listeners', async () => {
        await gate;
        return HttpResponse.json([tcp]);
      }),
    );
    await screen.findByRole('button', { name: /Add Listener/ });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('0.0.0.0:1883')).toBeInTheDocument();
  });

  it('disabling asks first, then PUTs the node config with enable false', async () => {
    const { user } = setup();
    const puts = mockApi('put', '/listeners/{id}', 200, tcpDetail);
    await user.click(within(await row('0.0.0.0:1883')).getByRole('switch'));
    expect(await screen.findByText('Disable listener tcp:default? Disabling closes all its connections.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(decodeURIComponent(puts[0].url.pathname)).toMatch(/\/listeners\/tcp:default$/);
    const body = puts[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'tcp:default', type: 'tcp', enable: false, bind: '0.0.0.0:1883' });
    expect(body).not.toHaveProperty('running');
    expect(body).not.toHaveProperty('current_connections');
    expect(body).not.toHaveProperty('enable_authn'); // unchanged: left to the stored config
  });

  it('creates a ws listener with EMQX defaults and the typed fields', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Add Listener/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Type'));
    await user.click(await screen.findByTitle('ws'));
    await user.type(within(dialog).getByLabelText('Name'), 'edge');
    const bind = within(dialog).getByLabelText('Bind');
    await user.clear(bind);
    await user.type(bind, 'nope:port');
    const posts = mockApi('post', '/listeners', 200, tcpDetail);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter a port or ip:port, e.g. 1884 or 0.0.0.0:1884')).toBeInTheDocument();
    await user.clear(bind);
    await user.type(bind, '127.0.0.1:18830');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({
      type: 'ws',
      name: 'edge',
      bind: '127.0.0.1:18830',
      zone: 'default',
      max_connections: 'infinity',
      tcp_options: { high_watermark: '1MB' },
      websocket: {
        mqtt_path: '/mqtt',
        idle_timeout: '7200s',
        max_frame_size: 'infinity',
        deflate_opts: { server_max_window_bits: 15, mem_level: 8 },
        supported_subprotocols: 'mqtt, mqtt-v3, mqtt-v3.1.1, mqtt-v5',
      },
    });
  });

  it('quic: our node says it does not serve it, and its refusal is shown as its message', async () => {
    mockNodeKind('mqdeck');
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Add Listener/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Type'));
    await user.click(await screen.findByTitle('quic'));
    expect(await within(dialog).findByText(/This node does not serve MQTT over QUIC/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'q');
    mockApiError('post', '/listeners', 400, 'BAD_REQUEST', 'This node does not serve MQTT over QUIC: use a tcp, ssl, ws or wss listener');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This node does not serve MQTT over QUIC: use a tcp, ssl, ws or wss listener')).toBeInTheDocument();
  });

  it('delete needs the listener name typed', async () => {
    const { user } = setup();
    await user.click(within(await row('0.0.0.0:1883')).getByRole('button', { name: 'More' }));
    await user.click(await screen.findByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'Delete' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Listener name'), 'defaul');
    expect(ok).toBeDisabled();
    const deletes = mockApi('delete', '/listeners/{id}', 204, null);
    await user.type(within(dialog).getByLabelText('Listener name'), 't');
    expect(ok).toBeEnabled();
    await user.click(ok);
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(decodeURIComponent(deletes[0].url.pathname)).toMatch(/\/listeners\/tcp:default$/);
  });

  it('viewer: no create, no actions, switches disabled', async () => {
    setup('viewer');
    const r = await row('0.0.0.0:1883');
    expect(screen.queryByRole('button', { name: /Add Listener/ })).not.toBeInTheDocument();
    expect(within(r).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(r).getByRole('switch')).toBeDisabled();
  });
});
