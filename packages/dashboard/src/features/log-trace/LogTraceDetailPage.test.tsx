import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import LogTraceDetailPage from './LogTraceDetailPage';
import { MAX_VIEW_BYTES, PAGE_BYTES } from './log-trace.api';
import { aTrace } from './log-trace.testing';

function render(status: 'running' | 'stopped', pages: (position: number) => { items: string; meta: { position: number; bytes: number } }) {
  mockApi('get', '/trace', 200, [aTrace({ status })]);
  mockApi('get', '/trace/{name}/log_detail', 200, [{ node: 'emqx@127.0.0.1', size: 10, mtime: 1 }]);
  const calls = mockApi('get', '/trace/{name}/log', 200, (req) => pages(Number(req.url.searchParams.get('position'))));
  renderWithProviders(<LogTraceDetailPage />, { route: '/log-trace/detail/trace1', path: '/log-trace/detail/:id' });
  return calls;
}

describe('LogTraceDetailPage', () => {
  it('reads the log page by page (50 KiB) on the node with the newest file', async () => {
    const lines = ['first line\n', 'second line\n'];
    const calls = render('stopped', (position) => {
      const i = position === 0 ? 0 : position === 11 ? 1 : 2;
      const items = lines[i] ?? '';
      return { items, meta: { position: position + items.length, bytes: PAGE_BYTES } };
    });
    expect(await screen.findByText(/first line\s+second line/)).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('bytes')).toBe(String(PAGE_BYTES));
    expect(calls[0].url.searchParams.get('node')).toBe('emqx@127.0.0.1');
    expect(calls.map((c) => c.url.searchParams.get('position'))).toEqual(['0', '11', '23']);
  });

  it('follows new lines while the trace runs', async () => {
    let size = 0;
    const calls = render('running', (position) => {
      // a new line appears once the first read reached the end
      if (position === 0 && size === 0) {
        size = 6;
        return { items: 'line1\n', meta: { position: 6, bytes: PAGE_BYTES } };
      }
      if (position === 6 && calls.length > 3) return { items: 'line2\n', meta: { position: 12, bytes: PAGE_BYTES } };
      return { items: '', meta: { position, bytes: PAGE_BYTES } };
    });
    expect(await screen.findByText(/line1/)).toBeInTheDocument();
    expect(screen.getByText(/Following new lines/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/line1\s+line2/)).toBeInTheDocument(), { timeout: 8000 });
  }, 15_000);

  it('stops at 5 MiB and says the trace is too long', async () => {
    render('stopped', (position) => ({ items: 'x', meta: { position: position + MAX_VIEW_BYTES, bytes: PAGE_BYTES } }));
    expect(await screen.findByText('The Trace is too long, you better download to view')).toBeInTheDocument();
  });

  it('lists the payloads of the log, decodable with the decoder remembered for their topic', async () => {
    // Issue 14: a JSON decoder remembered for sensors/#; the hex-encoded payload of the trace line is the exact bytes
    localStorage.setItem('mqdeck.payloadDecoders', JSON.stringify([{ filter: 'sensors/#', decoder: 'json' }]));
    const hex = Array.from(new TextEncoder().encode('{"t":21}'), (b) => b.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
    const line = `2026-11-26T22:00:00.000001+00:00 [PUBLISH] c1@127.0.0.1:5000 msg: publish_to, payload_encode: hex, qos: 1, topic: sensors/a, payload: ${hex}\n`;
    const user = userEvent.setup();
    render('stopped', (position) => ({ items: position === 0 ? line : '', meta: { position: position === 0 ? line.length : position, bytes: PAGE_BYTES } }));
    expect(await screen.findByText('Payloads in this log (1)')).toBeInTheDocument();
    await user.click(screen.getByText('sensors/a'));
    await waitFor(() => expect(screen.getByTestId('payload-content').textContent).toBe(JSON.stringify({ t: 21 }, null, 2)));
    expect(screen.getByTestId('decoder-remembered')).toHaveTextContent('Remembered for sensors/#');
  });

  it('says when there is no such trace', async () => {
    mockApi('get', '/trace', 200, []);
    mockApi('get', '/trace/{name}/log_detail', 200, []);
    renderWithProviders(<LogTraceDetailPage />, { route: '/log-trace/detail/nope', path: '/log-trace/detail/:id' });
    expect(await screen.findByText('There is no trace named nope.')).toBeInTheDocument();
  });
});
