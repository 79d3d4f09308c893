import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../test/render';
import { contractUrl, mockApi, server } from '../../../test/msw';
import FlowControlPage from './FlowControlPage';

// /configs/limiter is hidden from the contract, so it is mocked with plain MSW handlers.
describe('FlowControlPage', () => {
  it('validates the rate notation and keeps the keys it does not show', async () => {
    const limiter = { max_conn_rate: 'infinity', messages_rate: 'infinity', bytes_rate: 'infinity' };
    const puts: unknown[] = [];
    server.use(
      http.get(contractUrl('/configs/limiter'), () => HttpResponse.json(limiter)),
      http.put(contractUrl('/configs/limiter'), async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(limiter);
      }),
    );
    mockApi('get', '/schemas/{name}', 200, {} as never);
    const { user } = renderWithProviders(<FlowControlPage />);
    const rate = await screen.findByLabelText('Max Connection Rate');
    await waitFor(() => expect(rate).toHaveValue('infinity'));
    await user.clear(rate);
    await user.type(rate, 'many');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a properly formatted rate configuration')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(rate);
    await user.type(rate, '100/s');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ...limiter, max_conn_rate: '100/s' });
  });
});
