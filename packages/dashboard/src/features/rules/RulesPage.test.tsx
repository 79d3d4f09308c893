import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import { pageOf } from '../../../test/fixtures/page';
import { aRule, ruleMetrics } from '../../../test/fixtures/rules';
import RulesPage from './RulesPage';
import { toRulesListParams } from './rules.api';

const rules = [aRule(), aRule({ id: 'conn_log', description: '', enable: false, sql: 'SELECT * FROM "$events/client_connected"', actions: [{ function: 'console' }] })];

function setup(role = 'administrator') {
  const list = mockApi('get', '/rules', 200, pageOf(rules));
  const metrics = mockApi('get', '/rules/{id}/metrics', 200, (req) => {
    const id = decodeURIComponent(req.url.pathname.split('/').at(-2)!);
    return ruleMetrics(id, id === 'temp_alert' ? { matched: 12, passed: 9, failed: 3, 'matched.rate': 1.5 } : {});
  });
  const r = renderWithProviders(<RulesPage />, { route: '/rule/rules', session: { token: 't', username: 'admin', edition: 'ee', role } });
  return { ...r, list, metrics };
}

describe('RulesPage', () => {
  it('lists each rule with its ID, note, SQL, state, metrics and creation time', async () => {
    setup();
    const row = (await screen.findByRole('link', { name: 'temp_alert' })).closest('tr')!;
    expect(within(row).getByText('too hot')).toBeInTheDocument();
    expect(within(row).getByText(/FROM "sensors\/#"/)).toBeInTheDocument();
    expect(await within(row).findByText('12 matched · 9 passed · 3 failed')).toBeInTheDocument();
    expect(within(row).getByText('1.5 msg/s')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-26 09:00:00')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Enable temp_alert' })).toBeChecked();
    const other = screen.getByRole('link', { name: 'conn_log' }).closest('tr')!;
    expect(within(other).getByRole('switch')).not.toBeChecked();
    expect(within(other).getByText('-')).toBeInTheDocument();
  });

  it('searches by ID, data input or note with the like_* filters', async () => {
    expect(toRulesListParams({ page: 1, limit: 20, field: 'like_from', value: ' sensors ' })).toEqual({ page: 1, limit: 20, like_from: 'sensors' });
    expect(toRulesListParams({ page: 2, limit: 50, field: 'like_id', value: '' })).toEqual({ page: 2, limit: 50 });
    const { user, list } = setup();
    await screen.findByRole('link', { name: 'temp_alert' });
    await user.click(screen.getByLabelText('Search by'));
    await user.click(await screen.findByTitle('Note'));
    await user.type(screen.getByLabelText('Value to search'), 'hot');
    await user.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(list.at(-1)?.url.searchParams.get('like_description')).toBe('hot'));
    expect(list.at(-1)?.url.searchParams.get('like_id')).toBeNull();
  });

  it('turns a rule off with PUT /rules/{id} carrying the rule as the node has it now and enable false', async () => {
    const { user } = setup();
    const current = aRule({ sql: 'SELECT * FROM "sensors/#"' }); // changed since the list was loaded
    mockApi('get', '/rules/{id}', 200, current);
    const put = mockApi('put', '/rules/{id}', 200, (req) => ({ ...current, enable: req.body.enable }));
    await user.click(await screen.findByRole('switch', { name: 'Enable temp_alert' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0].url.pathname).toMatch(/\/rules\/temp_alert$/);
    expect(put[0].body).toEqual({ sql: current.sql, actions: rules[0].actions, description: 'too hot', name: '', enable: false });
  });

  it('deletes a rule after confirming, without asking the deleted rule its metrics again', async () => {
    const { user, metrics } = setup();
    const del = mockApi('delete', '/rules/{id}', 204, null);
    const row = (await screen.findByRole('link', { name: 'conn_log' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Delete rule conn_log\?/)).toBeInTheDocument();
    const asked = () => metrics.filter((c) => c.url.pathname.endsWith('/rules/conn_log/metrics')).length;
    const before = asked();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(del).toHaveLength(1));
    expect(del[0].url.pathname).toMatch(/\/rules\/conn_log$/);
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    // the other rules' queries are refreshed
    await waitFor(() => expect(metrics.filter((c) => c.url.pathname.endsWith('/rules/temp_alert/metrics')).length).toBeGreaterThan(1));
    expect(asked()).toBe(before);
  });

  it('shows a viewer the list without create, edit, delete or a live switch', async () => {
    setup('viewer');
    await screen.findByRole('link', { name: 'temp_alert' });
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable temp_alert' })).toBeDisabled();
  });
});
