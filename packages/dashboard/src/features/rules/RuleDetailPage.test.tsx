import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { findDialog } from '../../../test/dialogs';
import { mockApi } from '../../../test/msw';
import { aRule, mockRuleEvents, mockSources, ruleMetrics } from '../../../test/fixtures/rules';
import RuleDetailPage from './RuleDetailPage';
import { setSql } from './rules.testing';

const rule = aRule();

function setup(tab = 'overview') {
  mockRuleEvents();
  mockSources(404);
  mockApi('get', '/rules/{id}', 200, rule);
  const metrics = mockApi(
    'get',
    '/rules/{id}/metrics',
    200,
    ruleMetrics('temp_alert', {
      matched: 7,
      passed: 5,
      failed: 2,
      'failed.no_result': 1,
      'failed.exception': 1,
      'actions.total': 5,
      'actions.success': 4,
      'actions.failed': 1,
      'matched.rate': 0.25,
    }),
  );
  const r = renderWithProviders(<RuleDetailPage />, { route: `/rule/rules/temp_alert?tab=${tab}`, path: '/rule/rules/:id' });
  return { ...r, metrics };
}

const statistic = (title: string) =>
  screen
    .getAllByText(title)
    .map((el) => el.closest<HTMLElement>('.ant-statistic'))
    .find(Boolean)!;

describe('RuleDetailPage', () => {
  it('shows the counters, rates and per-node statistics, and resets them', async () => {
    const { user, metrics } = setup();
    await screen.findByText('Rule statistics');
    await waitFor(() => expect(within(statistic('Matched')).getByText('7')).toBeInTheDocument());
    expect(within(statistic('No result')).getByText('1')).toBeInTheDocument();
    expect(within(statistic('Actions success')).getByText('4')).toBeInTheDocument();
    expect(statistic('Current rate').textContent).toContain('0.25');
    expect(screen.getByText('mqdeck@127.0.0.1')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();

    const reset = mockApi('put', '/rules/{id}/metrics/reset', 200, null);
    await user.click(screen.getByRole('button', { name: 'Reset statistics' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(reset).toHaveLength(1));
    expect(reset[0].url.pathname).toMatch(/\/rules\/temp_alert\/metrics\/reset$/);
    expect(await screen.findByText('Reset successfully')).toBeInTheDocument();
    await waitFor(() => expect(metrics.length).toBeGreaterThan(1));
  });

  it('updates the rule from the Settings tab with PUT and the edited SQL', async () => {
    const { user } = setup('settings');
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    expect(screen.getByLabelText('Rule ID')).toBeDisabled();
    expect(screen.getByText('alerts/${clientid}')).toBeInTheDocument();
    setSql('SELECT * FROM "sensors/#"');
    const put = mockApi('put', '/rules/{id}', 200, rule);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0].body).toMatchObject({
      sql: 'SELECT * FROM "sensors/#"',
      description: 'too hot',
      enable: true,
      actions: [{ function: 'republish', args: { topic: 'alerts/${clientid}' } }],
    });
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
  });

  it('asks to stop a running test before saving as a copy, then creates the copy under the new ID', async () => {
    const { user, router } = setup('settings');
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    await user.click(screen.getByRole('button', { name: /Start test/ }));
    await screen.findByLabelText('payload');
    await user.click(screen.getByRole('button', { name: 'Save as Copy' }));
    const ask = await findDialog('A test is running. Stop it?');
    await user.click(within(ask).getByRole('button', { name: 'Stop test' }));
    expect(screen.queryByLabelText('payload')).not.toBeInTheDocument();

    const dialog = await findDialog('Save as a new rule');
    await user.type(within(dialog).getByLabelText('Rule ID'), 'temp_alert_2');
    const post = mockApi('post', '/rules', 201, aRule({ id: 'temp_alert_2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveLength(1));
    expect(post[0].body).toMatchObject({ id: 'temp_alert_2', sql: rule.sql, description: 'too hot' });
    expect(await screen.findByText('Copy saved as rule temp_alert_2')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rule/rules/temp_alert_2'));
  });

  it('asks before leaving the page while a test runs', async () => {
    const { user, router } = setup('settings');
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    await user.click(screen.getByRole('button', { name: /Start test/ }));
    await screen.findByLabelText('payload');
    await user.click(screen.getByRole('link', { name: 'Rules' }));
    expect((await screen.findAllByText('A test is running. Stop it?')).length).toBeGreaterThan(0);
    await user.click((await screen.findAllByRole('button', { name: 'Stay' })).at(-1)!);
    await waitFor(() => expect([...router.state.blockers.values()].map((b) => b.state)).toEqual(['unblocked']));
    expect(router.state.location.pathname).toBe('/rule/rules/temp_alert');
    await user.click(screen.getByRole('link', { name: 'Rules' }));
    await waitFor(() => expect([...router.state.blockers.values()].map((b) => b.state)).toEqual(['blocked']));
    await user.click((await screen.findAllByRole('button', { name: 'Leave' })).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/rule/rules'));
  });

  it('says so when the rule does not exist', async () => {
    mockApi('get', '/rules/{id}', 404, { code: 'NOT_FOUND', message: 'Rule Id Not Found' });
    renderWithProviders(<RuleDetailPage />, { route: '/rule/rules/nope', path: '/rule/rules/:id' });
    expect(await screen.findByText('This rule does not exist')).toBeInTheDocument();
  });
});
