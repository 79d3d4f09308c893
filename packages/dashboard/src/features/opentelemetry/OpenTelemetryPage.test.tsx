import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import OpenTelemetryPage from './OpenTelemetryPage';
import type { OtelSettings } from './opentelemetry.types';

const settings: OtelSettings = {
  metrics: { enable: false, interval: '10s' },
  logs: { enable: false, level: 'warning', scheduled_delay: '1s' },
  traces: { enable: false, scheduled_delay: '5s', filter: { trace_all: false } },
  exporter: { endpoint: 'http://localhost:4317', headers: {}, protocol: 'grpc', ssl_options: { enable: false, verify: 'verify_none', cacertfile: '' } },
};
const hotconf = { components: { schemas: {} } };

describe('Monitoring › Integration (OpenTelemetry)', () => {
  it('says logs and traces are not exported, with no switch for them', async () => {
    mockApi('get', '/opentelemetry', 200, settings as never);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    renderWithProviders(<OpenTelemetryPage />);
    await screen.findByRole('switch', { name: 'Export metrics' });
    expect(screen.getByText(/Exporting logs and traces over OpenTelemetry is not available on this node/)).toBeInTheDocument();
    // the metrics switch and the TLS verify switch: none for logs or traces
    expect(screen.getAllByRole('switch')).toHaveLength(2);
    expect(screen.getByText(/All three work on this node/)).toBeInTheDocument();
  });

  it('turns the metrics export on with an OTLP/HTTP endpoint and sends the whole root back', async () => {
    mockApi('get', '/opentelemetry', 200, settings as never);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    const { user } = renderWithProviders(<OpenTelemetryPage />);
    const enable = await screen.findByRole('switch', { name: 'Export metrics' });
    const endpoint = screen.getByLabelText('Endpoint');
    const puts = mockApi('put', '/opentelemetry', 200, settings as never);
    await user.click(enable);
    await user.clear(endpoint);
    await user.type(endpoint, 'http://collector:4318');
    await user.click(screen.getByLabelText('Protocol'));
    await user.click(await screen.findByTitle('OTLP/HTTP (JSON)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({
      ...settings,
      metrics: { enable: true, interval: '10s' },
      exporter: { ...settings.exporter, endpoint: 'http://collector:4318', protocol: 'http/json' },
    });
  });

  it('saves the TLS settings and shows the node’s refusal in place', async () => {
    mockApi('get', '/opentelemetry', 200, settings as never);
    mockApi('get', '/schemas/{name}', 200, hotconf);
    const { user } = renderWithProviders(<OpenTelemetryPage />);
    const ca = await screen.findByLabelText('CA certificate');
    const puts = mockApi('put', '/opentelemetry', 400, { code: 'BAD_REQUEST', message: 'Update config failed: exporter.ssl_options.cacertfile: a string is required' });
    await user.click(screen.getByRole('switch', { name: /Verify the collector/ }));
    await user.type(ca, '-----BEGIN CERTIFICATE-----');
    await user.click(screen.getByRole('button', { name: 'Save TLS settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toMatchObject({ exporter: { ssl_options: { verify: 'verify_peer', cacertfile: '-----BEGIN CERTIFICATE-----', certfile: '', keyfile: '' } } });
    const card = screen.getByText('TLS for an https:// endpoint').closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText(/cacertfile: a string is required/)).toBeInTheDocument();
  });
});
