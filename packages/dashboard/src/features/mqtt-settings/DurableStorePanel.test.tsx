// Durable Sessions screen: the stored-message figures of MQDeck's node (extension durable_store), hidden in front
// of a real EMQX.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockNodeKind, server } from '../../../test/msw';
import { aGlobalZone } from '../../../test/fixtures/configs';
import DurableSessionsPage from './DurableSessionsPage';
import type { DurableStore } from './DurableStorePanel';

const SLOW = { timeout: 20_000 };
const durable = {
  enable: true,
  batch_size: 100,
  idle_poll_interval: '10s',
  heartbeat_interval: '5000ms',
  session_gc_interval: '10m',
  session_gc_batch_size: 100,
  message_retention_period: '1d',
};

function render(store: DurableStore | null) {
  mockApi('get', '/schemas/{name}', 200, { components: { schemas: {} } });
  mockApi('get', '/configs/global_zone', 200, aGlobalZone({ durable_sessions: durable }));
  const asked: string[] = [];
  server.use(
    http.get('*/api/v5/mqdeck/durable_sessions', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json(store);
    }),
  );
  renderWithProviders(<DurableSessionsPage />, { session: { token: 't', username: 'admin', edition: 'ee', role: 'administrator' } });
  return asked;
}

describe('Durable Sessions: stored messages', { timeout: 60_000 }, () => {
  it('shows what the store holds and what the retention period dropped', async () => {
    mockNodeKind('mqdeck', ['durable_store']);
    render({ enable: true, messages: 12_345, sessions: 3, oldest_at: '2026-11-26T10:01:00.000+00:00', message_retention_period: '1d', retention_expired: 7 });
    expect(await screen.findByText('Stored Messages', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('12,345')).toBeInTheDocument();
    expect(screen.getByText('Sessions holding messages')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Dropped after the retention period (1d)')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
  });

  it('says that nothing is stored while durable sessions are off', async () => {
    mockNodeKind('mqdeck', ['durable_store']);
    render({ enable: false, messages: 0, sessions: 0, oldest_at: null, message_retention_period: '1d', retention_expired: 0 });
    expect(await screen.findByText(/Durable sessions are off: nothing is stored/, {}, SLOW)).toBeInTheDocument();
  });

  it('is not shown in front of a real EMQX, which is not asked', async () => {
    mockNodeKind('emqx');
    const asked = render(null);
    expect(await screen.findByLabelText('Message Query Batch Size', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Stored Messages')).toBeNull();
    expect(asked).toEqual([]);
  });
});
