import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, mockApiError, mockNodeKind } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';

// The machine running the suite can be busy: give async UI updates room.
const SLOW = { timeout: 20_000 };
import ClientDetailPage from './ClientDetailPage';

const client = {
  clientid: 'dev/1',
  username: 'alice',
  node: 'mqdeck@127.0.0.1',
  connected: true,
  proto_name: 'MQTT',
  proto_ver: 5,
  ip_address: '10.0.0.7',
  port: 50123,
  keepalive: 60,
  clean_start: false,
  expiry_interval: 7200,
  created_at: '2024-01-01T12:00:00.000+00:00',
  connected_at: '2024-01-01T12:00:00.000+00:00',
  is_bridge: false,
  subscriptions_cnt: 1,
  subscriptions_max: 10,
  inflight_cnt: 0,
  inflight_max: 32,
  mqueue_len: 3,
  mqueue_max: 1000,
  mqueue_dropped: 2,
  awaiting_rel_cnt: 0,
  awaiting_rel_max: 100,
  heap_size: 610,
  reductions: 123456,
  mailbox_len: 0,
  recv_pkt: 42,
  send_pkt: 17,
  'send_msg.dropped.queue_full': 5,
};

const PATH = '/clients/detail/:clientId';
const ROUTE = `/clients/detail/${encodeURIComponent('dev/1')}`;

function setup(extra: Record<string, unknown> = {}) {
  const detail = mockApi('get', '/clients/{clientid}', 200, { ...client, ...extra });
  const subs = mockApi('get', '/clients/{clientid}/subscriptions', 200, [{ topic: 'room/+/temp', qos: 1, nl: 0, rap: 1, rh: 0, clientid: 'dev/1', node: 'mqdeck@127.0.0.1' }]);
  return { detail, subs, ...renderWithProviders(<ClientDetailPage />, { route: ROUTE, path: PATH }) };
}

describe('ClientDetailPage', { timeout: 60_000 }, () => {
  it('shows the detail fields, counters and subscriptions of the client', async () => {
    const { detail } = setup({ listener: 'ssl:default', client_attrs: { tenant: '<b>acme</b>' } });
    expect(await screen.findByText('room/+/temp', {}, SLOW)).toBeInTheDocument();
    expect(detail[0].url.pathname).toMatch(/\/api\/v5\/clients\/dev%2F1$/);
    expect(screen.getByText('mqdeck@127.0.0.1')).toBeInTheDocument();
    expect(screen.getByText('MQTT v5.0')).toBeInTheDocument();
    expect(screen.getByText('ssl:default')).toBeInTheDocument();
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
    expect(screen.getByText('3 / 1,000')).toBeInTheDocument();
    expect(screen.getByText('Dropped from Queue').closest('.ant-descriptions-item')).toHaveTextContent('Dropped from Queue2');
    expect(screen.getByText('123,456')).toBeInTheDocument();
    const full = screen.getByText('Dropped (queue full)').closest('tr') as HTMLElement;
    expect(within(full).getByText('5')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Subscriptions (1)' })).toBeInTheDocument();
  });

  it('leaves out heap size and reductions in front of our node, which has no such figures', async () => {
    mockNodeKind('mqdeck');
    setup({ heap_size: 0, reductions: 0, mailbox_len: 2048 });
    expect(await screen.findByText('Bytes waiting to be sent', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('2,048')).toBeInTheDocument();
    for (const gone of ['Heap Size', 'Reductions', 'Mailbox Length']) expect(screen.queryByText(gone)).not.toBeInTheDocument();
  });

  it('says the client does not exist on 404', async () => {
    mockApiError('get', '/clients/{clientid}', 404, 'CLIENTID_NOT_FOUND', 'Client ID not found');
    renderWithProviders(<ClientDetailPage />, { route: ROUTE, path: PATH });
    expect(await screen.findByText('The client does not exist', {}, SLOW)).toBeInTheDocument();
    // Handled by the page: no global error toast.
    expect(screen.queryByText(/CLIENTID_NOT_FOUND/)).not.toBeInTheDocument();
  });

  it('reports other load errors with a retry', async () => {
    mockApiError('get', '/clients/{clientid}', 500, 'INTERNAL_ERROR', 'boom');
    renderWithProviders(<ClientDetailPage />, { route: ROUTE, path: PATH });
    expect(await screen.findByText("There are some errors occurred in retrieving the client's detail", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('adds a subscription with the MQTT 5 options; a misplaced wildcard is refused', async () => {
    const post = mockApi('post', '/clients/{clientid}/subscribe', 200, { topic: 'a/b', qos: 2, nl: 0, rap: 0, rh: 0 });
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Add Subscription/ }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please enter topic', {}, SLOW)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Topic'), 'a/#/b');
    expect(await within(dialog).findByText('Invalid use of "#" wildcard', {}, SLOW)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Topic'));
    await user.type(within(dialog).getByLabelText('Topic'), ' a/b ');
    await user.click(within(dialog).getByLabelText('QoS'));
    await user.click(await screen.findByTitle('QoS 2', {}, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(post).toHaveLength(1), SLOW);
    expect(post[0].body).toEqual({ topic: 'a/b', qos: 2, nl: 0, rap: 0, rh: 0 });
    expect(await screen.findByText('Subscribed successfully', {}, SLOW)).toBeInTheDocument();
  });

  // Issue 20 item 8: subscribing twice to the same topic was accepted; the spec rejects repeated topics.
  it('refuses a topic the client is subscribed to already with "Repeated topic"', async () => {
    const post = mockApi('post', '/clients/{clientid}/subscribe', 200, { topic: 'room/+/temp', qos: 0, nl: 0, rap: 0, rh: 0 });
    const { user } = setup();
    await screen.findByText('room/+/temp', {}, SLOW);
    await user.click(await screen.findByRole('button', { name: /Add Subscription/ }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.type(within(dialog).getByLabelText('Topic'), 'room/+/temp');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Repeated topic', {}, SLOW)).toBeInTheDocument();
    expect(post).toHaveLength(0);
  });

  it('unsubscribes after confirmation', async () => {
    const unsub = mockApi('post', '/clients/{clientid}/unsubscribe', 204, null);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    await waitFor(() => expect(unsub).toHaveLength(1), SLOW);
    expect(unsub[0].body).toEqual({ topic: 'room/+/temp' });
  });

  it('kicks out a connected client and returns to the list', async () => {
    const del = mockApi('delete', '/clients/{clientid}', 204, null);
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Kick Out' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    await waitFor(() => expect(del).toHaveLength(1), SLOW);
    expect(await screen.findByText('Kicked out successfully', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'), SLOW);
  });

  it('offers clean session for a disconnected persistent session', async () => {
    const del = mockApi('delete', '/clients/{clientid}', 204, null);
    const { user } = setup({ connected: false, disconnected_at: '2024-01-01T13:00:00.000+00:00' });
    await user.click(await screen.findByRole('button', { name: 'Clean Session' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    await waitFor(() => expect(del).toHaveLength(1), SLOW);
    expect(await screen.findByText('Session cleared successfully', {}, SLOW)).toBeInTheDocument();
  });

  it('pages the message queue by position and shows payloads as text', async () => {
    const mq = mockApi('get', '/clients/{clientid}/mqueue_messages', 200, ({ url }) =>
      url.searchParams.get('position') === 'none'
        ? {
            // a full page (the default limit, 20): EMQX 5.8 sends no end marker, so only a short page is the last
            data: [
              { msgid: 'm1', topic: 't/1', qos: 1, payload: btoa('<img src=x onerror=alert(1)>'), publish_at: 0, inserted_at: '1', mqueue_priority: 'infinity' as const },
              ...Array.from({ length: 19 }, (_, i) => ({ msgid: `f${i}`, topic: `fill/${i}`, qos: 1 as const, payload: '', publish_at: 0, inserted_at: `f${i}` })),
            ],
            meta: { start: '1_infinity', position: '111_infinity' },
          }
        : { data: [{ msgid: 'm2', topic: 't/2', qos: 1, payload: btoa('{"a":1}'), publish_at: 0, inserted_at: '2' }], meta: { start: '1_infinity', position: '112_infinity' } },
    );
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Message Queue' }, SLOW));
    expect(await screen.findByText('t/1', {}, SLOW)).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    await user.click(within(panel).getAllByRole('button', { name: /expand row/i })[0]);
    expect(await screen.findByText('<img src=x onerror=alert(1)>', {}, SLOW)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('t/2', {}, SLOW)).toBeInTheDocument();
    expect(mq[mq.length - 1].url.searchParams.get('position')).toBe('111_infinity');
    expect(within(panel).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('t/1', {}, SLOW)).toBeInTheDocument();
  });
});
