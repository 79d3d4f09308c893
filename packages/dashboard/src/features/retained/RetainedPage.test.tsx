import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, mockApiError } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import RetainedPage from './RetainedPage';

// The machine running the suite can be busy: give async UI updates room.
const SLOW = { timeout: 8000 };

const retainer = {
  enable: true,
  msg_expiry_interval: '0s',
  msg_clear_interval: '0s',
  max_payload_size: '1MB',
  stop_publish_clear_msg: false,
  delivery_rate: 'infinity',
};
const row = {
  msgid: 'AAA',
  topic: 'home/lamp',
  qos: 1,
  from_clientid: 'pub-1',
  from_username: 'undefined',
  publish_at: '2024-01-01T12:00:00.000+00:00',
};

function setup(opts: { enable?: boolean; role?: string } = {}) {
  const list = mockApi('get', '/mqtt/retainer/messages', 200, ({ url }) => ({
    data: [row],
    meta: { page: Number(url.searchParams.get('page')), limit: 20, hasnext: false, ...(url.searchParams.has('topic') ? {} : { count: 1 }) },
  }));
  mockApi('get', '/mqtt/retainer', 200, { ...retainer, enable: opts.enable ?? true });
  const session = opts.role ? { token: 't', username: 'v', role: opts.role, edition: 'ee' } : undefined;
  return { list, ...renderWithProviders(<RetainedPage />, { route: '/retained', path: '/retained', session }) };
}

describe('RetainedPage', { timeout: 60_000 }, () => {
  it('lists retained messages; the topic search is sent as a filter', async () => {
    const { list, user } = setup();
    expect(await screen.findByText('home/lamp', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('pub-1')).toBeInTheDocument();
    expect(screen.getByText('Total 1')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Topic' }), 'home/#{Enter}');
    await waitFor(() => expect(list[list.length - 1].url.searchParams.get('topic')).toBe('home/#'), SLOW);
    // No count with a topic filter: prev/next paging.
    expect(await screen.findByText('Page 1', {}, SLOW)).toBeInTheDocument();
  });

  it("never shows EMQX's literal 'undefined' publisher (messages without a username, $SYS messages)", async () => {
    const sys = { ...row, msgid: 'BBB', topic: '$SYS/brokers', from_clientid: 'undefined', from_username: 'undefined' };
    mockApi('get', '/mqtt/retainer/messages', 200, { data: [sys], meta: { page: 1, limit: 20, hasnext: false, count: 1 } });
    mockApi('get', '/mqtt/retainer', 200, retainer);
    renderWithProviders(<RetainedPage />, { route: '/retained', path: '/retained' });
    const cell = await screen.findByText('$SYS/brokers', {}, SLOW);
    const cells = within(cell.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).not.toContain('undefined');
    expect(cells.filter((c) => c.textContent === '-')).toHaveLength(2);
  });

  it('shows the payload in a drawer as text, never as HTML, in every mode', async () => {
    const html = '<img src=x onerror=alert(1)><b>bold</b>';
    const get = mockApi('get', '/mqtt/retainer/message/{topic}', 200, { ...row, payload: btoa(html) });
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Show payload' }, SLOW));
    const content = await screen.findByTestId('payload-content', {}, SLOW);
    expect(get[0].url.pathname).toMatch(/\/mqtt\/retainer\/message\/home%2Flamp$/);
    expect(content).toHaveTextContent(html);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(content.querySelector('b')).toBeNull();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByText('Hex'));
    await waitFor(() => expect(screen.getByTestId('payload-content')).toHaveTextContent(/^3c 69 6d 67/), SLOW);
    await user.click(within(dialog).getByText('Base64'));
    await waitFor(() => expect(screen.getByTestId('payload-content')).toHaveTextContent(btoa(html)), SLOW);
    await user.click(within(dialog).getByText('JSON'));
    expect(await screen.findByText('The payload is not valid JSON', {}, SLOW)).toBeInTheDocument();
  });

  it('says when the message is gone', async () => {
    mockApiError('get', '/mqtt/retainer/message/{topic}', 404, 'NOT_FOUND', "Viewed message doesn't exist");
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Show payload' }, SLOW));
    expect(await screen.findByText('The retained message no longer exists', {}, SLOW)).toBeInTheDocument();
  });

  it('deletes one message (topic URL-encoded) and clears all', async () => {
    const del = mockApi('delete', '/mqtt/retainer/message/{topic}', 204, null);
    const clear = mockApi('delete', '/mqtt/retainer/messages', 204, null);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    await waitFor(() => expect(del).toHaveLength(1), SLOW);
    expect(del[0].url.pathname).toMatch(/home%2Flamp$/);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const confirms = await screen.findAllByRole('button', { name: 'Confirm' }, SLOW);
    await user.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(clear).toHaveLength(1), SLOW);
    expect(await screen.findByText('All retained messages cleared', {}, SLOW)).toBeInTheDocument();
  });

  it('links to the settings when the retainer is disabled', async () => {
    setup({ enable: false });
    const link = await screen.findByRole('link', { name: 'Retained message is disabled, click to enable on settings page.' }, SLOW);
    expect(link).toHaveAttribute('href', '/mqtt/retainer');
  });

  it('hides delete and clear from a viewer', async () => {
    setup({ role: 'viewer' });
    await screen.findByText('home/lamp', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show payload' })).toBeInTheDocument();
  });
});
