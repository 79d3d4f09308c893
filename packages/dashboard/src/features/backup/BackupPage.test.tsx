import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import BackupPage from './BackupPage';

const FILE = 'emqx-export-2026-11-26-10-41-20.383.tar.gz';
const files = (names: string[]) => ({
  data: names.map((filename) => ({ node: 'emqx@127.0.0.1', filename, created_at: '2026-11-26T10:41:20+00:00', created_at_sec: 1795689680, size: 3900 })),
  meta: { page: 1, limit: 20, count: names.length, hasnext: false },
});

describe('System › Backup & Restore', () => {
  it('lists the files; a restore says what it did in plain sentences, with the failures', async () => {
    mockApi('get', '/data/files', 200, files([FILE]));
    const imports = mockApi('post', '/data/import', 200, {
      result: [
        { name: 'emqx_admin', total: 2, success: 1, override: 1, skipped: 0, failed: 0 },
        { name: 'listeners', total: 2, success: 0, override: 0, skipped: 2, failed: 0 },
        { name: 'connectors', total: 1, success: 1, override: 0, skipped: 0, failed: 0 },
        { name: 'rules', total: 3, success: 1, override: 0, skipped: 1, failed: 1 },
        { name: 'emqx_banned', total: 0, success: 0, override: 0, skipped: 0, failed: 0 },
      ],
      errors: ['rule broken: SQL syntax error'],
    });
    const { user } = renderWithProviders(<BackupPage />, { route: '/backup' });
    const row = (await screen.findByText(FILE)).closest('tr')!;
    expect(within(row).getByText('3.8 KB')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Restore' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const result = await screen.findByTestId('import-result');
    expect(imports[0].body).toEqual({ filename: FILE, node: 'emqx@127.0.0.1' });
    expect(within(result).getByText('The backup was restored, but 1 item(s) could not be: see below.')).toBeInTheDocument();
    expect(within(result).getByText('Dashboard users: 2 in the file, 1 added, 1 updated, 0 already the same, 0 failed.')).toBeInTheDocument();
    expect(within(result).getByText('Rules: 3 in the file, 1 added, 0 updated, 1 already the same, 1 failed.')).toBeInTheDocument();
    expect(within(result).getByText('Listeners: 2 in the file, 0 added, 0 updated, 2 already the same, 0 failed.')).toBeInTheDocument();
    expect(within(result).getByText('Connectors: 1 in the file, 1 added, 0 updated, 0 already the same, 0 failed.')).toBeInTheDocument();
    expect(within(result).getByText('rule broken: SQL syntax error')).toBeInTheDocument();
    // an empty table is not worth a line
    expect(within(result).queryByText(/Banned clients/)).toBeNull();
  });

  it('creates a backup with the chosen parts only', async () => {
    mockApi('get', '/data/files', 200, files([]));
    const exports = mockApi('post', '/data/export', 200, {
      node: 'emqx@127.0.0.1',
      filename: FILE,
      created_at: '2026-11-26T10:41:20+00:00',
      created_at_sec: 1795689680,
      size: 3900,
    });
    const { user } = renderWithProviders(<BackupPage />, { route: '/backup' });
    await user.click(await screen.findByRole('button', { name: /Create Backup/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Configuration' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Retained messages' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].body).toEqual({ table_sets: ['dashboard_users', 'api_keys', 'builtin_authn', 'builtin_authz', 'banned'], root_keys: [] });
    expect(await screen.findByText(`Backup ${FILE} created`)).toBeInTheDocument();
  });

  it('asks for a file before uploading', async () => {
    mockApi('get', '/data/files', 200, files([]));
    const { user } = renderWithProviders(<BackupPage />, { route: '/backup' });
    await user.click(await screen.findByRole('button', { name: /Upload/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select a file first')).toBeInTheDocument();
  });
});
