import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import UsersPage from './UsersPage';

const users = [
  { username: 'admin', description: 'administrator', role: 'administrator' },
  { username: 'ops', description: 'operations', role: 'viewer' },
];

function setup(session?: { role: string }) {
  mockApi('get', '/users', 200, users);
  return renderWithProviders(<UsersPage />, {
    route: '/users',
    session: session ? { token: 't', username: 'admin', edition: 'ee', role: session.role } : undefined,
  });
}

async function openCreate(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: /create/i }));
  return screen.findByRole('dialog', { name: 'Create User' });
}

describe('UsersPage', () => {
  it('lists username, description and role', async () => {
    setup();
    expect(await screen.findByText('operations')).toBeInTheDocument();
    expect(screen.getByText('Viewer')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
  });

  it('validates username, reserved names, password rules and confirmation', async () => {
    const { user } = setup();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Password is required')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText('Username'), 'root');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'different1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('admin, root and administrator are reserved names')).toBeInTheDocument();
    expect(await within(dialog).findByText(/8 to 64 printable ASCII/)).toBeInTheDocument();
    expect(await within(dialog).findByText("Two inputs don't match!")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'bad name');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/Only upper and lower case letters/)).toBeInTheDocument();
  });

  it('creates a user and says so', async () => {
    const { user } = setup();
    const calls = mockApi('post', '/users', 200, { username: 'alice', description: 'dev', role: 'viewer' });
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Username'), 'alice');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Description'), 'dev');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Create User Successfully')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ username: 'alice', password: 'secret123', description: 'dev', role: 'administrator' });
  });

  it('shows the server error as code: message', async () => {
    const { user } = setup();
    mockApiError('post', '/users', 400, 'BAD_REQUEST', 'username_already_exists');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Username'), 'ops');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Username_already_exists')).toBeInTheDocument();
  });

  it('refuses the same old and new password when changing one', async () => {
    const { user } = setup();
    const row = (await screen.findByText('operations')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Old Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('New Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret124');
    await user.click(within(dialog).getByRole('button', { name: /ok/i }));
    expect(await within(dialog).findByText('The new and old passwords cannot be the same')).toBeInTheDocument();
    expect(await within(dialog).findByText("Two inputs don't match!")).toBeInTheDocument();
  });

  it('changing your own password logs you out to the login page', async () => {
    const { user } = setup();
    const calls = mockApi('post', '/users/{username}/change_pwd', 204, null);
    const row = (await screen.findByText('administrator')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Old Password'), 'public');
    await user.type(within(dialog).getByLabelText('New Password'), 'newpass123');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'newpass123');
    await user.click(within(dialog).getByRole('button', { name: /ok/i }));
    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ old_pwd: 'public', new_pwd: 'newpass123' });
    expect(localStorage.getItem('mqdeck.user')).toBeNull();
  });

  it('cannot delete yourself', async () => {
    setup();
    const row = (await screen.findByText('administrator')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeDisabled();
    const other = screen.getByText('operations').closest('tr')!;
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('hides every write action for a viewer', async () => {
    setup({ role: 'viewer' });
    await screen.findByText('operations');
    expect(screen.queryByRole('button', { name: /create/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument());
  });
});
