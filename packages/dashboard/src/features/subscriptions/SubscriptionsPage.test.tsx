import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import SubscriptionsPage from './SubscriptionsPage';
import TopicsPage from './TopicsPage';

// The machine running the suite can be busy: give async UI updates room.
const SLOW = { timeout: 8000 };
const last = (calls: { url: URL }[]) => calls[calls.length - 1].url.searchParams;

describe('SubscriptionsPage', { timeout: 60_000 }, () => {
  function setup() {
    // The 5.8.1 OpenAPI JSON declares a bare array here, but EMQX answers `{data, meta}` (API.md §3.5).
    const list = mockApi('get', '/subscriptions', 200, ({ url }) => ({
      data: [
        { clientid: 'c1', topic: '$share/g1/room/+', qos: 1, nl: 0, rap: 0, rh: 0, node: 'n1@host' },
        { clientid: 'c2', topic: 'plain/t', qos: 0, nl: 1, rap: 1, rh: 2, node: 'n1@host' },
      ],
      meta: { page: Number(url.searchParams.get('page')), limit: 20, hasnext: false, count: 2 },
    }));
    mockApi('get', '/nodes', 200, [{ node: 'n1@host' }]);
    const r = renderWithProviders(<SubscriptionsPage />, { route: '/subscriptions/subscription', path: '/subscriptions/subscription' });
    return { list, ...r };
  }

  it('splits shared topics into topic and share name, links clients', async () => {
    setup();
    expect(await screen.findByText('room/+', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('g1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'c1' })).toHaveAttribute('href', '/clients/detail/c1');
  });

  it('applies all filters together', async () => {
    const { list, user } = setup();
    await screen.findByText('room/+', {}, SLOW);
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'c1');
    await user.type(screen.getByRole('textbox', { name: 'Match topic' }), 'room/#');
    await user.type(screen.getByRole('textbox', { name: 'Share group' }), 'g1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last(list).get('match_topic')).toBe('room/#'), SLOW);
    expect(last(list).get('clientid')).toBe('c1');
    expect(last(list).get('share_group')).toBe('g1');
    expect(last(list).has('topic')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'QoS' }));
    await user.click(await screen.findByTitle('QoS 1', {}, SLOW));
    await waitFor(() => expect(last(list).get('qos')).toBe('1'), SLOW);
    expect(last(list).get('clientid')).toBe('c1');
  });
});

describe('TopicsPage', { timeout: 60_000 }, () => {
  it('lists routes and searches by topic', async () => {
    const list = mockApi('get', '/topics', 200, ({ url }) => ({
      data: [{ topic: url.searchParams.get('topic') ?? 'a/b', node: 'n1@host' }],
      meta: { page: 1, limit: 20, hasnext: false },
    }));
    const { user } = renderWithProviders(<TopicsPage />, { route: '/subscriptions/topics', path: '/subscriptions/topics' });
    expect(await screen.findByText('a/b', {}, SLOW)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Topic' }), 'x/+{Enter}');
    expect(await screen.findByText('x/+', {}, SLOW)).toBeInTheDocument();
    expect(last(list).get('topic')).toBe('x/+');
  });
});
