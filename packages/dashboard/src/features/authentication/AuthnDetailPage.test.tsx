import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { findDialog } from '../../../test/dialogs';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { aBuiltInAuthenticator, anAuthnStatus } from '../../../test/fixtures/authentication';
import AuthnDetailPage from './AuthnDetailPage';

const ID = 'password_based:built_in_database';
const builtin = aBuiltInAuthenticator({ id: ID });

function setup(role = 'administrator') {
  mockApi('get', '/authentication/{id}', 200, builtin);
  mockApi('get', '/authentication/{id}/status', 200, anAuthnStatus('connected', { total: 3, success: 2, failed: 1 }));
  const users = mockApi('get', '/authentication/{id}/users', 200, {
    data: [
      { user_id: 'alice', is_superuser: true },
      { user_id: 'bob', is_superuser: false },
    ],
    meta: { page: 1, limit: 20, hasnext: false, count: 2 },
  });
  const r = renderWithProviders(<AuthnDetailPage />, {
    route: `/authentication/detail/${encodeURIComponent(ID)}`,
    path: '/authentication/detail/:id',
    session: { token: 't', username: 'admin', edition: 'ee', role },
  });
  return { ...r, users };
}

describe('AuthnDetailPage', () => {
  it('opens on the users tab of a built-in database and searches by user id', async () => {
    const { user, users } = setup();
    // First render of the file also loads antd's Tabs/Table code: allow more than the default second.
    expect(await screen.findByText('alice', undefined, { timeout: 8000 })).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Username'), 'ali{Enter}');
    await waitFor(() => expect(users.at(-1)?.url.searchParams.get('like_user_id')).toBe('ali'));
  });

  it('requires user id and password, then creates the user', async () => {
    const { user } = setup();
    await screen.findByText('alice', undefined, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: /Add User/ }));
    const dialog = await findDialog('Add User');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Username is required.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Password is required.')).toBeInTheDocument();
    const posts = mockApi('post', '/authentication/{id}/users', 201, { user_id: 'carol', is_superuser: false });
    await user.type(within(dialog).getByLabelText('Username'), 'carol');
    await user.type(within(dialog).getByLabelText('Password'), 'pa55word');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({ user_id: 'carol', password: 'pa55word', is_superuser: false });
  });

  it('asks for a file before importing and shows the import counts', async () => {
    const { user } = setup();
    await screen.findByText('alice', undefined, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: /Import/ }));
    const dialog = await findDialog('Import Users');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Please select a file first')).toBeInTheDocument();

    const calls = mockApi('post', '/authentication/{id}/import_users', 200, { total: 3, success: 1, override: 1, skipped: 0, failed: 1 });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['user_id,password,is_superuser\ncarol,pw,false\n'], 'users.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Imported: 1 success, 1 override, 1 failed, 0 skipped, 3 total')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('type')).toBe('plain');
  });

  it('shows the not-found state for an unknown id', async () => {
    mockApiError('get', '/authentication/{id}', 404, 'NOT_FOUND', 'Authenticator does not exist');
    mockApiError('get', '/authentication/{id}/status', 404, 'NOT_FOUND', 'Authenticator does not exist');
    renderWithProviders(<AuthnDetailPage />, { route: '/authentication/detail/nope', path: '/authentication/detail/:id' });
    expect(await screen.findByText('The authenticator does not exist')).toBeInTheDocument();
  });

  it('hides user writes from a viewer', async () => {
    setup('viewer');
    expect(await screen.findByText('alice', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add User/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
  });
});
