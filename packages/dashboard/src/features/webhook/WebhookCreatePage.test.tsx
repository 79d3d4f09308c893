import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { mockRuleEvents } from '../../../test/fixtures/rules';
import WebhookCreatePage from './WebhookCreatePage';
import { aConnector, anAction, aWebhookRule } from './webhook.testing';

async function fill() {
  const r = renderWithProviders(<WebhookCreatePage />, { route: '/webhook/create' });
  mockRuleEvents();
  const { user } = r;
  await user.type(screen.getByLabelText('Name'), 'orders');
  await user.click(screen.getByRole('button', { name: /Add Topic/ }));
  await user.click(screen.getByLabelText('Topic Filter 1'));
  await user.paste('orders/#');
  const url = screen.getByLabelText('URL');
  await user.clear(url);
  await user.paste('http://127.0.0.1:9/hook');
  await user.click(screen.getByLabelText('Body'));
  await user.paste('{"t": "${topic}"}');
  return r;
}

describe('WebhookCreatePage', () => {
  it('creates the connector, then the action, then the rule, all named <name>_WH_D', async () => {
    const order: string[] = [];
    const connector = mockApi('post', '/connectors', 201, () => (order.push('connector'), aConnector() as never));
    const action = mockApi('post', '/actions', 201, () => (order.push('action'), anAction() as never));
    const rule = mockApi('post', '/rules', 201, () => (order.push('rule'), aWebhookRule()));
    const { user, router } = await fill();
    expect(screen.getByText('The rule, the action and the connector are named orders_WH_D')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhook'));
    expect(order).toEqual(['connector', 'action', 'rule']);
    expect(connector[0].body).toMatchObject({ type: 'http', name: 'orders_WH_D', url: 'http://127.0.0.1:9/hook', headers: { 'content-type': 'application/json' } });
    expect(action[0].body).toMatchObject({ type: 'http', name: 'orders_WH_D', connector: 'orders_WH_D', parameters: { method: 'post', body: '{"t": "${topic}"}' } });
    expect(rule[0].body).toMatchObject({ id: 'orders_WH_D', sql: 'SELECT\n  *\nFROM\n  "orders/#"', actions: ['http:orders_WH_D'], enable: true });
  });

  it('removes the connector and the action when the rule is refused, and says so in a sentence', async () => {
    mockApi('post', '/connectors', 201, aConnector() as never);
    mockApi('post', '/actions', 201, anAction() as never);
    mockApiError('post', '/rules', 400, 'BAD_REQUEST', 'rule id already exists');
    const deletes: string[] = [];
    mockApi('delete', '/actions/{id}', 204, (req) => (deletes.push(decodeURIComponent(req.url.pathname).replace(/.*\/api\/v5/, '')), null));
    mockApi('delete', '/connectors/{id}', 204, (req) => (deletes.push(decodeURIComponent(req.url.pathname).replace(/.*\/api\/v5/, '')), null));
    const { user, router } = await fill();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The webhook was not created: the rule was refused. Rule id already exists. What had been created for it was removed.')).toBeInTheDocument();
    expect(deletes).toEqual(['/actions/http:orders_WH_D', '/connectors/http:orders_WH_D']);
    expect(router.state.location.pathname).toBe('/webhook/create');
  });

  it('checks the fields before sending anything', async () => {
    const posts = mockApi('post', '/connectors', 201, aConnector() as never);
    const { user } = renderWithProviders(<WebhookCreatePage />, { route: '/webhook/create' });
    mockRuleEvents();
    await user.type(screen.getByLabelText('Name'), 'bad name');
    await user.click(screen.getByRole('button', { name: /Add Topic/ }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Must start with a letter or digit, followed by letters, digits, hyphens or underscores')).toBeInTheDocument();
    expect(await screen.findByText('Topic is required.')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the value in the correct format')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });
});
