import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockNodeKind } from '../../../test/msw';
import ForceShutdownPage from './ForceShutdownPage';

function setup(kind: 'mqdeck' | 'emqx') {
  mockNodeKind(kind);
  mockApi('get', '/configs/global_zone', 200, { force_shutdown: { enable: true, max_mailbox_size: 1000, max_heap_size: '32MB' } });
  mockApi('get', '/schemas/{name}', 200, {});
  return renderWithProviders(<ForceShutdownPage />, { session: { token: 't', username: 'admin', edition: 'ee', role: 'administrator' } });
}

describe('Force Shutdown tab: notes true of our node only', () => {
  it('our node: says what overload_protection and each limit do on it, and which keys have no counterpart', async () => {
    setup('mqdeck');
    expect(await screen.findByText('Overload Protection (overload_protection)')).toBeInTheDocument();
    expect(screen.getByText(/closes new connections while its event loop runs 500 ms or more late/)).toBeInTheDocument();
    expect(screen.getByText(/they have no counterpart on this node/)).toBeInTheDocument();
    expect(screen.getByText(/Force GC \(force_gc\) has no counterpart on this node/)).toBeInTheDocument();
    expect(await screen.findByText(/All connections share one Node.js heap/)).toBeInTheDocument();
    expect(screen.getByText(/On this node a connection over either limit is closed with DISCONNECT 0x97/)).toBeInTheDocument();
  });

  it('a real EMQX (404 on /mqdeck/extensions): the same form without any of those notes', async () => {
    const { queryClient } = setup('emqx');
    await waitFor(() => expect(screen.getByLabelText('Max Mailbox Size')).toHaveValue('1000'));
    await waitFor(() => expect(queryClient.getQueryState(['mqdeck', 'extensions'])?.status).toBe('success'));
    expect(screen.queryByText('Overload Protection (overload_protection)')).not.toBeInTheDocument();
    expect(screen.queryByText(/no counterpart on this node/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Node\.js/)).not.toBeInTheDocument();
    expect(screen.queryByText(/On this node/)).not.toBeInTheDocument();
  });
});
