import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { NodeInfo } from '@mqdeck/api';
import { mockApi, mockApiError } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import NodeDetailPage from './NodeDetailPage';
import NodesPage from './NodesPage';

const NODE: NodeInfo = {
  node: 'emqx@127.0.0.1',
  node_status: 'running',
  role: 'core',
  version: '5.8.1',
  edition: 'Opensource',
  uptime: 3_600_000,
  connections: 12,
  live_connections: 10,
  memory_used: '512.00M',
  memory_total: '2.00G',
  load1: 1.5,
  load5: 1,
  load15: 0.75,
  max_fds: 1048576,
  process_used: 600,
  process_available: 2097152,
  otp_release: '26.2.5/14.2.5',
};

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('NodesPage', () => {
  it('lists every node with its facts and opens the detail on a row click', async () => {
    mockApi('get', '/nodes', 200, [NODE, { node: 'emqx@10.0.0.2', node_status: 'stopped', role: 'core' }]);
    const { user, router } = renderWithProviders(<NodesPage />, { route: '/dashboard/nodes' });
    const link = await screen.findByRole('link', { name: 'emqx@127.0.0.1' });
    const row = link.closest('tr') as HTMLElement;
    for (const text of ['Core', 'Running', '5.8.1', '1h', '12 / 10', '512.00M of 2.00G', '1.50 / 1.00 / 0.75', '1,048,576']) {
      expect(row).toHaveTextContent(text);
    }
    // Erlang processes are a detail figure (a runtime-handle count on our node), not a list column
    expect(screen.queryByRole('columnheader', { name: /process/i })).not.toBeInTheDocument();
    const stopped = screen.getByRole('link', { name: 'emqx@10.0.0.2' }).closest('tr') as HTMLElement;
    expect(within(stopped).getByText('Stopped')).toBeInTheDocument();
    await user.click(within(row).getByText('5.8.1'));
    expect(router.state.location.pathname).toBe('/dashboard/nodes/emqx%40127.0.0.1');
  });

  it('says so when the list cannot be loaded', async () => {
    mockApiError('get', '/nodes', 500, 'INTERNAL_ERROR', 'boom');
    renderWithProviders(<NodesPage />, { route: '/dashboard/nodes' });
    expect(await screen.findByText('Could not load nodes: The node could not do it: boom')).toBeInTheDocument();
  });
});

describe('NodeDetailPage', () => {
  it('shows the node facts, its live gauges and asks for its own history', async () => {
    mockApi('get', '/nodes/{node}', 200, NODE);
    mockApi('get', '/monitor_current/nodes/{node}', 200, { connections: 12, live_connections: 10, topics: 4, received_msg_rate: 7, node_uptime: 3600 });
    const stats = mockApi('get', '/stats', 200, [
      { node: 'emqx@127.0.0.1', 'connections.count': 12, 'connections.max': 15 },
      { node: 'emqx@10.0.0.2', 'connections.count': 1, 'connections.max': 99 },
    ]);
    const history = mockApi('get', '/monitor/nodes/{node}', 200, []);
    renderWithProviders(<NodeDetailPage />, { route: '/dashboard/nodes/emqx%40127.0.0.1', path: '/dashboard/nodes/:nodeName' });
    expect(await screen.findByText('26.2.5/14.2.5')).toBeInTheDocument();
    expect(screen.getByText('5.8.1 Opensource')).toBeInTheDocument();
    expect(screen.getByText('1,048,576')).toBeInTheDocument();
    expect(screen.getByText('1.50 / 1.00 / 0.75')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count-connections')).toHaveTextContent('Peak: 15'));
    expect(stats[0].url.searchParams.get('aggregate')).toBe('false');
    expect(screen.getByTestId('count-topics')).toHaveTextContent('4');
    await waitFor(() => expect(history.length).toBeGreaterThan(0));
    expect(history[0].url.pathname).toMatch(/\/api\/v5\/monitor\/nodes\/emqx(@|%40)127\.0\.0\.1$/);
    expect(history[0].url.searchParams.get('latest')).toBe('3600');
  });

  it('shows the Node.js counterparts of the Erlang figures under labels that say what they are', async () => {
    mockApi('get', '/nodes/{node}', 200, { ...NODE, otp_release: 'node-v20.20.2', process_used: 42, process_available: 1048576 });
    mockApi('get', '/monitor_current/nodes/{node}', 200, {});
    mockApi('get', '/stats', 200, []);
    mockApi('get', '/monitor/nodes/{node}', 200, []);
    renderWithProviders(<NodeDetailPage />, { route: '/dashboard/nodes/emqx%40127.0.0.1', path: '/dashboard/nodes/:nodeName' });
    expect(await screen.findByText('Node.js v20.20.2')).toBeInTheDocument();
    expect(screen.getByText('Runtime')).toBeInTheDocument();
    expect(screen.getByText('Active runtime handles')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    for (const gone of ['OTP release', 'Erlang processes', '42 of 1,048,576']) expect(screen.queryByText(gone)).not.toBeInTheDocument();
  });

  it('shows a not-found state for an unknown node', async () => {
    const calls = mockApiError('get', '/nodes/{node}', 404, 'NOT_FOUND', 'Node not found: nope@host');
    renderWithProviders(<NodeDetailPage />, { route: '/dashboard/nodes/nope%40host', path: '/dashboard/nodes/:nodeName' });
    expect(await screen.findByText('Node not found')).toBeInTheDocument();
    expect(screen.getByText('Node nope@host does not exist or is not running.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to nodes' })).toHaveAttribute('href', '/dashboard/nodes');
    expect(calls).toHaveLength(1);
  });
});
