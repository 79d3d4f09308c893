import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { mockRuleEvents, ruleMetrics } from '../../../test/fixtures/rules';
import WebhookDetailPage from './WebhookDetailPage';
import { aConnector, anAction, aWebhookRule } from './webhook.testing';

function setup(tab = 'overview', rule = aWebhookRule()) {
  mockRuleEvents();
  mockApi('get', '/connectors/{id}', 200, aConnector() as never);
  mockApi('get', '/actions/{id}', 200, anAction() as never);
  mockApi('get', '/rules/{id}', 200, rule);
  mockApi('get', '/actions/{id}/metrics', 200, {
    metrics: { matched: 5, success: 4, failed: 1, dropped: 0, queuing: 0, inflight: 0, retried: 2, rate: 0.5 },
    node_metrics: [],
  } as never);
  mockApi('get', '/rules/{id}/metrics', 200, ruleMetrics('orders_WH_D', { matched: 5, passed: 5 }));
  return renderWithProviders(<WebhookDetailPage />, { route: `/webhook/orders_WH_D?tab=${tab}`, path: '/webhook/:name' });
}

const statistic = (card: string, title: string) => {
  const c = screen.getByText(card).closest('.ant-card') as HTMLElement;
  return within(c).getByText(title).closest('.ant-statistic') as HTMLElement;
};

describe('WebhookDetailPage', () => {
  it('shows the connection status and the statistics of the action and the rule', async () => {
    setup();
    expect(await screen.findByText('http://127.0.0.1:8080/hook')).toBeInTheDocument();
    await waitFor(() => expect(within(statistic('Action statistics', 'Success')).getByText('4')).toBeInTheDocument());
    expect(within(statistic('Action statistics', 'Retried')).getByText('2')).toBeInTheDocument();
    await waitFor(() => expect(within(statistic('Rule statistics', 'Passed')).getByText('5')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Rule orders_WH_D' })).toHaveAttribute('href', '/rule/rules/orders_WH_D');
  });

  it('reconnects a disconnected webhook and shows why it is down', async () => {
    const { user } = setup();
    mockApi('get', '/actions/{id}', 200, anAction('orders_WH_D', { status: 'disconnected', status_reason: 'econnrefused' }) as never);
    const start = mockApi('post', '/actions/{id}/{operation}', 204, null);
    await user.click(await screen.findByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(start).toHaveLength(1));
    expect(decodeURIComponent(start[0].url.pathname)).toMatch(/\/actions\/http:orders_WH_D\/start$/);
    expect(screen.getByText('econnrefused')).toBeInTheDocument();
  });

  it('updates the connector, then the action, then the rule from the Settings tab', async () => {
    const { user } = setup('settings');
    const order: string[] = [];
    const c = mockApi('put', '/connectors/{id}', 200, () => (order.push('connector'), aConnector() as never));
    const a = mockApi('put', '/actions/{id}', 200, () => (order.push('action'), anAction() as never));
    const r = mockApi('put', '/rules/{id}', 200, () => (order.push('rule'), aWebhookRule()));
    const url = await screen.findByLabelText('URL');
    expect(screen.getByLabelText('Topic Filter 1')).toHaveValue('orders/#');
    expect(screen.getByLabelText('Name')).toBeDisabled();
    await user.clear(url);
    await user.click(url);
    await user.paste('http://10.0.0.1/in');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(order).toEqual(['connector', 'action', 'rule']);
    expect(c[0].body).toMatchObject({ url: 'http://10.0.0.1/in', enable: true });
    expect(c[0].body).not.toHaveProperty('status');
    expect(a[0].body).toMatchObject({ connector: 'orders_WH_D', parameters: { body: '${payload}' } });
    expect(r[0].body).toMatchObject({ sql: 'SELECT\n  *\nFROM\n  "orders/#"', actions: ['http:orders_WH_D'] });
  });

  it('keeps a trigger written in the rule editor as it is, and says where to change it', async () => {
    setup('settings', aWebhookRule('orders_WH_D', { sql: 'SELECT * FROM "orders/#" WHERE payload.n > 1' }));
    expect(await screen.findByText(/This trigger was written in the rule editor/)).toBeInTheDocument();
    expect(screen.getByText('SELECT * FROM "orders/#" WHERE payload.n > 1')).toBeInTheDocument();
  });

  it('says which parts are missing and offers to delete the rest', async () => {
    mockRuleEvents();
    mockApi('get', '/connectors/{id}', 200, aConnector() as never);
    mockApi('get', '/actions/{id}', 200, anAction() as never);
    mockApiError('get', '/rules/{id}', 404, 'NOT_FOUND', 'Rule not found');
    renderWithProviders(<WebhookDetailPage />, { route: '/webhook/orders_WH_D', path: '/webhook/:name' });
    expect(await screen.findByText('Missing: rule. Delete it to remove what is left.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
