import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { aRule, mockRuleEvents, mockSources } from '../../../test/fixtures/rules';
import RuleCreatePage from './RuleCreatePage';
import { setSql, sqlText } from './rules.testing';

const SQL = 'SELECT payload.temp AS t, clientid FROM "sensors/#" WHERE payload.temp > 30';

function setup() {
  mockRuleEvents();
  mockSources(404);
  return renderWithProviders(<RuleCreatePage />, { route: '/rule/rules/create', path: '/rule/rules/create' });
}

describe('RuleCreatePage', () => {
  it('starts from the default SQL and refuses an ID that does not start with a letter or digit', async () => {
    const { user } = setup();
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    expect(sqlText()).toBe('SELECT\n  *\nFROM\n  "t/#"');
    const calls = mockApi('post', '/rules', 201, aRule());
    await user.type(screen.getByLabelText('Rule ID'), '-bad');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Must start with a letter or digit, followed by letters, digits, hyphens or underscores')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('saves the SQL, note, ID and a republish action with POST /rules', async () => {
    const { user } = setup();
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    setSql(SQL);
    await user.type(screen.getByLabelText('Rule ID'), 'temp_alert');
    await user.type(screen.getByLabelText('Note'), 'too hot');

    await user.click(screen.getByRole('button', { name: /Add Action/ }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Topic'), 'alerts/${{clientid}');
    await user.clear(within(drawer).getByLabelText('Payload'));
    await user.type(within(drawer).getByLabelText('Payload'), '${{t}');
    await user.click(within(drawer).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('alerts/${clientid}')).toBeInTheDocument();

    const calls = mockApi('post', '/rules', 201, aRule());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({
      id: 'temp_alert',
      sql: SQL,
      description: 'too hot',
      enable: true,
      name: '',
      actions: [
        {
          function: 'republish',
          args: {
            topic: 'alerts/${clientid}',
            qos: '${qos}',
            retain: '${retain}',
            payload: '${t}',
            user_properties: '${user_properties}',
            mqtt_properties: {},
            direct_dispatch: false,
          },
        },
      ],
    });
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
  });

  it('adds an event input to the FROM clause from the picker', async () => {
    const { user } = setup();
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    await user.click(screen.getByRole('button', { name: /Add Input/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Sources')).not.toBeInTheDocument(); // the node answered 404 for /sources_summary
    await user.click(within(dialog).getByText('Events'));
    await user.click(within(dialog).getByLabelText('Event'));
    await user.click(await screen.findByTitle('Client connected ($events/client_connected)'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sqlText()).toBe('SELECT\n  *\nFROM\n  "t/#",\n  "$events/client_connected"'));
  });

  it('marks the syntax error the node names at its line and column', async () => {
    const { user, container } = setup();
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    setSql('SELECT\n  *\nFROMM "t/#"');
    mockApiError('post', '/rules', 400, 'BAD_REQUEST', 'syntax error at line 3, column 1: unexpected FROMM');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('syntax error at line 3, column 1: unexpected FROMM', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.cm-lintRange-error')?.textContent).toBe('FROMM'));
  });

  it('toasts a refusal that is not about the SQL without marking the editor', async () => {
    const { user, container } = setup();
    await screen.findByLabelText('SQL', { selector: '.cm-content' });
    await user.type(screen.getByLabelText('Rule ID'), 'taken');
    const calls = mockApiError('post', '/rules', 400, 'BAD_REQUEST', 'rule id already exists');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByTitle('BAD_REQUEST: rule id already exists')).toBeInTheDocument(); // the toast
    expect(container.querySelector('.ant-form-item-explain-error')).toBeNull();
    expect(container.querySelector('.cm-lintRange-error')).toBeNull();
  });
});
