import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import ConnectorCreatePage from './ConnectorCreatePage';
import { mockJson, mockResourceSchemas } from './connectors.testing';

describe('ConnectorCreatePage', () => {
  it('offers every type of the schema; a type this node does not run is marked unavailable with a sentence', async () => {
    mockResourceSchemas();
    const { user } = renderWithProviders(<ConnectorCreatePage />, { route: '/connector/create' });
    const mysql = await screen.findByRole('radio', { name: 'MySQL' });
    await waitFor(() => expect(mysql).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByRole('radio', { name: 'MQTT Broker' })).toHaveAttribute('aria-disabled', 'false');
    await user.click(mysql);
    expect(await screen.findByText(/MySQL: This node does not run this type yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('names a database type by its product, and finds it by its type id too', async () => {
    mockResourceSchemas();
    const { user } = renderWithProviders(<ConnectorCreatePage />, { route: '/connector/create' });
    await screen.findByRole('radio', { name: 'MySQL' });
    expect(screen.queryByRole('radio', { name: 'mysql' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search types'), 'mysql');
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'MQTT Broker' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'MySQL' })).toBeInTheDocument();
  });

  it('creates an MQTT connector from the schema form, after a successful Test', async () => {
    mockResourceSchemas();
    const created = mockJson('post', '/connectors', 201, (req) => ({ ...(req.body as object), status: 'connected' }));
    const { user, router } = renderWithProviders(<ConnectorCreatePage />, { route: '/connector/create' });
    const mqtt = await screen.findByRole('radio', { name: 'MQTT Broker' });
    await waitFor(() => expect(mqtt).toHaveAttribute('aria-disabled', 'false'));
    await user.click(mqtt);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Name'), 'remote');
    await user.type(screen.getByLabelText('Server Host'), '127.0.0.1:1884');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Connection is successful')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].body).toMatchObject({
      type: 'mqtt',
      name: 'remote',
      server: '127.0.0.1:1884',
      proto_ver: 'v4',
      keepalive: '160s',
      resource_opts: { health_check_interval: '15s' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/connector'));
  });

  it('says why the Test failed, in a plain sentence', async () => {
    mockResourceSchemas();
    const { user } = renderWithProviders(<ConnectorCreatePage />, { route: '/connector/create' });
    const mqtt = await screen.findByRole('radio', { name: 'MQTT Broker' });
    await waitFor(() => expect(mqtt).toHaveAttribute('aria-disabled', 'false'));
    await user.click(mqtt);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Name'), 'remote');
    await user.type(screen.getByLabelText('Server Host'), '127.0.0.1:1');
    server.use(http.post('*/api/v5/connectors_probe', () => HttpResponse.json({ code: 'TEST_FAILED', message: 'connection refused' }, { status: 400 })));
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Test failed: connection refused')).toBeInTheDocument();
  });

  it('asks for the password again when saving a copy', async () => {
    mockResourceSchemas();
    const created = mockJson('post', '/connectors', 201, (req) => req.body);
    const copy = { type: 'mqtt', name: 'remote', server: '127.0.0.1:1884', username: 'u', password: '******', proto_ver: 'v5', status: 'connected' };
    const { user, router } = renderWithProviders(<ConnectorCreatePage />, { route: '/connector/create' });
    await router.navigate('/connector/create', { state: { copy } });
    expect(await screen.findByDisplayValue('remote_copy')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByText(/Enter it again: the stored value is kept encrypted/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].body).toMatchObject({ name: 'remote_copy', password: 'pw', proto_ver: 'v5', server: '127.0.0.1:1884' });
    expect(created[0].body).not.toHaveProperty('status');
  });
});
