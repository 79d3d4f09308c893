import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import TopicRewritePage from './TopicRewritePage';

const a = { action: 'publish' as const, source_topic: 'a/#', re: '^a/(.+)$', dest_topic: 'b/$1' };
const c = { action: 'all' as const, source_topic: 'c/#', re: '^c/(.+)$', dest_topic: 'd/$1' };

describe('TopicRewritePage', () => {
  it('adds a rule (regex and topics checked) and reorders, each time PUTting the whole ordered list', async () => {
    mockApi('get', '/mqtt/topic_rewrite', 200, [a]);
    const puts = mockApi('put', '/mqtt/topic_rewrite', 200, (req) => req.body);
    const { user } = renderWithProviders(<TopicRewritePage />);
    await screen.findByText('a/#');
    await user.click(screen.getByRole('button', { name: /Add Rule/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTitle('all')).toBeInTheDocument(); // default action
    await user.type(within(dialog).getByLabelText('Source Topic'), 'c/#/x');
    await user.type(within(dialog).getByLabelText('Regular Expression'), '^c/(.+');
    await user.type(within(dialog).getByLabelText('Destination Topic'), 'd/+/$1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the value in the correct format')).toBeInTheDocument();
    // the source is a filter, the destination a topic name
    expect(await within(dialog).findByText('Invalid use of "#" wildcard')).toBeInTheDocument();
    expect(await within(dialog).findByText('Publish cannot contain MQTT wildcards "#" and "+"')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Source Topic'));
    await user.type(within(dialog).getByLabelText('Source Topic'), 'c/#');
    await user.clear(within(dialog).getByLabelText('Destination Topic'));
    await user.type(within(dialog).getByLabelText('Destination Topic'), 'd/$1');
    await user.type(within(dialog).getByLabelText('Regular Expression'), ')$');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual([a, c]);
    await screen.findByText('c/#');
    await user.click(screen.getAllByRole('button', { name: 'Move up' })[1]);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1].body).toEqual([c, a]);
  });
});
