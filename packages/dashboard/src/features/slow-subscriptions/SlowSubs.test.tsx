import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import SlowSubsPage from './SlowSubsPage';
import SlowSubsSettingsPage from './SlowSubsSettingsPage';
import type { SlowSubsSettings } from './slow-subscriptions.api';

const SETTINGS: SlowSubsSettings = { enable: true, threshold: '500ms', expire_interval: '300s', top_k_num: 10, stats_type: 'whole' };
const rec = { clientid: 'slow-1', node: 'emqx@127.0.0.1', topic: 't/slow', timespan: 1500, last_update_time: 1_767_225_600_000 };

describe('slow subscriptions', () => {
  it('ranks the slowest pairs and clears the ranking', async () => {
    mockApi('get', '/slow_subscriptions/settings', 200, SETTINGS);
    const gets = mockApi('get', '/slow_subscriptions', 200, { data: [rec, { ...rec, clientid: 'slow-2', timespan: 800 }] });
    const { user } = renderWithProviders(<SlowSubsPage />);
    const row = (await screen.findByText('slow-1')).closest('tr')!;
    expect(within(row).getByText('1')).toBeInTheDocument(); // rank
    expect(within(row).getByText('t/slow')).toBeInTheDocument();
    expect(within(row).getByText('1,500 ms')).toBeInTheDocument();
    expect(gets[0].url.searchParams.get('limit')).toBe('1000');
    const deletes = mockApi('delete', '/slow_subscriptions', 204, null);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
  });

  it('says when the feature is off and enables it in one click', async () => {
    mockApi('get', '/slow_subscriptions/settings', 200, { ...SETTINGS, enable: false });
    mockApi('get', '/slow_subscriptions', 200, { data: [] });
    const puts = mockApi('put', '/slow_subscriptions/settings', 200, (req) => req.body);
    const { user } = renderWithProviders(<SlowSubsPage />);
    expect(await screen.findByText('Slow subscriptions are disabled: nothing is measured.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...SETTINGS, enable: true });
  });

  it('saves the settings with the chosen stats type', async () => {
    mockApi('get', '/slow_subscriptions/settings', 200, SETTINGS);
    mockApi('get', '/schemas/{name}', 200, {});
    const puts = mockApi('put', '/slow_subscriptions/settings', 200, (req) => req.body);
    const { user } = renderWithProviders(<SlowSubsSettingsPage />);
    const topK = await screen.findByLabelText('Max Records');
    await waitFor(() => expect(topK).toHaveValue('10'));
    await user.clear(topK);
    await user.type(topK, '20');
    await user.click(screen.getByLabelText('Stats Type'));
    await user.click(await screen.findByTitle('Response'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...SETTINGS, top_k_num: 20, stats_type: 'response' });
  });
});
