import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import MetricsPage from './MetricsPage';

const CLUSTER_COUNTERS = {
  'messages.received': 42,
  'messages.sent': 40,
  'bytes.received': 2048,
  'packets.connect.received': 3,
  'client.connected': 3,
  'client.authenticate': 3,
  'session.created': 2,
  'authorization.allow': 5,
  'authorization.deny': 1,
  'authorization.cache_hit': 4,
  'delivery.dropped.no_local': 1,
  'overload_protection.gc': 0,
};

function setup(route = '/dashboard/metrics') {
  // aggregate=true → one summed object; aggregate=false → the array form, one object per node.
  const calls = mockApi('get', '/metrics', 200, ({ url }) =>
    url.searchParams.get('aggregate') === 'true'
      ? CLUSTER_COUNTERS
      : [
          { node: 'emqx@127.0.0.2', 'messages.received': 35 },
          { node: 'emqx@127.0.0.1', 'messages.received': 7 },
        ],
  );
  mockApi('get', '/stats', 200, ({ url }) =>
    url.searchParams.get('aggregate') === 'true' ? { 'connections.count': 3, 'connections.max': 4 } : [{ node: 'emqx@127.0.0.1', 'connections.count': 1, 'connections.max': 2 }],
  );
  const cluster = calls;
  mockApi('get', '/nodes', 200, [{ node: 'emqx@127.0.0.1', node_status: 'running' }]);
  return { cluster, ...renderWithProviders(<MetricsPage />, { route, path: '/dashboard/metrics' }) };
}

const group = (title: string) => screen.getByTestId(`counter-group-${title}`);
const row = (container: HTMLElement, name: string) => within(container).getByText(name).closest('tr') as HTMLElement;

describe('MetricsPage', () => {
  it('puts every counter of /metrics?aggregate=true in its group, with label and value', async () => {
    const { cluster } = setup();
    await screen.findByText('messages.received');
    expect(cluster[0].url.searchParams.get('aggregate')).toBe('true');
    expect(row(group('Messages'), 'messages.received')).toHaveTextContent('Messages received42');
    expect(row(group('Traffic'), 'bytes.received')).toHaveTextContent('2,048');
    expect(row(group('MQTT packets'), 'packets.connect.received')).toHaveTextContent('CONNECT packets received');
    expect(row(group('Connections'), 'client.connected')).toHaveTextContent('3');
    const auth = group('Authentication & authorization');
    for (const n of ['client.authenticate', 'authorization.allow', 'authorization.deny', 'authorization.cache_hit']) {
      expect(within(auth).getByText(n)).toBeInTheDocument();
    }
    expect(within(group('Connections')).queryByText('client.authenticate')).toBeNull();
    expect(row(group('Sessions'), 'session.created')).toHaveTextContent('2');
    expect(row(group('Delivery drops'), 'delivery.dropped.no_local')).toHaveTextContent('1');
    expect(within(group('Other')).getByText('overload_protection.gc')).toBeInTheDocument();
    expect(row(screen.getByTestId('stats-table'), 'connections')).toHaveTextContent('Connections34');
  });

  it('switches to one node through the per-node array form and keeps the choice in the URL', async () => {
    const { cluster, user, router } = setup();
    await screen.findByText('messages.received');
    await user.click(screen.getByRole('combobox', { name: 'Scope' }));
    await user.click(await screen.findByTitle('emqx@127.0.0.1'));
    await waitFor(() => expect(cluster.at(-1)?.url.searchParams.get('aggregate')).toBe('false'));
    await waitFor(() => expect(row(group('Messages'), 'messages.received')).toHaveTextContent('Messages received7'));
    expect(row(screen.getByTestId('stats-table'), 'connections')).toHaveTextContent('Connections12');
    expect(router.state.location.search).toBe('?node=emqx%40127.0.0.1');
  });

  it('refetches on demand', async () => {
    const { cluster, user } = setup();
    await screen.findByText('messages.received');
    const before = cluster.length;
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(cluster.length).toBe(before + 1));
  });
});
