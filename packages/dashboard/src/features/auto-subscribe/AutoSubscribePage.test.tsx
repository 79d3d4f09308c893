import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import AutoSubscribePage from './AutoSubscribePage';

const first = { topic: 'client/${clientid}', qos: 1, nl: 0, rap: 0, rh: 0 };

describe('AutoSubscribePage', () => {
  it('refuses a repeated topic or a misplaced wildcard and PUTs the whole list', async () => {
    mockApi('get', '/mqtt/auto_subscribe', 200, [first]);
    const puts = mockApi('put', '/mqtt/auto_subscribe', 200, (req) => req.body);
    const { user } = renderWithProviders(<AutoSubscribePage />);
    await screen.findByText('client/${clientid}');
    await user.click(screen.getByRole('button', { name: /Add Topic/ }));
    const dialog = await screen.findByRole('dialog');
    const topic = within(dialog).getByLabelText('Topic');
    await user.type(topic, 'client/${{clientid}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Repeated topic')).toBeInTheDocument();
    await user.clear(topic);
    await user.type(topic, 'a/#/b');
    expect(await within(dialog).findByText('Invalid use of "#" wildcard')).toBeInTheDocument();
    await user.clear(topic);
    await user.type(topic, 'news');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual([first, { topic: 'news', qos: 0, nl: 0, rap: 0, rh: 0 }]);
  });

  it('viewer: no add or edit', async () => {
    mockApi('get', '/mqtt/auto_subscribe', 200, [first]);
    renderWithProviders(<AutoSubscribePage />, { session: { token: 't', username: 'v', edition: 'ee', role: 'viewer' } });
    await screen.findByText('client/${clientid}');
    expect(screen.queryByRole('button', { name: /Add Topic/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
