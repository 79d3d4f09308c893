import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../test/render';
import { contractUrl, mockApi, server } from '../../../test/msw';
import FlowControlPage from './FlowControlPage';

const RATE_TEXT = 'Please enter a properly formatted rate configuration';

// /configs/limiter is hidden from the contract, so it is mocked with plain MSW handlers.
function setup(limiter: Record<string, unknown>) {
  const puts: unknown[] = [];
  server.use(
    http.get(contractUrl('/configs/limiter'), () => HttpResponse.json(limiter)),
    http.put(contractUrl('/configs/limiter'), async ({ request }) => {
      puts.push(await request.json());
      return HttpResponse.json(limiter);
    }),
  );
  mockApi('get', '/schemas/{name}', 200, {});
  return { puts, ...renderWithProviders(<FlowControlPage />) };
}

describe('FlowControlPage', () => {
  it('offers the three node rates the node enforces, with their stored values', async () => {
    setup({ max_conn_rate: '100/s', messages_rate: '500/s', bytes_rate: '1MB/s' });
    await waitFor(() => expect(screen.getByLabelText('Max Connection Rate')).toHaveValue('100/s'), { timeout: 3000 });
    expect(screen.getByLabelText('Messages Rate')).toHaveValue('500/s');
    expect(screen.getByLabelText('Bytes Rate')).toHaveValue('1MB/s');
    expect(screen.getByText(/shared by all clients of this node together/)).toBeInTheDocument();
    expect(screen.getByText(/no message is dropped/)).toBeInTheDocument();
    expect(screen.queryByText(/not enforced/)).not.toBeInTheDocument();
  });

  it("malformed and zero rates get the spec's text and nothing is sent; valid rates and infinity are", async () => {
    const limiter = { max_conn_rate: 'infinity', messages_rate: 'infinity', bytes_rate: 'infinity' };
    const { user, puts } = setup(limiter);
    const conn = await screen.findByLabelText('Max Connection Rate');
    await waitFor(() => expect(conn).toHaveValue('infinity'));
    const messages = screen.getByLabelText('Messages Rate');
    const bytes = screen.getByLabelText('Bytes Rate');
    await user.clear(conn);
    await user.type(conn, 'many');
    await user.clear(messages);
    await user.type(messages, '0/s');
    await user.clear(bytes);
    await user.type(bytes, '10XB/s');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(RATE_TEXT)).toHaveLength(3));
    expect(puts).toHaveLength(0);
    await user.clear(conn);
    await user.type(conn, '100/s');
    await user.clear(messages);
    await user.type(messages, '2000/s');
    await user.clear(bytes);
    await user.type(bytes, 'infinity');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ max_conn_rate: '100/s', messages_rate: '2000/s', bytes_rate: 'infinity' });
  });
});
