import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockJson } from '../connectors/connectors.testing';
import ActionsPage from './ActionsPage';
import SourcesPage from '../sources/SourcesPage';
import type { Bridge } from './bridges.api';

const anAction = (over: Partial<Bridge> = {}): Bridge => ({
  type: 'mqtt',
  name: 'fwd',
  connector: 'remote',
  enable: true,
  status: 'connected',
  parameters: { topic: 'out/${topic}', qos: 1 },
  resource_opts: {},
  ...over,
});

describe('ActionsPage', () => {
  it('lists actions with type, connector link, status and switch', async () => {
    mockJson('get', '/actions', 200, [anAction(), anAction({ name: 'down', status: 'disconnected', status_reason: 'econnrefused' })]);
    renderWithProviders(<ActionsPage />, { route: '/rule/actions' });
    const row = (await screen.findByRole('link', { name: 'fwd' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'remote' })).toHaveAttribute('href', '/connector/mqtt%3Aremote');
    expect(within(row).getByText('Connected')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Enable fwd' })).toBeChecked();
    const down = screen.getByRole('link', { name: 'down' }).closest('tr')!;
    expect(within(down).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
  });

  it('deleting an action used by rules asks a second time, naming them, then deletes with also_delete_dep_actions=true', async () => {
    mockJson('get', '/actions', 200, [anAction()]);
    const del = mockJson('delete', '/actions/:id', 400, (req) =>
      req.url.searchParams.get('also_delete_dep_actions') === 'true'
        ? null
        : { code: 'BAD_REQUEST', message: 'Cannot delete action while active rules are depending on it', rules: ['r1'] },
    );
    const { user } = renderWithProviders(<ActionsPage />, { route: '/rule/actions' });
    const row = (await screen.findByRole('link', { name: 'fwd' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await screen.findAllByText('Delete action mqtt:fwd?');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/This action is being used by the following rule/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'r1' })).toHaveAttribute('href', '/rule/rules/r1?tab=settings');
    expect(del).toHaveLength(1);
    expect(del[0].url.searchParams.get('also_delete_dep_actions')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Confirm' }).at(-1)!);
    await waitFor(() => expect(del).toHaveLength(2));
    expect(del[1].url.searchParams.get('also_delete_dep_actions')).toBe('true');
  });

  it('a source used by rules is not deleted: the dialog asks to remove it from them first', async () => {
    mockJson('get', '/sources', 200, [anAction({ name: 'in' })]);
    const del = mockJson('delete', '/sources/:id', 400, { code: 'BAD_REQUEST', message: 'Cannot delete source while active rules are depending on it', rules: ['r2'] });
    const { user } = renderWithProviders(<SourcesPage />, { route: '/rule/source' });
    const row = (await screen.findByRole('link', { name: 'in' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await screen.findAllByText('Delete source mqtt:in?');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please remove the source in rules below before deleting.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'r2' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Confirm' })).toHaveLength(1);
    expect(del).toHaveLength(1);
  });
});
