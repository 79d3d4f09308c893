import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { findDialog } from '../../../test/dialogs';
import { mockRuleEvents, mockSources } from '../../../test/fixtures/rules';
import RuleCreatePage from './RuleCreatePage';
import { SQL_TEMPLATES } from './rules.templates';
import { sqlText } from './rules.testing';

async function setup(sources: Parameters<typeof mockSources>[0]) {
  mockRuleEvents();
  mockSources(sources);
  const r = renderWithProviders(<RuleCreatePage />, { route: '/rule/rules/create', path: '/rule/rules/create' });
  await screen.findByLabelText('SQL', { selector: '.cm-content' });
  return r;
}

describe('the editor tools', () => {
  it('puts a template into the editor after confirming the replacement, and lists the events’ examples', async () => {
    const { user } = await setup(404);
    await user.click(screen.getByRole('button', { name: /SQL Examples/ }));
    const drawer = await findDialog('SQL Examples');
    const events = SQL_TEMPLATES.find((x) => x.key === 'events')!;
    const card = within(drawer).getByText(events.title.en).closest<HTMLElement>('.ant-card')!;
    await user.click(within(card).getByRole('button', { name: 'Use this SQL' }));
    await user.click(within(await findDialog('Replace the SQL in the editor?')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sqlText()).toBe(events.sql));

    await user.click(screen.getByRole('button', { name: /SQL Examples/ }));
    const again = await findDialog('SQL Examples');
    await user.click(within(again).getByRole('tab', { name: 'Event examples' }));
    expect(await within(again).findByText('SELECT * FROM "$events/client_connected"')).toBeInTheDocument();
  });

  it('offers data-integration sources as inputs and test data sources when the node has them', async () => {
    const { user } = await setup([{ type: 'mqtt', name: 'in', enable: true }]);
    await user.click(screen.getByRole('button', { name: /Add Input/ }));
    const dialog = await findDialog('Add Input');
    await user.click(await within(dialog).findByText('Sources'));
    await user.click(within(dialog).getByLabelText('Source'));
    await user.click(await screen.findByTitle('mqtt:in'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sqlText()).toBe('SELECT\n  *\nFROM\n  "t/#",\n  "$bridges/mqtt:in"'));

    await user.click(screen.getByRole('button', { name: /Start test/ }));
    await user.click(await screen.findByLabelText('Data source'));
    await user.click(await screen.findByTitle('Sources: mqtt:in'));
    await screen.findByLabelText('payload');
    expect(screen.queryByText("Data source doesn't match the entered SQL")).not.toBeInTheDocument();
  });
});
