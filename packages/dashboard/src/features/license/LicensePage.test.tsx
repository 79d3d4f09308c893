import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { LicenseInfo } from '@mqdeck/api';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import LicensePage from './LicensePage';

const license: LicenseInfo = {
  customer: 'MQDeck',
  customer_type: 10,
  deployment: 'emqx@127.0.0.1',
  email: '',
  type: 'community',
  max_connections: 'infinity',
  start_at: '2026-11-26',
  expiry_at: 'infinity',
  expiry: false,
  edition: 'ee',
};

// the node's hotconf document has no entry for this root: the fields show the console's own help texts
const hotconf = { components: { schemas: {} } };

describe('System › License', () => {
  it('shows what the node states: no key, no expiry, unlimited connections', async () => {
    mockApi('get', '/license', 200, license);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    mockApi('get', '/license/setting', 200, { connection_low_watermark: '75%', connection_high_watermark: '80%' });
    renderWithProviders(<LicensePage />);
    expect(await screen.findByText('Community (no key)')).toBeInTheDocument();
    expect(screen.getByText('Unlimited (no listener sets a limit)')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('2026-11-26')).toBeInTheDocument();
  });

  it('shows a listener limit as a number', async () => {
    mockApi('get', '/license', 200, { ...license, max_connections: 1024 });
    mockApi('get', '/schemas/{name}', 200, hotconf);
    mockApi('get', '/license/setting', 200, { connection_low_watermark: '75%', connection_high_watermark: '80%' });
    renderWithProviders(<LicensePage />);
    expect(await screen.findByText(/^1,024 \(The sum of the enabled listeners/)).toBeInTheDocument();
  });

  it('saves the watermarks', async () => {
    mockApi('get', '/license', 200, license);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    mockApi('get', '/license/setting', 200, { connection_low_watermark: '75%', connection_high_watermark: '80%' });
    const { user } = renderWithProviders(<LicensePage />);
    const high = await screen.findByLabelText('Connection high watermark');
    await waitFor(() => expect(high).toHaveValue('80'));
    const puts = mockApi('put', '/license/setting', 200, { connection_low_watermark: '75%', connection_high_watermark: '90%' });
    await user.clear(high);
    await user.type(high, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ connection_low_watermark: '75%', connection_high_watermark: '90%' });
  });
});
