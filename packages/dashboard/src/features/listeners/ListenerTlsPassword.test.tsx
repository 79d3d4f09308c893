// The drawer's TLS key password (ssl_options.password): the node's mask is shown and sent back untouched
// (the node keeps the stored passphrase), a new passphrase is sent as typed.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { http, HttpResponse } from 'msw';
import { mockApi, server } from '../../../test/msw';
import ListenersPage from './ListenersPage';

const status = { running: true, current_connections: 0, max_connections: 'infinity' as const };
const summary = { id: 'ssl:default', type: 'ssl', name: 'default', enable: true, bind: '0.0.0.0:8883', number: 1, status, node_status: [{ node: 'emqx@127.0.0.1', status }] };
const ssl = { certfile: '/data/certs/listeners/ssl-default/cert.pem', keyfile: '/data/certs/listeners/ssl-default/key.pem', password: '******',
  verify: 'verify_none', fail_if_no_peer_cert: false, versions: ['tlsv1.3', 'tlsv1.2'], ciphers: [], depth: 10, handshake_timeout: '15s',
  hibernate_after: '5s', log_level: 'notice' };
const detail = {
  enable: true, bind: '0.0.0.0:8883', acceptors: 16, max_connections: 'infinity', mountpoint: '', zone: 'default', enable_authn: true,
  max_conn_rate: 'infinity', access_rules: ['allow all'], proxy_protocol: false, proxy_protocol_timeout: '3s',
  tcp_options: { active_n: 100, backlog: 1024, send_timeout: '15s', send_timeout_close: true, buffer: '4KB', high_watermark: '1MB', nodelay: true, reuseaddr: true },
  ssl_options: ssl, id: 'ssl:default', type: 'ssl', name: 'default', running: true, current_connections: 0,
};

async function openEdit() {
  mockApi('get', '/schemas/{name}', 200, { components: { schemas: {} } } as never);
  server.use(http.get('*/api/v5/configs/zones', () => HttpResponse.json({}))); // only the default zone
  mockApi('get', '/listeners', 200, [summary] as never);
  mockApi('get', '/listeners/{id}', 200, detail as never);
  const puts = mockApi('put', '/listeners/{id}', 200, detail as never);
  const view = renderWithProviders(<ListenersPage />);
  const row = (await screen.findByText('0.0.0.0:8883')).closest('tr')!;
  await view.user.click(within(row).getByRole('button', { name: 'Edit' }));
  const drawer = await screen.findByRole('dialog');
  const password = within(drawer).getByLabelText('TLS Key Password');
  await waitFor(() => expect(password).toHaveValue('******'));
  const save = () => view.user.click(within(drawer).getByRole('button', { name: 'Update' }));
  return { ...view, drawer, password, save, puts };
}

describe('listener TLS key password', () => {
  it('sends the mask back when untouched, so the node keeps the stored passphrase', async () => {
    const { save, puts, drawer } = await openEdit();
    expect(within(drawer).getByText('Passphrase of an encrypted key; leave empty for an unencrypted key.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0].body as typeof detail).ssl_options.password).toBe('******');
  });

  it('sends a new passphrase as typed', async () => {
    const { user, password, save, puts } = await openEdit();
    await user.clear(password);
    await user.type(password, 'n3w-pass');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0].body as typeof detail).ssl_options).toMatchObject({ password: 'n3w-pass', keyfile: ssl.keyfile });
  });
});
