import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { findDialog } from '../../../test/dialogs';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { aBan } from '../../../test/fixtures/banned';
import BannedClientsPage from './BannedClientsPage';
import { toBannedListParams } from './banned-clients.api';
import { untilRule } from './banned-clients.rules';

const bans = [aBan({ who: 'bad-device', reason: 'spam' }), aBan({ as: 'peerhost_net', who: '10.0.0.0/8', until: '2099-01-01T00:00:00+00:00' })];

function setup(role = 'administrator') {
  const list = mockApi('get', '/banned', 200, { data: bans, meta: { page: 1, limit: 20, count: 2 } });
  const r = renderWithProviders(<BannedClientsPage />, {
    route: '/banned-clients',
    session: { token: 't', username: 'admin', edition: 'ee', role },
  });
  return { ...r, list };
}

describe('BannedClientsPage', () => {
  it('lists bans with method, object, reason and expiry (never for infinity)', async () => {
    setup();
    expect(await screen.findByText('bad-device')).toBeInTheDocument();
    expect(screen.getAllByText('Client ID').length).toBeGreaterThan(0);
    expect(screen.getByText('IP Address Range (CIDR)')).toBeInTheDocument();
    expect(screen.getByText('spam')).toBeInTheDocument();
    expect(screen.getByText('Never expire')).toBeInTheDocument();
    expect(screen.getByText('Total 2')).toBeInTheDocument();
  });

  it('builds one filter per search: like_* when fuzzy, exact otherwise, CIDR always fuzzy', () => {
    expect(toBannedListParams({ page: 1, limit: 20, field: 'clientid', value: ' a.* ', fuzzy: true })).toEqual({ page: 1, limit: 20, like_clientid: 'a.*' });
    expect(toBannedListParams({ page: 2, limit: 50, field: 'username', value: 'bob', fuzzy: false })).toEqual({ page: 2, limit: 50, username: 'bob' });
    expect(toBannedListParams({ page: 1, limit: 20, field: 'peerhost_net', value: '10.0.0.0/8', fuzzy: false })).toEqual({ page: 1, limit: 20, like_peerhost_net: '10.0.0.0/8' });
    expect(toBannedListParams({ page: 1, limit: 20, field: 'peerhost', value: '  ', fuzzy: true })).toEqual({ page: 1, limit: 20 });
  });

  it('searches with the chosen field', async () => {
    const { user, list } = setup();
    await screen.findByText('bad-device');
    await user.type(screen.getByLabelText('Value to search'), 'bad');
    await user.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(list.at(-1)?.url.searchParams.get('like_clientid')).toBe('bad'));
  });

  it('requires the value, then bans (never expiring) and says so', async () => {
    const { user } = setup();
    await screen.findByText('bad-device');
    await user.click(screen.getByRole('button', { name: /Add to Blacklist/ }));
    const dialog = await findDialog('Add to Blacklist');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Ban Object is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Ban Object'), 'evil');
    const calls = mockApi('post', '/banned', 200, aBan({ who: 'evil', reason: 'abuse', by: 'admin' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'abuse');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Successfully banned this client.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ as: 'clientid', who: 'evil', reason: 'abuse', until: 'infinity' });
  });

  it('refuses an expiry earlier than now with the spec text', async () => {
    const rule = untilRule(() => dayjs('2030-01-01T00:00:00Z'));
    const validate = (v: dayjs.Dayjs | null) => (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, v);
    await expect(validate(dayjs('2029-12-31T23:00:00Z'))).rejects.toThrow('The selected time cannot be earlier than the current time');
    await expect(validate(dayjs('2030-01-01T01:00:00Z'))).resolves.toBeUndefined();
    await expect(validate(null)).resolves.toBeUndefined();
  });

  it('refuses a past expiry typed into the picker (no silent never-expiring ban)', async () => {
    const { user } = setup();
    await screen.findByText('bad-device');
    const calls = mockApi('post', '/banned', 200, aBan({ who: 'evil' }));
    await user.click(screen.getByRole('button', { name: /Add to Blacklist/ }));
    const dialog = await findDialog('Add to Blacklist');
    await user.type(within(dialog).getByLabelText('Ban Object'), 'evil');
    await user.type(within(dialog).getByLabelText('Expire At'), '2020-01-01 00:00:00{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The selected time cannot be earlier than the current time')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the node error (ALREADY_EXISTS) as code: message', async () => {
    const { user } = setup();
    await screen.findByText('bad-device');
    mockApiError('post', '/banned', 400, 'ALREADY_EXISTS', 'already banned');
    await user.click(screen.getByRole('button', { name: /Add to Blacklist/ }));
    const dialog = await findDialog('Add to Blacklist');
    await user.type(within(dialog).getByLabelText('Ban Object'), 'bad-device');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Already banned')).toBeInTheDocument();
  });

  it('deletes one ban with its method and object in the path, and clears all after confirming', async () => {
    const { user } = setup();
    const row = (await screen.findByText('10.0.0.0/8')).closest('tr')!;
    const del = mockApi('delete', '/banned/{as}/{who}', 204, null);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(del).toHaveLength(1));
    expect(del[0].url.pathname).toMatch(/\/banned\/peerhost_net\/10\.0\.0\.0%2F8$/);

    const clear = mockApi('delete', '/banned', 204, null);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const pop = await screen.findByText(/Remove every ban/);
    await user.click(within(pop.closest('.ant-popover')!).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(clear).toHaveLength(1));
  });

  it('hides write actions from a viewer', async () => {
    setup('viewer');
    expect(await screen.findByText('bad-device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Blacklist/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
