import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { pageOf } from '../../../test/fixtures/page';
import { mockRuleEvents } from '../../../test/fixtures/rules';
import WebhookListPage from './WebhookListPage';
import { aConnector, anAction, aWebhookRule } from './webhook.testing';

function setup(role = 'administrator') {
  mockRuleEvents();
  mockApi('get', '/connectors', 200, [aConnector(), aConnector('left_WH_D'), aConnector('plain')] as never);
  mockApi('get', '/actions', 200, [anAction(), anAction('plain')] as never);
  mockApi('get', '/rules', 200, pageOf([aWebhookRule(), aWebhookRule('r1', { actions: ['http:plain'] })]));
  mockApi('get', '/rules/{id}', 200, aWebhookRule());
  return renderWithProviders(<WebhookListPage />, { route: '/webhook', session: { token: 't', username: 'admin', edition: 'ee', role } });
}

describe('WebhookListPage', () => {
  it('lists each webhook with its trigger, URL and status; leftovers are marked incomplete', async () => {
    setup();
    const row = (await screen.findByRole('link', { name: 'orders_WH_D' })).closest('tr')!;
    expect(within(row).getByText('orders/#')).toBeInTheDocument();
    expect(within(row).getByText('http://127.0.0.1:8080/hook')).toBeInTheDocument();
    expect(within(row).getByText('Connected')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Enable orders_WH_D' })).toBeChecked();
    const left = screen.getByText('left_WH_D').closest('tr')!;
    expect(within(left).getByText('Incomplete')).toBeInTheDocument();
    expect(screen.queryByText('plain')).not.toBeInTheDocument();
  });

  it('disables the rule, then the action, then the connector', async () => {
    const { user } = setup();
    const order: string[] = [];
    mockApi('put', '/rules/{id}', 200, (req) => (order.push(`rule ${String((req.body as { enable: boolean }).enable)}`), aWebhookRule('orders_WH_D', { enable: false })));
    mockApi('put', '/actions/{id}/enable/{enable}', 204, (req) => (order.push(`action ${decodeURIComponent(req.url.pathname).split('/').slice(-3).join('/')}`), null));
    mockApi('put', '/connectors/{id}/enable/{enable}', 204, (req) => (order.push(`connector ${decodeURIComponent(req.url.pathname).split('/').slice(-3).join('/')}`), null));
    await user.click(await screen.findByRole('switch', { name: 'Enable orders_WH_D' }));
    expect(await screen.findByText('Disabled successfully')).toBeInTheDocument();
    expect(order).toEqual(['rule false', 'action http:orders_WH_D/enable/false', 'connector http:orders_WH_D/enable/false']);
  });

  it('switches back what it switched when a step is refused, and says which part', async () => {
    const { user } = setup();
    const rulePuts = mockApi('put', '/rules/{id}', 200, aWebhookRule());
    mockApiError('put', '/actions/{id}/enable/{enable}', 400, 'BAD_REQUEST', 'action is busy');
    await user.click(await screen.findByRole('switch', { name: 'Enable orders_WH_D' }));
    expect(await screen.findByText('The webhook could not be switched: the action was refused. Action is busy.')).toBeInTheDocument();
    expect(rulePuts.map((r) => (r.body as { enable: boolean }).enable)).toEqual([false, true]);
  });

  it('deletes the rule, the action and the connector after confirming', async () => {
    const { user } = setup();
    const calls: string[] = [];
    for (const path of ['/rules/{id}', '/actions/{id}', '/connectors/{id}'] as const)
      mockApi('delete', path, 204, (req) => (calls.push(decodeURIComponent(req.url.pathname)), null));
    await user.click(await screen.findByRole('button', { name: 'Delete orders_WH_D' }));
    expect(await screen.findByText(/Its rule, action and connector are deleted with it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => c.replace(/.*\/api\/v5/, ''))).toEqual(['/rules/orders_WH_D', '/actions/http:orders_WH_D', '/connectors/http:orders_WH_D']);
  });

  it('says which part to delete by hand when a delete stops half-way', async () => {
    const { user } = setup();
    mockApi('delete', '/rules/{id}', 204, null);
    mockApiError('delete', '/actions/{id}', 500, 'INTERNAL_ERROR', 'boom');
    await user.click(await screen.findByRole('button', { name: 'Delete orders_WH_D' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/An error occurred while deleting http:orders_WH_D, please try to delete it manually/)).toBeInTheDocument();
  });

  it('shows a viewer the list without create, delete or a live switch', async () => {
    setup('viewer');
    await screen.findByRole('link', { name: 'orders_WH_D' });
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable orders_WH_D' })).toBeDisabled();
  });
});
