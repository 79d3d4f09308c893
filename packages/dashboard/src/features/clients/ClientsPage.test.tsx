import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';

// The machine running the suite can be busy: give async UI updates room.
const SLOW = { timeout: 8000 };
import ClientsPage, { CLIENT_COLUMNS_KEY } from './ClientsPage';

const c1 = {
  clientid: 'sensor-1',
  username: 'alice',
  connected: true,
  ip_address: '10.0.0.7',
  port: 50123,
  keepalive: 60,
  clean_start: true,
  expiry_interval: 0,
  connected_at: '2024-01-01T12:34:56.789+00:00',
};
const c2 = { ...c1, clientid: 'sensor-2', username: undefined, connected: false, port: 50124 };

function setup(opts: { route?: string; count?: number; hasnext?: boolean; role?: string } = {}) {
  const lists = mockApi('get', '/clients', 200, ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    return {
      data: page > 3 ? [] : [c1, c2],
      meta: { page, limit: Number(url.searchParams.get('limit')), hasnext: opts.hasnext ?? false, count: opts.count },
    };
  });
  mockApi('get', '/nodes', 200, [{ node: 'mqdeck@127.0.0.1' }]);
  const session = opts.role ? { token: 't', username: 'v', role: opts.role, edition: 'ee' } : undefined;
  const r = renderWithProviders(<ClientsPage />, { route: opts.route ?? '/clients', path: '/clients', session });
  return { lists, ...r };
}

const last = (calls: { url: URL }[]) => calls[calls.length - 1].url.searchParams;

describe('ClientsPage', { timeout: 60_000 }, () => {
  it('lists clients with the spec columns and links to the detail', async () => {
    setup({ count: 2 });
    const link = await screen.findByRole('link', { name: 'sensor-1' }, SLOW);
    expect(link).toHaveAttribute('href', '/clients/detail/sensor-1');
    expect(screen.getByText('10.0.0.7:50123')).toBeInTheDocument();
    expect(screen.getAllByText('Connected').length).toBeGreaterThan(0);
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(screen.getAllByText(/^2024-01-01 \d\d:\d\d:56$/)).toHaveLength(2);
  });

  it('fuzzy search sends like_clientid; exact search repeats clientid', async () => {
    const { lists, user } = setup({ count: 2 });
    await screen.findByText('sensor-1', {}, SLOW);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'sens{Enter}');
    await waitFor(() => expect(last(lists).get('like_clientid')).toBe('sens'), SLOW);
    expect(last(lists).has('clientid')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Exact / Fuzzy' }));
    await user.click(await screen.findByTitle('Exact', {}, SLOW));
    await user.clear(search);
    await user.type(search, 'a, b{Enter}');
    await waitFor(() => expect(last(lists).getAll('clientid')).toEqual(['a', 'b']), SLOW);
    expect(last(lists).toString()).toContain('clientid=a&clientid=b');
    expect(last(lists).has('like_clientid')).toBe(false);
  });

  it('sends the select filters and goes back to page 1', async () => {
    const { lists, user } = setup({ route: '/clients?page=2', count: 100 });
    await screen.findByText('sensor-1', {}, SLOW);
    expect(last(lists).get('page')).toBe('2');
    await user.click(screen.getByRole('combobox', { name: 'Connection state' }));
    await user.click(await screen.findByTitle('Disconnected', {}, SLOW));
    await waitFor(() => expect(last(lists).get('conn_state')).toBe('disconnected'), SLOW);
    expect(last(lists).get('page')).toBe('1');
    await user.click(screen.getByRole('combobox', { name: 'Protocol version' }));
    await user.click(await screen.findByTitle('MQTT v5.0', {}, SLOW));
    await waitFor(() => expect(last(lists).get('proto_ver')).toBe('5'), SLOW);
  });

  it('pages with prev/next when the server sends no count', async () => {
    const { lists, user } = setup({ hasnext: true });
    await screen.findByText('sensor-1', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(last(lists).get('page')).toBe('2'), SLOW);
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  it('an empty page past the first goes back to page 1 with a notice', async () => {
    const { lists } = setup({ route: '/clients?page=9', count: 2 });
    expect(await screen.findByText('No data available on this page. Redirected to the first page.', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(last(lists).get('page')).toBe('1'), SLOW);
  });

  it('column chooser hides columns, remembers them, and keeps at least one', async () => {
    const { user } = setup({ count: 2 });
    await screen.findByText('sensor-1', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const boxes = await screen.findAllByRole('checkbox', { name: /Client ID|Username|Status|IP Address|Keepalive|Clean Start|Session Expiry|Connected At|Actions/ }, SLOW);
    await user.click(within(document.body).getByRole('checkbox', { name: 'Username' }));
    expect(JSON.parse(localStorage.getItem(CLIENT_COLUMNS_KEY) ?? '[]')).toContain('username');
    expect(screen.queryByRole('columnheader', { name: 'Username' })).not.toBeInTheDocument();
    for (const box of boxes) if ((box as HTMLInputElement).checked) await user.click(box);
    expect(await screen.findByText('At least one column must be selected.', {}, SLOW)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CLIENT_COLUMNS_KEY) ?? '[]')).toHaveLength(boxes.length - 1);
  });

  it('kicks out the selected clients in one bulk call', async () => {
    const bulk = mockApi('post', '/clients/kickout/bulk', 204, null);
    const { user } = setup({ count: 2 });
    await screen.findByText('sensor-1', {}, SLOW);
    const kick = screen.getByRole('button', { name: 'Kick Out Selected' });
    expect(kick).toBeDisabled();
    const rows = screen.getAllByRole('row');
    for (const id of ['sensor-1', 'sensor-2']) {
      const row = rows.find((r) => within(r).queryByText(id));
      await user.click(within(row as HTMLElement).getByRole('checkbox'));
    }
    await user.click(kick);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    await waitFor(() => expect(bulk).toHaveLength(1), SLOW);
    expect(bulk[0].body).toEqual(['sensor-1', 'sensor-2']);
    expect(await screen.findByText('Kicked out successfully', {}, SLOW)).toBeInTheDocument();
  });

  it('offers kick out for connected and clean session for disconnected clients', async () => {
    setup({ count: 2 });
    await screen.findByText('sensor-1', {}, SLOW);
    expect(screen.getByRole('button', { name: 'Kick Out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clean Session' })).toBeInTheDocument();
  });

  it('hides every write action from a viewer', async () => {
    setup({ count: 2, role: 'viewer' });
    await screen.findByText('sensor-1', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Kick Out Selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kick Out' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
