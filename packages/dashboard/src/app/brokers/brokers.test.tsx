import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import { usersRoutes } from '../../features/users/users.routes';
import { getSession } from '../session';
import { routedUrl, TARGET_KEY } from './target';

const BROKER = {
  id: 'b1',
  name: 'production',
  url: 'https://emqx.example:18083',
  auth_type: 'password' as const,
  username: 'admin',
  secret: '******',
  ca: '',
  insecure: false,
  version: '5.8.1',
  edition: 'opensource',
  created_at: '2026-11-26T10:00:00.000Z',
};

describe('several brokers in one console', () => {
  it("routes the console's calls to the chosen broker, except this node's own session and broker list", () => {
    const base = 'http://localhost/api/v5';
    expect(routedUrl(`${base}/clients?page=1`, base)).toBe(`${base}/clients?page=1`);
    localStorage.setItem(TARGET_KEY, JSON.stringify({ id: 'b1', name: 'production', url: BROKER.url, edition: 'opensource' }));
    expect(routedUrl(`${base}/clients?page=1`, base)).toBe(`${base}/mqdeck/brokers/b1/api/v5/clients?page=1`);
    expect(routedUrl(`${base}/login`, base)).toBe(`${base}/login`);
    expect(routedUrl(`${base}/mqdeck/brokers`, base)).toBe(`${base}/mqdeck/brokers`);
    expect(routedUrl(`${base}/users/admin/change_pwd`, base, true)).toBe(`${base}/users/admin/change_pwd`);
  });

  it("follows the chosen broker's edition in the menu", () => {
    localStorage.setItem('mqdeck.user', JSON.stringify({ token: 't', username: 'admin', role: 'administrator' }));
    localStorage.setItem('edition', 'ee');
    expect(getSession()?.edition).toBe('ee');
    localStorage.setItem(TARGET_KEY, JSON.stringify({ id: 'b1', name: 'production', url: BROKER.url, edition: 'opensource' }));
    expect(getSession()?.edition).toBe('opensource');
  });

  it('lists the brokers in the header and adds one through the dialog', async () => {
    mockApi('get', '/users', 200, []);
    mockApi('get', '/mqdeck/brokers', 200, []);
    const { user } = renderApp({ route: '/users', features: usersRoutes });
    await user.click(await screen.findByLabelText('Manage brokers'));
    const dialog = (await screen.findByText('Brokers managed from this console')).closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByText('No broker added yet: only this node is managed.')).toBeInTheDocument();
    const posts = mockApi('post', '/mqdeck/brokers', 201, BROKER);
    mockApi('get', '/mqdeck/brokers', 200, [BROKER]);
    await user.click(within(dialog).getByRole('button', { name: /Add Broker/ }));
    const form = (await screen.findByText('Add Broker', { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;
    await user.type(within(form).getByLabelText('Name'), 'production');
    await user.clear(within(form).getByLabelText('Console address'));
    await user.type(within(form).getByLabelText('Console address'), 'https://emqx.example:18083');
    await user.type(within(form).getByLabelText('Password'), 'public');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The broker answered and was saved')).toBeInTheDocument();
    expect(posts[0].body).toMatchObject({ name: 'production', url: 'https://emqx.example:18083', auth_type: 'password', username: 'admin', secret: 'public' });
    await waitFor(() => expect(within(dialog).getByText('production')).toBeInTheDocument());
    expect(within(dialog).getByText('Open source')).toBeInTheDocument();
  });

  it('shows no picker in front of a node without managed brokers (a real EMQX)', async () => {
    mockApi('get', '/users', 200, []);
    renderApp({ route: '/users', features: usersRoutes });
    expect(await screen.findByRole('menuitem', { name: /Users/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Manage brokers')).toBeNull();
  });
});
