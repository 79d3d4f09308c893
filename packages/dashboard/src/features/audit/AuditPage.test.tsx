import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntryView } from '@mqdeck/api';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import AuditPage from './AuditPage';

const entry: AuditEntryView = {
  created_at: '2026-11-26T10:41:20.383993+00:00',
  node: 'emqx@127.0.0.1',
  from: 'dashboard',
  source: 'admin',
  source_ip: '10.1.2.3',
  operation_id: '/users',
  operation_type: 'users',
  operation_result: 'success',
  http_status_code: 200,
  http_method: 'post',
  duration_ms: 4,
  args: [],
  failure: [],
  http_request: { method: 'post', bindings: {}, headers: { authorization: '******' }, body: { username: 'ops', password: '******' } },
};
const failed: AuditEntryView = {
  ...entry,
  created_at: '2026-11-26T10:42:00.000001+00:00',
  from: 'rest_api',
  source: 'ci-key',
  operation_id: '/users/{username}',
  operation_result: 'failure',
  http_status_code: 404,
  http_method: 'delete',
  failure: ['{"code":"USER_NOT_FOUND","message":"User not found"}'],
  http_request: { method: 'delete', bindings: { username: 'nobody' }, headers: {}, body: {}, query: { force: 'true' } },
};
const page = (data: AuditEntryView[]) => ({ data, meta: { page: 1, limit: 20, count: data.length, hasnext: false } });

describe('System › Audit Log', () => {
  it('lists who changed what, and the drawer shows the masked request and the error', async () => {
    mockApi('get', '/audit', 200, page([failed, entry]));
    const { user } = renderWithProviders(<AuditPage />, { route: '/audit-log' });
    const row = (await screen.findByText('POST /users')).closest('tr')!;
    expect(within(row).getByText('admin')).toBeInTheDocument();
    expect(within(row).getByText('10.1.2.3')).toBeInTheDocument();
    expect(within(row).getByText('Success 200')).toBeInTheDocument();
    const bad = screen.getByText('DELETE /users/{username}').closest('tr')!;
    expect(within(bad).getByText('Failure 404')).toBeInTheDocument();
    expect(within(bad).getByText('REST API (API key)')).toBeInTheDocument();
    await user.click(within(bad).getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/USER_NOT_FOUND/)).toBeInTheDocument();
    expect(within(drawer).getByText(/"username": "nobody"/)).toBeInTheDocument();
    expect(within(drawer).getByText(/"force": "true"/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    expect(await screen.findByText(/"password": "\*\*\*\*\*\*"/)).toBeInTheDocument();
  });

  it('sends only the filters that are set, as the node reads them', async () => {
    const calls = mockApi('get', '/audit', 200, page([entry]));
    const { user } = renderWithProviders(<AuditPage />, { route: '/audit-log' });
    await screen.findByText('POST /users');
    expect([...calls[0].url.searchParams.keys()].sort()).toEqual(['limit', 'page']);
    await user.type(screen.getByRole('searchbox', { name: 'Operator' }), 'admin{Enter}');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('source')).toBe('admin'));
    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByTitle('DELETE'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('http_method')).toBe('delete'));
    expect(calls.at(-1)!.url.searchParams.get('source')).toBe('admin');
  });

  it("says so when the node's audit log is off", async () => {
    mockApi('get', '/audit', 400, { code: 'BAD_REQUEST', message: 'Audit is disabled' });
    renderWithProviders(<AuditPage />, { route: '/audit-log' });
    expect(await screen.findByText(/The audit log is turned off on this node/)).toBeInTheDocument();
  });
});
