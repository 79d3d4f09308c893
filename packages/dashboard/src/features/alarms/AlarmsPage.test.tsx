import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../test/render';
import { contractUrl, mockApi, server } from '../../../test/msw';
import AlarmsPage from './AlarmsPage';

const active = {
  node: 'emqx@127.0.0.1',
  name: 'high_cpu_usage',
  message: 'cpu 93% is high',
  details: { usage: '93%' },
  duration: 65_000,
  activate_at: '2026-01-01T00:00:00.000+00:00',
};

describe('AlarmsPage', () => {
  it('active alarms: deactivate sends the name', async () => {
    const lists = mockApi('get', '/alarms', 200, { data: [active], meta: { page: 1, limit: 20, count: 1, hasnext: false } });
    const bodies: unknown[] = [];
    server.use(
      http.post(contractUrl('/alarms/force_deactivate'), async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<AlarmsPage />, { route: '/alarm/current-alarm' });
    const row = (await screen.findByText('high_cpu_usage')).closest('tr')!;
    expect(within(row).getByText('1m 5s')).toBeInTheDocument();
    expect(lists[0].url.searchParams.get('activated')).toBe('true');
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies).toEqual([{ name: 'high_cpu_usage' }]));
  });

  it('history: asks activated=false and clears', async () => {
    const lists = mockApi('get', '/alarms', 200, { data: [{ ...active, deactivate_at: '2026-01-01T00:05:00.000+00:00' }], meta: { page: 1, limit: 20, count: 1, hasnext: false } });
    const { user } = renderWithProviders(<AlarmsPage />, { route: '/alarm/history-alarm' });
    await screen.findByText('high_cpu_usage');
    expect(lists[0].url.searchParams.get('activated')).toBe('false');
    const clears = mockApi('delete', '/alarms', 204, null);
    await user.click(screen.getByRole('button', { name: 'Clear History' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(clears).toHaveLength(1));
  });

  it('links to the alarm settings', async () => {
    mockApi('get', '/alarms', 200, { data: [], meta: { page: 1, limit: 20, count: 0, hasnext: false } });
    const { user, router } = renderWithProviders(<AlarmsPage />, { route: '/alarm/current-alarm' });
    await user.click(await screen.findByRole('button', { name: /Alarm Settings/ }));
    expect(router.state.location.pathname).toBe('/monitoring/alarm-settings');
  });
});
