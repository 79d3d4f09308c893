import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import ApiKeysPage from './ApiKeysPage';

const keys = [
  {
    name: 'ci',
    api_key: 'a4697a5c75a769f6',
    desc: 'pipeline',
    enable: true,
    expired: false,
    expired_at: 'infinity' as const,
    created_at: '2025-01-01T00:00:00Z',
    role: 'administrator',
  },
  {
    name: 'old',
    api_key: 'b4697a5c75a769f6',
    desc: '',
    enable: true,
    expired: true,
    expired_at: '2024-01-01T00:00:00Z',
    created_at: '2023-01-01T00:00:00Z',
    role: 'administrator',
  },
];

function setup() {
  // The 5.8.1 spec types GET /api_key as one app, but EMQX answers an array (API.md §3.13).
  mockApi('get', '/api_key', 200, keys);
  return renderWithProviders(<ApiKeysPage />, { route: '/api-key' });
}

describe('ApiKeysPage', () => {
  it('lists name, description, expiry (or Never) and status', async () => {
    setup();
    expect(await screen.findByText('pipeline')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
  });

  it('requires a name that matches the pattern', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /create/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), '1abc');
    expect(await within(dialog).findByText(/Must start with a letter/)).toBeInTheDocument();
  });

  it('creates a key and shows the secret once', async () => {
    const { user } = setup();
    const calls = mockApi('post', '/api_key', 200, {
      name: 'deploy',
      api_key: 'c4697a5c75a769f6',
      api_secret: 'S3cretValueShownOnce',
      desc: '',
      enable: true,
      expired: false,
      expired_at: 'infinity',
      role: 'administrator',
    });
    await user.click(await screen.findByRole('button', { name: /create/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByLabelText('Name'), 'deploy');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const secret = (await screen.findByText('API key created', {}, { timeout: 3000 })).closest('[role="dialog"]') as HTMLElement;
    expect(within(secret).getByText('S3cretValueShownOnce')).toBeInTheDocument();
    expect(within(secret).getByText('c4697a5c75a769f6')).toBeInTheDocument();
    expect(within(secret).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(calls[0].body).toEqual({ name: 'deploy', desc: '', enable: true, expired_at: 'infinity', role: 'administrator' });
    await user.click(within(secret).getByRole('button', { name: 'OK' }));
    // Gone for good: nothing on the page keeps it.
    await user.click(screen.getByRole('button', { name: 'ci' }));
    expect(await screen.findByText('API Key Details')).toBeInTheDocument();
    expect(screen.getByText('Shown only once, at creation')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('S3cretValueShownOnce')).not.toBeInTheDocument());
  });

  it('toggling enable sends the current expiry so EMQX does not reset it', async () => {
    const { user } = setup();
    const calls = mockApi('put', '/api_key/{name}', 200, { ...keys[1], enable: false });
    await user.click(await screen.findByRole('switch', { name: 'Enable old' }));
    await screen.findByRole('switch', { name: 'Enable old' });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls[0].body).toEqual({ desc: '', enable: false, expired_at: '2024-01-01T00:00:00Z' });
  });

  it('deletes after confirmation', async () => {
    const { user } = setup();
    const calls = mockApi('delete', '/api_key/{name}', 204, null);
    const row = (await screen.findByText('pipeline')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(calls[0].url.pathname).toBe('/api/v5/api_key/ci');
  });
});
