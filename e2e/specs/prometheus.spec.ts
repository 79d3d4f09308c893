// Monitoring › Integration on a real node: the tab next to the alarm settings shows the scrape URL, which answers
// Prometheus text with the node's real figures; basic auth turned on here makes an unauthenticated scrape fail.
import { describe, expect, it } from 'vitest';
import { shotAll, useE2ESession, saveForm } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('Prometheus (Monitoring › Integration)', () => {
  it('opens as the Integration tab of Monitoring and its scrape URL answers the node metrics', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/monitoring`);
    await page.getByRole('tab', { name: 'Integration' }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/monitoring/integration'));
    const url = (await page.getByTestId('scrape-url').textContent())!;
    expect(url).toBe(`${e2e.node.url}api/v5/prometheus/stats`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('# TYPE emqx_connections_count gauge');
    expect(text).toMatch(/^emqx_cluster_nodes_running 1$/m);
    expect(await page.getByTestId('scrape-example').textContent()).toContain('metrics_path: /api/v5/prometheus/stats');
  });

  it('basic auth turned on here: a scrape without a key is refused, with one it answers', async () => {
    const page = e2e.page;
    await page.getByRole('switch', { name: 'Enable Basic Auth' }).click();
    // exact: the headers card has its own 'Save headers' button
    await saveForm(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText(/Basic auth is on/).waitFor();
    expect((await e2e.apiGet('/prometheus')).enable_basic_auth).toBe(true);
    expect((await fetch(`${e2e.node.url}api/v5/prometheus/stats`)).status).toBe(401);
    const key = (await e2e.api('POST', '/api_key', { name: 'scraper', enable: true })).body;
    const authed = await fetch(`${e2e.node.url}api/v5/prometheus/stats`, {
      headers: { authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}` },
    });
    expect(authed.status).toBe(200);
  });

  it('in both themes and both languages', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/monitoring/integration`);
    await shotAll(e2e.page, 'prometheus', () => e2e.page.getByTestId('scrape-url').waitFor());
  });

  it('headers edited on screen are kept by the node (the server test checks they are sent)', async () => {
    const page = e2e.page;
    await page.getByRole('button', { name: /Add/ }).click();
    await page.getByRole('textbox', { name: 'Header name 1' }).fill('X-Tenant');
    await page.getByRole('textbox', { name: 'Value 1' }).fill('blue');
    await saveForm(page, page.getByRole('button', { name: 'Save headers' }));
    expect((await e2e.apiGet('/prometheus')).push_gateway.headers).toEqual({ 'X-Tenant': 'blue' });
  });
});
