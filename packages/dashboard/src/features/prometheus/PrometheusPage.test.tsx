import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { PrometheusSettings } from '@mqdeck/api';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import PrometheusPage from './PrometheusPage';

const settings: PrometheusSettings = {
  enable_basic_auth: false,
  push_gateway: {
    enable: false,
    method: 'put',
    url: 'http://127.0.0.1:9091',
    interval: '15s',
    headers: { Authorization: 'Basic abc' },
    job_name: '${name}/instance/${name}~${host}',
  },
  collectors: { mnesia: 'disabled', vm_dist: 'disabled', vm_memory: 'disabled', vm_msacc: 'disabled', vm_statistics: 'disabled', vm_system_info: 'disabled' },
};

// the node's hotconf document has no entry for this root: the fields show the console's own help texts
const hotconf = { components: { schemas: {} } };

describe('Monitoring › Integration (Prometheus)', () => {
  it('shows the scrape URL and a prometheus.yml job for this node', async () => {
    mockApi('get', '/prometheus', 200, settings);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    renderWithProviders(<PrometheusPage />);
    const url = await screen.findByTestId('scrape-url');
    expect(url.textContent).toMatch(/^http:\/\/localhost(:\d+)?\/.*api\/v5\/prometheus\/stats$/);
    const example = screen.getByTestId('scrape-example').textContent!;
    expect(example).toContain('metrics_path: ');
    expect(example).toContain('/api/v5/prometheus/stats');
    expect(example).not.toContain('basic_auth');
  });

  it('turns on basic auth and the push gateway, keeping the headers', async () => {
    mockApi('get', '/prometheus', 200, settings);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    const { user } = renderWithProviders(<PrometheusPage />);
    const basic = await screen.findByRole('switch', { name: 'Enable Basic Auth' });
    expect(screen.getByLabelText('Pushgateway URL')).toBeDisabled();
    const puts = mockApi('put', '/prometheus', 200, { ...settings, enable_basic_auth: true, push_gateway: { ...settings.push_gateway, enable: true } });
    await user.click(basic);
    await user.click(screen.getByRole('switch', { name: 'Enable Pushgateway' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...settings, enable_basic_auth: true, push_gateway: { ...settings.push_gateway, enable: true } });
    expect(await screen.findByText(/Basic auth is on/)).toBeInTheDocument();
  });

  it('edits the push gateway headers: saves the map with the other settings, refuses a bad name', async () => {
    mockApi('get', '/prometheus', 200, settings);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    const { user } = renderWithProviders(<PrometheusPage />);
    const value = await screen.findByRole('textbox', { name: 'Value 1' });
    expect(value).toHaveValue('Basic abc');
    const puts = mockApi('put', '/prometheus', 200, settings);
    await user.click(screen.getByRole('button', { name: /Add/ }));
    await user.type(screen.getByRole('textbox', { name: 'Header name 2' }), 'bad name');
    await user.click(screen.getByRole('button', { name: 'Save headers' }));
    expect(await screen.findByText(/A header name is empty or has characters/)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Header name 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Header name 2' }), 'X-Tenant');
    await user.type(screen.getByRole('textbox', { name: 'Value 2' }), 'blue');
    await user.click(screen.getByRole('button', { name: 'Save headers' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...settings, push_gateway: { ...settings.push_gateway, headers: { Authorization: 'Basic abc', 'X-Tenant': 'blue' } } });
  });
});
