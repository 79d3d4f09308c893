import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, mockApiError } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import OverviewPage from './OverviewPage';

function setup(route = '/dashboard/overview') {
  const current = mockApi('get', '/monitor_current', 200, {
    connections: 1234,
    live_connections: 1200,
    subscriptions: 56,
    shared_subscriptions: 2,
    topics: 7,
    retained_msg_count: 3,
    received_msg_rate: 12,
    sent_msg_rate: 34,
    dropped_msg_rate: 5,
  });
  mockApi('get', '/stats', 200, { 'connections.count': 1234, 'connections.max': 2000, 'topics.max': 9 });
  mockApi('get', '/nodes', 200, [
    {
      node: 'emqx@127.0.0.1',
      node_status: 'running',
      role: 'core',
      version: '5.8.1',
      uptime: 90_061_000,
      memory_used: '1.00G',
      memory_total: '4.00G',
      load1: 0.5,
      load5: 0.25,
      load15: 0.125,
    },
  ]);
  const history = mockApi('get', '/monitor', 200, ({ url }) => {
    const latest = Number(url.searchParams.get('latest'));
    const now = Date.now();
    return [
      { time_stamp: now - latest * 1000, connections: 1, received: 10 },
      { time_stamp: now, connections: 2, received: 20 },
    ];
  });
  return { current, history, ...renderWithProviders(<OverviewPage />, { route, path: '/dashboard/overview' }) };
}

describe('OverviewPage', () => {
  // jsdom has no 2D canvas; say so quietly instead of its "not implemented" log (charts then stay empty).
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows the gauges and rates of /monitor_current and the peaks of /stats', async () => {
    setup();
    const connections = await screen.findByTestId('count-connections');
    await waitFor(() => expect(connections).toHaveTextContent('1,234'));
    expect(connections).toHaveTextContent('Peak: 2,000');
    expect(screen.getByTestId('count-live')).toHaveTextContent('1,200');
    expect(screen.getByTestId('count-subscriptions')).toHaveTextContent('56');
    expect(screen.getByTestId('count-subscriptions')).toHaveTextContent('Shared subscriptions: 2');
    expect(screen.getByTestId('count-topics')).toHaveTextContent('Peak: 9');
    expect(screen.getByTestId('count-retained')).toHaveTextContent('3');
    const rates = screen.getByText('Incoming message rate').closest('.ant-statistic') as HTMLElement;
    expect(within(rates).getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Outgoing message rate').closest('.ant-statistic')).toHaveTextContent('34');
    expect(screen.getByText('Dropped message rate').closest('.ant-statistic')).toHaveTextContent('5');
  });

  it('shows a card per node with version, role, load and memory', async () => {
    setup();
    const card = await screen.findByTestId('node-card');
    expect(within(card).getByRole('link', { name: 'emqx@127.0.0.1' })).toHaveAttribute('href', '/dashboard/nodes/emqx%40127.0.0.1');
    expect(card).toHaveTextContent('5.8.1');
    expect(card).toHaveTextContent('1d 1h 1m 1s');
    expect(card).toHaveTextContent('Core');
    expect(card).toHaveTextContent('0.50 / 0.25 / 0.13');
    expect(card).toHaveTextContent('1.00G of 4.00G');
  });

  it('asks /monitor for the last hour, then for the range picked', async () => {
    const { history, user, router } = setup();
    await waitFor(() => expect(history.length).toBeGreaterThan(0));
    expect(history[0].url.searchParams.get('latest')).toBe('3600');
    await user.click(screen.getByRole('combobox', { name: 'Time range' }));
    await user.click(await screen.findByTitle('Last 6 hours'));
    await waitFor(() => expect(history.at(-1)?.url.searchParams.get('latest')).toBe('21600'));
    expect(router.state.location.search).toBe('?range=21600');
  });

  it('starts from the range in the URL and ignores a range the console does not offer', async () => {
    const first = setup('/dashboard/overview?range=604800');
    await waitFor(() => expect(first.history[0]?.url.searchParams.get('latest')).toBe('604800'));
    first.unmount();
    const second = setup('/dashboard/overview?range=5');
    await waitFor(() => expect(second.history[0]?.url.searchParams.get('latest')).toBe('3600'));
  });

  it('shows a failed poll inline instead of toasting it', async () => {
    setup();
    mockApiError('get', '/monitor_current', 503, 'SERVICE_UNAVAILABLE', 'node is shutting down');
    mockApiError('get', '/monitor', 400, 'BAD_RPC', 'Bad RPC');
    expect(await screen.findByText('Could not load monitoring data: The node is not available: node is shutting down')).toBeInTheDocument();
    expect(await screen.findByText('Could not load monitoring data: Bad RPC')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});
