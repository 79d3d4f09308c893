import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { http, HttpResponse } from 'msw';
import { mockApi, server } from '../../../test/msw';
import { aBuiltInAuthenticator, anAuthnStatus } from '../../../test/fixtures/authentication';
import AuthenticationPage from './AuthenticationPage';
import AuthnCreatePage from './AuthnCreatePage';
import { toConfigBody } from './authentication.config';

const builtin = aBuiltInAuthenticator();
const jwt = {
  id: 'jwt',
  mechanism: 'jwt' as const,
  enable: false,
  algorithm: 'hmac-based' as const,
  secret: '******',
  from: 'password' as const,
  use_jwks: false as const,
  verify_claims: {},
  acl_claim_name: 'acl',
  disconnect_after_expire: true,
  secret_base64_encoded: false,
};
const status = anAuthnStatus('connected', { total: 12, success: 10, failed: 2, nomatch: 0, rate: 0.5, rate_max: 3 });

function session(role = 'administrator') {
  return { token: 't', username: 'admin', edition: 'ee', role };
}

describe('AuthenticationPage', () => {
  it('lists the chain with backend, status and metrics from the node', async () => {
    mockApi('get', '/authentication', 200, [builtin, jwt]);
    mockApi('get', '/authentication/{id}/status', 200, status);
    renderWithProviders(<AuthenticationPage />, { route: '/authentication', session: session() });
    expect(await screen.findByText('Password-Based')).toBeInTheDocument();
    expect(screen.getByText('Built-in Database')).toBeInTheDocument();
    expect(screen.getByText('JWT')).toBeInTheDocument();
    expect((await screen.findAllByText('Connected')).length).toBe(2);
    expect(screen.getAllByText('10').length).toBe(2);
  });

  it('moves an authenticator down with after:<next id>, and toggles enable with PUT of the config without id', async () => {
    mockApi('get', '/authentication', 200, [builtin, jwt]);
    mockApi('get', '/authentication/{id}/status', 200, status);
    const moves = mockApi('put', '/authentication/{id}/position/{position}', 204, null);
    const puts = mockApi('put', '/authentication/{id}', 204, null);
    const { user } = renderWithProviders(<AuthenticationPage />, { route: '/authentication', session: session() });
    await user.click(await screen.findByRole('button', { name: 'More password_based:built_in_database' }));
    await user.click(await screen.findByText('Move down'));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(decodeURIComponent(moves[0].url.pathname)).toMatch(/authentication\/password_based:built_in_database\/position\/after:jwt$/);

    await user.click(screen.getByRole('switch', { name: 'Enable jwt' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toMatchObject({ mechanism: 'jwt', enable: true, secret: '******' });
    expect(puts[0].body).not.toHaveProperty('id');
  });

  it('after deleting an authenticator asks no status of the deleted id', async () => {
    mockApi('get', '/authentication', 200, [builtin, jwt]);
    const statuses = mockApi('get', '/authentication/{id}/status', 200, status);
    const dels = mockApi('delete', '/authentication/{id}', 204, null);
    const { user } = renderWithProviders(<AuthenticationPage />, { route: '/authentication', session: session() });
    await waitFor(() => expect(statuses).toHaveLength(2));
    const list = mockApi('get', '/authentication', 200, [builtin]);
    const row = screen.getByText('JWT').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dels).toHaveLength(1));
    await waitFor(() => expect(list.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText('JWT')).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 100));
    const after = statuses.slice(2).map((c) => decodeURIComponent(c.url.pathname));
    expect(after.filter((p) => p.endsWith('/authentication/jwt/status'))).toEqual([]);
  });

  it('shows a loading placeholder, not the empty state, until the list answers', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    server.use(
      http.get('*/api/v5/authentication', async () => {
        await gate;
        return HttpResponse.json([builtin]);
      }),
    );
    mockApi('get', '/authentication/{id}/status', 200, status);
    renderWithProviders(<AuthenticationPage />, { route: '/authentication', session: session() });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText(/anonymous access/)).not.toBeInTheDocument();
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Password-Based')).toBeInTheDocument();
  });

  it('hides create, delete and reorder from a viewer and shows the anonymous hint when empty', async () => {
    mockApi('get', '/authentication', 200, []);
    renderWithProviders(<AuthenticationPage />, { route: '/authentication', session: session('viewer') });
    expect(await screen.findByText(/anonymous access/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  });
});

describe('AuthnCreatePage', () => {
  it('creates a built-in database authenticator with the chosen hash', async () => {
    mockApi('get', '/authentication', 200, []);
    const posts = mockApi('post', '/authentication', 200, builtin);
    const { user, router } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create', session: session() });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('User ID Type')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({
      mechanism: 'password_based',
      backend: 'built_in_database',
      enable: true,
      user_id_type: 'username',
      password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' },
    });
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
  });

  it('requires the MySQL fields and shows pbkdf2 options', async () => {
    mockApi('get', '/authentication', 200, [builtin]);
    server.use(http.get('*/api/v5/mqdeck/extensions', () => HttpResponse.json({ extensions: [] }))); // asked for the Test button
    const posts = mockApi('post', '/authentication', 200, builtin);
    const { user } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create', session: session() });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    // built_in_database already exists: it is disabled, and the first free backend is preselected.
    expect(screen.getByRole('radio', { name: 'Built-in Database' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'MySQL' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.clear(await screen.findByLabelText('Server'));
    await user.type(screen.getByLabelText('Database'), ' ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Server is required.')).toBeInTheDocument();
    expect(await screen.findByText('Database is required.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('pbkdf2: out-of-range Iteration Count, Derived Key Length and Pool Size get the spec texts, nothing is clamped or saved', async () => {
    mockApi('get', '/authentication', 200, [builtin]);
    const posts = mockApi('post', '/authentication', 200, builtin);
    const { user } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create', session: session() });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' })); // MySQL
    await user.type(await screen.findByLabelText('Database'), 'mqtt');
    await user.type(screen.getByLabelText('Username'), 'root');
    await user.click(screen.getByLabelText('Password Hash'));
    await user.click(await screen.findByTitle('pbkdf2'));
    const iterations = await screen.findByLabelText('Iteration Count');
    await user.clear(iterations);
    await user.type(iterations, '0');
    await user.type(screen.getByLabelText('Derived Key Length'), '-5');
    const pool = screen.getByLabelText('Pool Size');
    await user.clear(pool);
    await user.type(pool, '2000');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Please enter a number greater than or equal 1')).toHaveLength(2);
    expect(screen.getByText('Input error: the number range is 1 - 1024')).toBeInTheDocument();
    expect(iterations).toHaveValue('0');
    expect(posts).toHaveLength(0);
  });

  it('refuses a JWT verify-claims text that is not JSON', async () => {
    mockApi('get', '/authentication', 200, []);
    const { user } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create', session: session() });
    await user.click(await screen.findByText('JWT'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Secret'), 's3cret');
    await user.type(screen.getByLabelText('Verify Claims (JSON)'), '{{not json');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter the correct JSON')).toBeInTheDocument();
  });
});

describe('toConfigBody', () => {
  it('parses JSON texts and keeps only the fields of the chosen JWT variant', () => {
    const body = toConfigBody({
      mechanism: 'jwt',
      use_jwks: true,
      endpoint: 'https://x/jwks',
      refresh_interval: 60,
      algorithm: 'hmac-based',
      secret: 'a',
      verify_claims: '{"username":"${username}"}',
      enable: true,
    });
    expect(body).toEqual({ mechanism: 'jwt', use_jwks: true, endpoint: 'https://x/jwks', refresh_interval: 60, verify_claims: { username: '${username}' }, enable: true });
  });

  it('keeps the LDAP filter as text and drops the body of an HTTP GET', () => {
    expect(toConfigBody({ mechanism: 'password_based', backend: 'ldap', filter: '(objectClass=mqttUser)' }).filter).toBe('(objectClass=mqttUser)');
    expect(toConfigBody({ mechanism: 'password_based', backend: 'http', method: 'get', body: '{}', headers: '' })).toEqual({
      mechanism: 'password_based',
      backend: 'http',
      method: 'get',
      headers: {},
    });
  });
});
