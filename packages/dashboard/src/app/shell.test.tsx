import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { renderApp, renderWithProviders } from '../../test/render';
import { mockApi, mockApiError, mockNetworkError, mockNodeKind, mockUpstream, server } from '../../test/msw';
import { api, unwrap } from '../api/client';
import { alarmSettingsRoutes } from '../features/alarm-settings/alarm-settings.routes';
import { usersRoutes } from '../features/users/users.routes';
import { getSession } from './session';
import { i18n } from '../i18n/i18n';

function UsersProbe() {
  const q = useQuery({ queryKey: ['probe'], queryFn: ({ signal }) => api.GET('/users', { signal }).then(unwrap) });
  return <div>{q.data ? 'loaded' : 'waiting'}</div>;
}

describe('auth guard', () => {
  it('sends a visitor without token to /login?to=<previous path>', async () => {
    const { router } = renderApp({ route: '/users?x=1', session: null });
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('/users?x=1');
  });

  it('marks the route on screen on <html data-route> once it is shown (browser tests wait for it)', async () => {
    document.documentElement.dataset.route = '/before';
    const { router } = renderApp({ route: '/users', session: null });
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(document.documentElement.dataset.route).toBe('/login');
  });

  it('after login lands on `to`', async () => {
    mockApi('post', '/login', 200, { token: 'tok', version: '5.8.1', license: { edition: 'enterprise' }, role: 'administrator' });
    mockApi('get', '/users', 200, [{ username: 'boss', description: 'the boss', role: 'administrator' }]);
    const { user, router } = renderApp({ route: '/login?to=%2Fusers', session: null, features: usersRoutes });
    await user.type(await screen.findByLabelText('Username'), 'boss');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('the boss', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(getSession()).toMatchObject({ token: 'tok', username: 'boss', edition: 'enterprise', role: 'administrator' });
  });

  it('shows the login validation and error texts', async () => {
    const { user } = renderApp({ route: '/login', session: null });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    mockApiError('post', '/login', 401, 'BAD_USERNAME_OR_PWD', 'Auth failed');
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    mockApiError('post', '/login', 401, 'LOGIN_LOCKED', 'Login locked');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too many failed logins: Login locked')).toBeInTheDocument();
  });

  it('prompts to change the default password, and skipping goes on', async () => {
    mockApi('post', '/login', 200, { token: 'tok', license: { edition: 'enterprise' }, role: 'administrator' });
    const { user, router } = renderApp({ route: '/login', session: null });
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'public');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = (await screen.findByText('Change the default password')).closest('[role="dialog"]') as HTMLElement;
    await user.type(within(dialog).getByLabelText('New Password'), 'public');
    await user.click(within(dialog).getByRole('button', { name: /ok/i }));
    expect(await within(dialog).findByText('The new and old passwords cannot be the same')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    // '/dashboard' itself redirects to the overview
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
  });
});

describe('first login', () => {
  // Issue 20 item 13: changing the password from the first-login prompt gave no confirmation.
  it('confirms a password changed from the default-password prompt, then signs in with it', async () => {
    const logins = mockApi('post', '/login', 200, { token: 'tok', license: { edition: 'enterprise' }, role: 'administrator' });
    const change = mockApi('post', '/users/{username}/change_pwd', 204, undefined);
    const { user, router } = renderApp({ route: '/login', session: null });
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'public');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = (await screen.findByText('Change the default password')).closest('[role="dialog"]') as HTMLElement;
    await user.type(within(dialog).getByLabelText('New Password'), 'Better-pass-42');
    const confirm = within(dialog).queryByLabelText('Confirm Password');
    if (confirm) await user.type(confirm, 'Better-pass-42');
    await user.click(within(dialog).getByRole('button', { name: /ok/i }));
    expect(await screen.findByText('Changing Password Successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(change).toHaveLength(1);
    expect(logins).toHaveLength(2);
  });
});

describe('API errors', () => {
  it('a 401 BAD_TOKEN logs out with "Login has expired" and back to login with `to`', async () => {
    mockApiError('get', '/users', 401, 'BAD_TOKEN', 'Get a token by POST /login');
    const { router } = renderWithProviders(<UsersProbe />, { route: '/clients' });
    expect(await screen.findByText('Login has expired, please login again')).toBeInTheDocument();
    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?to=%2Fclients');
    expect(getSession()).toBeNull();
  });

  it('a network failure shows "Network Error"', async () => {
    mockNetworkError('get', '/users');
    renderWithProviders(<UsersProbe />);
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
  });

  it('other failures show a plain sentence; the code stays in the details', async () => {
    mockApiError('get', '/users', 500, 'INTERNAL_ERROR', 'boom');
    renderWithProviders(<UsersProbe />);
    expect(await screen.findByText('The node could not do it: boom')).toHaveAttribute('title', 'INTERNAL_ERROR: boom');
    expect(screen.queryByText(/INTERNAL_ERROR/)).not.toBeInTheDocument();
  });
});

describe('layout', () => {
  it('switches the language to 中文 and persists it', async () => {
    mockApi('get', '/users', 200, [{ username: 'admin', description: 'administrator', role: 'administrator' }]);
    const { user } = renderApp({ route: '/users', features: usersRoutes });
    expect(await screen.findByRole('menuitem', { name: /Users/ })).toBeInTheDocument();
    expect(screen.getByText('System')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByText('中文'));
    expect(await screen.findByText('系统设置')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('zh');
  });

  it('Monitoring in the menu holds the alarm thresholds, named "Alarm Settings", beside the Integration tab', async () => {
    mockApi('get', '/users', 200, [{ username: 'admin', description: 'administrator', role: 'administrator' }]);
    renderApp({ route: '/users', features: [...usersRoutes, ...alarmSettingsRoutes] });
    expect(await screen.findByRole('menuitem', { name: /Monitoring/ })).toBeInTheDocument();
    const tabs = alarmSettingsRoutes[0].menu?.tabs ?? [];
    expect(tabs.map((tab) => i18n.t(`menu:${tab.labelKey}`))).toEqual(['Alarm Settings', 'Integration']);
  });

  it('says in the header which broker an upstream-mode console manages, and nothing in front of its own node', async () => {
    mockApi('get', '/users', 200, []);
    mockApi('get', '/nodes', 200, [{ node: 'emqx@10.0.0.1', node_status: 'running', version: '5.8.1' }]);
    mockUpstream('https://emqx.example:18083');
    const first = renderApp({ route: '/users', features: usersRoutes });
    expect(await screen.findByText('EMQX 5.8.1 · Enterprise · emqx.example:18083')).toBeInTheDocument();
    first.unmount();
    server.resetHandlers();
    mockApi('get', '/users', 200, []);
    mockNodeKind('mqdeck');
    renderApp({ route: '/users', features: usersRoutes });
    expect(await screen.findByRole('menuitem', { name: /Users/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('upstream-badge')).toBeNull());
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp({ route: '/no/such/screen' });
    expect(await screen.findByText('Page not found', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('logout asks "Confirm to logout", calls POST /logout and clears the session', async () => {
    mockApi('get', '/users', 200, []);
    const calls = mockApi('post', '/logout', 204, null);
    const { user, router } = renderApp({ route: '/users', features: usersRoutes });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByText('Logout'));
    expect((await screen.findAllByText('Confirm to logout')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0].body).toEqual({ username: 'admin' });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('edition')).toBeNull();
  });
});
