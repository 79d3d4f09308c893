// Monitoring › Integration › OpenTelemetry on a real node: an operator points the exporter at an OTLP/HTTP
// collector (a node:http receiver this test starts on a free port), turns the metrics export on, and the collector
// receives the node's metrics with EMQX's names; the page says logs and traces are not exported here.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, shotAll, useE2ESession, saveForm } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

/** a collector that keeps the OTLP JSON bodies it receives */
const received: { path: string; body: { resourceMetrics: { scopeMetrics: { metrics: { name: string }[] }[] }[] } }[] = [];
let collector: Server;
let port = 0;

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  port = (collector.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => collector.close(() => r())));

const names = (i: number) => received[i].body.resourceMetrics.flatMap((rm) => rm.scopeMetrics.flatMap((sm) => sm.metrics.map((m) => m.name)));

describe('OpenTelemetry (Monitoring › Integration)', () => {
  it('is the second tab of Integration and says only metrics are exported', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/monitoring/integration`);
    await page.getByRole('tab', { name: 'OpenTelemetry' }).click();
    await page.getByRole('switch', { name: 'Export metrics' }).waitFor();
    await page.getByText('Exporting logs and traces over OpenTelemetry is not available on this node').waitFor();
    expect(await page.getByRole('switch', { name: /logs|traces/i }).count()).toBe(0);
  });

  it('enabling the export on screen makes the collector receive the node metrics', async () => {
    const page = e2e.page;
    const client = await connectClient(e2e.node.mqttPort, { clientId: 'otel-e2e' });
    await page.getByRole('switch', { name: 'Export metrics' }).click();
    await page.getByRole('spinbutton', { name: 'Export interval' }).fill('1');
    await page.getByLabel('Endpoint').fill(`http://127.0.0.1:${port}`);
    await page.getByLabel('Protocol').click();
    await page.getByTitle('OTLP/HTTP (JSON)').click();
    await saveForm(page, page.getByRole('button', { name: 'Save', exact: true }));
    expect((await e2e.apiGet('/opentelemetry')).metrics).toEqual({ enable: true, interval: '1s' });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(received[0].path).toBe('/v1/metrics');
    expect(names(0)).toEqual(expect.arrayContaining(['connections.count', 'messages.received', 'packets.connect', 'node.running', 'cpu.use']));
    client.end(true);
  });

  it('in both themes and both languages', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/monitoring/integration?tab=opentelemetry`);
    await shotAll(e2e.page, 'opentelemetry', () => e2e.page.getByRole('switch').first().waitFor());
  });
});
