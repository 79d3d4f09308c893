import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockJson, mockResourceSchemas } from '../connectors/connectors.testing';
import ActionDetailPage from './ActionDetailPage';

const action = {
  type: 'mqtt',
  name: 'fwd',
  connector: 'remote',
  enable: true,
  status: 'connected',
  node_status: [{ node: 'mqdeck@127.0.0.1', status: 'connected' }],
  parameters: { topic: 'out/${topic}', qos: 1 },
  resource_opts: { batch_size: 1 },
};

function setup(route = '/rule/actions/mqtt:fwd', shown: object = action) {
  mockResourceSchemas();
  mockJson('get', '/actions/:id', 200, shown);
  mockJson('get', '/connectors', 200, [{ type: 'mqtt', name: 'remote', server: '127.0.0.1:1884' }]);
  mockJson('get', '/actions/:id/metrics', 200, {
    metrics: { matched: 7, success: 5, failed: 1, dropped: 1, 'dropped.queue_full': 1, queuing: 0, inflight: 0, retried: 2, rate: 1.5 },
    node_metrics: [{ node: 'mqdeck@127.0.0.1', metrics: { matched: 7, success: 5 } }],
  });
  return renderWithProviders(<ActionDetailPage />, { route, path: '/rule/actions/:id' });
}

describe('ActionDetailPage', () => {
  it('shows status and statistics, and resets them', async () => {
    const { user } = setup();
    const reset = mockJson('put', '/actions/:id/metrics/reset', 204, null);
    expect((await screen.findAllByText('Sent Successfully'))[0]).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('7').length).toBeGreaterThan(0));
    expect(screen.getByText('Queue full')).toBeInTheDocument();
    expect(screen.getByText('mqdeck@127.0.0.1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Statistics' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(reset).toHaveLength(1));
    expect(await screen.findByText('Reset successfully')).toBeInTheDocument();
  });

  it('updates the settings after saying the action restarts', async () => {
    const { user } = setup('/rule/actions/mqtt:fwd?tab=settings');
    const put = mockJson('put', '/actions/:id', 200, action);
    const topic = await screen.findByLabelText('Topic');
    expect(topic).toHaveValue('out/${topic}');
    await user.clear(topic);
    await user.type(topic, 'copy/all');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findAllByText(/Updating configuration will cause the Action to restart/))[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0].body).toMatchObject({ connector: 'remote', parameters: { topic: 'copy/all', qos: 1 } });
    expect(put[0].body).not.toHaveProperty('name');
    expect(put[0].body).not.toHaveProperty('status');
  });

  it('reconnects the action on a node where it is down', async () => {
    const { user } = setup('/rule/actions/mqtt:fwd', { ...action, status: 'inconsistent', node_status: [{ node: 'mqdeck@127.0.0.1', status: 'disconnected' }] });
    const start = mockJson('post', '/nodes/:node/actions/:id/:operation', 204, null);
    const cell = (await screen.findAllByText('mqdeck@127.0.0.1')).at(-1)!;
    // by text: role queries over the whole detail page are slow in jsdom
    await user.click(within(cell.closest('tr')!).getByText('Reconnect'));
    await waitFor(() => expect(start).toHaveLength(1));
    expect(decodeURIComponent(start[0].url.pathname)).toMatch(/\/nodes\/mqdeck@127.0.0.1\/actions\/mqtt:fwd\/start$/);
  });
});
