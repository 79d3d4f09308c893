// The drawer's TLS key password (ssl_options.password): the node's mask is shown and sent back untouched
// (the node keeps the stored passphrase), a new passphrase is sent as typed.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { http, HttpResponse } from 'msw';
import { mockApi, server } from '../../../test/msw';
import { aListener, anSslListenerDetail, anSslOptions } from '../../../test/fixtures/listeners';
import ListenersPage from './ListenersPage';

const summary = aListener({ id: 'ssl:default', type: 'ssl', bind: '0.0.0.0:8883' });
const ssl = anSslOptions({ certfile: '/data/certs/listeners/ssl-default/cert.pem', keyfile: '/data/certs/listeners/ssl-default/key.pem', password: '******' });
const detail = anSslListenerDetail(ssl);

async function openEdit() {
  mockApi('get', '/schemas/{name}', 200, { components: { schemas: {} } });
  server.use(http.get('*/api/v5/configs/zones', () => HttpResponse.json({}))); // only the default zone
  mockApi('get', '/listeners', 200, [summary]);
  mockApi('get', '/listeners/{id}', 200, detail);
  const puts = mockApi('put', '/listeners/{id}', 200, detail);
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
