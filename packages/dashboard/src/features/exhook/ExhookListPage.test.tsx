import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import ExhookListPage from './ExhookListPage';
import { toConfig, toFormValues, DEFAULTS } from './components/ExhookForm';
import type { ExhookServer } from './exhook.types';

const metrics = { succeed: 12, failed: 3, rate: 2, max_rate: 5 };
const server = (name: string, status: ExhookServer['node_status'][0]['status'], enable = true): ExhookServer => ({
  name,
  enable,
  url: 'http://127.0.0.1:9000',
  request_timeout: '5s',
  failed_action: 'deny',
  auto_reconnect: '60s',
  pool_size: 8,
  ssl: { enable: false, verify: 'verify_none' },
  socket_options: { keepalive: true, nodelay: true },
  metrics,
  node_metrics: [{ node: 'emqx@127.0.0.1', metrics }],
  node_status: [{ node: 'emqx@127.0.0.1', status }],
  hooks: [{ name: 'client.authenticate', params: {} }],
});

describe('ExHooks list', () => {
  it('shows each server with its status in the spec’s words, hooks and metrics; the switch sends the whole server', async () => {
    mockApi('get', '/exhooks', 200, [server('a', 'connected'), server('b', 'disconnected')] as never);
    const { user } = renderWithProviders(<ExhookListPage />);
    const a = await screen.findByRole('row', { name: /^a / });
    expect(within(a).getByText('Connected')).toBeInTheDocument();
    expect(within(a).getByText('12')).toBeInTheDocument();
    // EMQX's disconnected is the spec's stopped
    expect(within(screen.getByRole('row', { name: /^b / })).getByText('Stopped')).toBeInTheDocument();
    const puts = mockApi('put', '/exhooks/{name}', 200, server('a', 'disabled', false) as never);
    await user.click(screen.getByRole('switch', { name: 'Enable a' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({
      name: 'a',
      enable: false,
      url: 'http://127.0.0.1:9000',
      request_timeout: '5s',
      failed_action: 'deny',
      auto_reconnect: '60s',
      pool_size: 8,
      ssl: { enable: false, verify: 'verify_none' },
      socket_options: { keepalive: true, nodelay: true },
    });
  });
});

describe('ExHook form values', () => {
  it('auto reconnect off is false; an https URL turns TLS on with the PEM given; fields off screen take defaults', () => {
    expect(toConfig({ ...DEFAULTS, name: 'x', reconnect: false })).toMatchObject({ auto_reconnect: false, ssl: { enable: false } });
    const tls = toConfig({ name: 'x', url: 'https://h:9000', verify: true, cacertfile: ' -----BEGIN CERTIFICATE----- ' });
    expect(tls).toMatchObject({
      pool_size: 8,
      request_timeout: '5s',
      auto_reconnect: '60s',
      ssl: { enable: true, verify: 'verify_peer', cacertfile: '-----BEGIN CERTIFICATE-----' },
    });
    expect(toFormValues({ ...toConfig(DEFAULTS), auto_reconnect: false })).toMatchObject({ reconnect: false, reconnect_interval: '60s' });
  });
});
