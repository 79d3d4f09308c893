// Issue 22: a durable session's messages are kept in the node's store, not bounded by the queue limit: the detail
// shows how many are stored, without a max.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { ClientInfoCards } from './ClientInfoCards';
import type { ClientInfo } from '../clients.types';

const base = { clientid: 'd', node: 'mqdeck@127.0.0.1', connected: false, mqueue_len: 12_345, mqueue_max: 1000, mqueue_dropped: 0 } as ClientInfo;

describe('ClientInfoCards: stored messages of a durable session', () => {
  it('shows the stored count of a durable session, without the queue limit', async () => {
    renderWithProviders(<ClientInfoCards client={{ ...base, durable: true }} />);
    expect(await screen.findByText('Stored Messages (durable session)')).toBeInTheDocument();
    expect(screen.getByText('12,345')).toBeInTheDocument();
    expect(screen.queryByText('Message Queue (length / max)')).toBeNull();
  });

  it('keeps the queue length and limit for a session in memory', async () => {
    renderWithProviders(<ClientInfoCards client={{ ...base, durable: false }} />);
    expect(await screen.findByText('12,345 / 1,000')).toBeInTheDocument();
    expect(screen.queryByText('Stored Messages (durable session)')).toBeNull();
  });
});
