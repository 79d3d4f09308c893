import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import ForceShutdownPage from './ForceShutdownPage';

describe('Force Shutdown tab: overload protection note', () => {
  it('says what overload_protection does on this node and which keys have no counterpart', async () => {
    mockApi('get', '/configs/global_zone', 200, { force_shutdown: { enable: true, max_mailbox_size: 1000, max_heap_size: '32MB' } } as never);
    mockApi('get', '/schemas/{name}', 200, {} as never);
    renderWithProviders(<ForceShutdownPage />, { session: { token: 't', username: 'admin', edition: 'ee', role: 'administrator' } });
    expect(await screen.findByText('Overload Protection (overload_protection)')).toBeInTheDocument();
    expect(screen.getByText(/closes new connections while its event loop runs 500 ms or more late/)).toBeInTheDocument();
    expect(screen.getByText(/they have no counterpart on this node/)).toBeInTheDocument();
  });
});
