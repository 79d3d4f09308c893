import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import DelayedMessagesPage from './DelayedMessagesPage';
import DelayedSettingsPage from './DelayedSettingsPage';

const msg = {
  msgid: 'ABC',
  node: 'emqx@127.0.0.1',
  topic: 'later/t',
  qos: 1,
  from_clientid: 'c1',
  from_username: 'u',
  publish_at: '2026-01-01T00:00:00.000+00:00',
  delayed_interval: 90,
  delayed_remaining: 61,
  expected_at: '2026-01-01T00:01:30.000+00:00',
};

describe('delayed publish', () => {
  it('lists waiting messages and deletes one by node and msgid', async () => {
    mockApi('get', '/mqtt/delayed', 200, { enable: false, max_delayed_messages: 0 });
    mockApi('get', '/mqtt/delayed/messages', 200, { data: [msg], meta: { page: 1, limit: 20, count: 1, hasnext: false } });
    const { user } = renderWithProviders(<DelayedMessagesPage />);
    const row = (await screen.findByText('later/t')).closest('tr')!;
    expect(within(row).getByText('1m 30s')).toBeInTheDocument();
    expect(within(row).getByText('1m 1s')).toBeInTheDocument();
    expect(await screen.findByText(/Delayed publish is disabled/)).toBeInTheDocument();
    const deletes = mockApi('delete', '/mqtt/delayed/messages/{node}/{msgid}', 204, null);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(decodeURIComponent(deletes[0].url.pathname)).toMatch(/\/mqtt\/delayed\/messages\/emqx@127\.0\.0\.1\/ABC$/);
  });

  it('saves the settings in one request', async () => {
    mockApi('get', '/mqtt/delayed', 200, { enable: true, max_delayed_messages: 0 });
    mockApi('get', '/schemas/{name}', 200, {});
    const { user } = renderWithProviders(<DelayedSettingsPage />);
    const max = await screen.findByLabelText('Max Delayed Messages');
    await waitFor(() => expect(max).toHaveValue('0'));
    const puts = mockApi('put', '/mqtt/delayed', 200, { enable: true, max_delayed_messages: 10 });
    await user.clear(max);
    await user.type(max, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ enable: true, max_delayed_messages: 10 });
  });
});
