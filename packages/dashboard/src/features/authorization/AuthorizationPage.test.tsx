import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Button, Form } from 'antd';
import { findDialog } from '../../../test/dialogs';
import { renderWithProviders } from '../../../test/render';
import { mockApi, server } from '../../../test/msw';
import { anAuthzStatus } from '../../../test/fixtures/authorization';
import AuthorizationPage from './AuthorizationPage';
import AuthzDetailPage from './AuthzDetailPage';
import { RulesEditor } from './components/RulesEditor';
import './authorization.messages';

const sources = [
  { type: 'built_in_database' as const, enable: true, max_rules: 100 },
  { type: 'file' as const, enable: true, rules: '{allow, all}.' },
];
const status = anAuthzStatus('connected', { total: 9, allow: 7, deny: 2, nomatch: 0, rate: 0 });
const settings = { no_match: 'allow' as const, deny_action: 'ignore' as const, cache: { enable: true, max_size: 32, ttl: '1m', excludes: [] } };
const session = (role = 'administrator') => ({ token: 't', username: 'admin', edition: 'ee', role });
/** what GET /mqdeck/extensions lists (the explain panel is an extension) */
const extensions = (names: string[]) => server.use(http.get('*/api/v5/mqdeck/extensions', () => HttpResponse.json({ extensions: names })));

function setupList(role?: string) {
  mockApi('get', '/authorization/sources', 200, { sources });
  mockApi('get', '/authorization/sources/{type}/status', 200, status);
  mockApi('get', '/authorization/settings', 200, settings);
  return renderWithProviders(<AuthorizationPage />, { route: '/authorization', session: session(role) });
}

describe('AuthorizationPage', () => {
  it('lists the sources in order with their allow/deny counts', async () => {
    setupList();
    expect(await screen.findByText('Built-in Database', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('File')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('7')).toHaveLength(2));
  });

  it('after deleting a source asks no status of the deleted type', async () => {
    mockApi('get', '/authorization/sources', 200, { sources });
    const statuses = mockApi('get', '/authorization/sources/{type}/status', 200, status);
    mockApi('get', '/authorization/settings', 200, settings);
    const dels = mockApi('delete', '/authorization/sources/{type}', 204, null);
    const { user } = renderWithProviders(<AuthorizationPage />, { route: '/authorization', session: session() });
    const row = (await screen.findByText('File', undefined, { timeout: 8000 })).closest('tr')!;
    await waitFor(() => expect(statuses.some((c) => c.url.pathname.endsWith('/sources/file/status'))).toBe(true));
    const seen = statuses.length;
    const list = mockApi('get', '/authorization/sources', 200, { sources: [sources[0]] });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dels).toHaveLength(1));
    await waitFor(() => expect(list.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText('File')).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 100));
    expect(statuses.slice(seen).filter((c) => c.url.pathname.endsWith('/sources/file/status'))).toEqual([]);
  });

  it('shows a loading placeholder, not the empty state, until the sources answer', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    server.use(
      http.get('*/api/v5/authorization/sources', async () => {
        await gate;
        return HttpResponse.json({ sources });
      }),
    );
    mockApi('get', '/authorization/sources/{type}/status', 200, status);
    renderWithProviders(<AuthorizationPage />, { route: '/authorization', session: session() });
    await screen.findByRole('button', { name: /Create/ }, { timeout: 8000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText(/No source/)).not.toBeInTheDocument();
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Built-in Database')).toBeInTheDocument();
  });

  it('moves a source up with before:<previous type>', async () => {
    const { user } = setupList();
    const moves = mockApi('post', '/authorization/sources/{type}/move', 204, null);
    await user.click(await screen.findByRole('button', { name: 'More file' }, { timeout: 8000 }));
    await user.click(await screen.findByText('Move up'));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0].body).toEqual({ position: 'before:built_in_database' });
    expect(moves[0].url.pathname).toMatch(/sources\/file\/move$/);
  });

  it('saves the global settings and cleans the cache', async () => {
    const { user } = setupList();
    const puts = mockApi('put', '/authorization/settings', 200, settings);
    const clean = mockApi('delete', '/authorization/cache', 204, null);
    await user.click(await screen.findByRole('button', { name: 'setting Settings' }, { timeout: 8000 }));
    const drawer = await findDialog('No Match Action');
    await user.click(within(drawer).getByLabelText('Deny'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...settings, no_match: 'deny' });

    await user.click(await screen.findByRole('button', { name: 'setting Settings' }));
    await user.click(within(await findDialog('No Match Action')).getByRole('button', { name: 'Clean Cache' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(clean).toHaveLength(1));
  });

  it('refuses a cache exclude that is not a topic filter', async () => {
    const { user } = setupList();
    const puts = mockApi('put', '/authorization/settings', 200, settings);
    await user.click(await screen.findByRole('button', { name: 'setting Settings' }, { timeout: 8000 }));
    const drawer = await findDialog('No Match Action');
    const excludes = within(drawer).getByRole('combobox', { name: 'Excluded Topics' });
    await user.type(excludes, 'live/#/x{Enter}');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('live/#/x: Invalid use of "#" wildcard')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('explains which source and rule decide', async () => {
    extensions(['authorization_explain']);
    const { user } = setupList();
    const calls: unknown[] = [];
    server.use(
      http.post('*/api/v5/authorization/explain', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({
          result: 'deny',
          decided_by: 'source',
          source: 'file',
          rule: '{deny, all, publish, ["secret/#"]}',
          sources: [
            { type: 'built_in_database', result: 'nomatch' },
            { type: 'file', result: 'deny' },
          ],
        });
      }),
    );
    await user.click(await screen.findByRole('button', { name: /Explain/ }, { timeout: 8000 }));
    const drawer = await findDialog('Which rule decides?');
    await user.click(within(drawer).getByRole('button', { name: 'Explain' }));
    expect(await within(drawer).findByText('Client ID is required.')).toBeInTheDocument();
    expect(await within(drawer).findByText('Please enter topic')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Client ID'), 'c1');
    await user.type(within(drawer).getByLabelText('Topic'), 'secret/a');
    await user.click(within(drawer).getByRole('button', { name: 'Explain' }));
    expect(await within(drawer).findByText('Verdict: Deny')).toBeInTheDocument();
    expect(within(drawer).getByText('source file')).toBeInTheDocument();
    expect(within(drawer).getByText('{deny, all, publish, ["secret/#"]}')).toBeInTheDocument();
    expect(calls[0]).toEqual({ clientid: 'c1', action: 'publish', topic: 'secret/a', qos: 0, retain: false, is_superuser: false });
  });

  it('explain: the IP must be an IPv4 or IPv6 address, and a verdict goes away when the inputs change', async () => {
    extensions(['authorization_explain']);
    const { user } = setupList();
    const calls: unknown[] = [];
    server.use(
      http.post('*/api/v5/authorization/explain', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ result: 'allow', decided_by: 'no_match', sources: [] });
      }),
    );
    await user.click(await screen.findByRole('button', { name: /Explain/ }, { timeout: 8000 }));
    const drawer = await findDialog('Which rule decides?');
    await user.type(within(drawer).getByLabelText('Client ID'), 'c1');
    await user.type(within(drawer).getByLabelText('Topic'), 't/1');
    const ip = within(drawer).getByLabelText('IP Address');
    await user.type(ip, 'not-an-ip');
    await user.click(within(drawer).getByRole('button', { name: 'Explain' }));
    expect(await within(drawer).findByText('Please enter the value in the correct format')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    for (const good of ['10.0.0.1', '::1', 'fe80::1:2', '::ffff:10.0.0.1']) {
      await user.clear(ip);
      await user.type(ip, good);
      await user.click(within(drawer).getByRole('button', { name: 'Explain' }));
      expect(await within(drawer).findByText('Verdict: Allow')).toBeInTheDocument();
    }
    expect(calls.map((c) => (c as { peerhost: string }).peerhost)).toEqual(['10.0.0.1', '::1', 'fe80::1:2', '::ffff:10.0.0.1']);

    // the verdict belongs to the inputs it answered: editing them, or a failed validation, clears it
    await user.type(within(drawer).getByLabelText('Topic'), '/x');
    expect(within(drawer).queryByText('Verdict: Allow')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Explain' }));
    expect(await within(drawer).findByText('Verdict: Allow')).toBeInTheDocument();
    await user.clear(ip);
    await user.type(ip, '300.1.1.1');
    await user.click(within(drawer).getByRole('button', { name: 'Explain' }));
    expect(await within(drawer).findByText('Please enter the value in the correct format')).toBeInTheDocument();
    expect(within(drawer).queryByText('Verdict: Allow')).not.toBeInTheDocument();
    expect(calls).toHaveLength(5);
  });

  it('hides the explain button where the node does not serve the extension (a real EMQX answers 404)', async () => {
    let asked = false;
    server.use(
      http.get('*/api/v5/mqdeck/extensions', () => {
        asked = true;
        return HttpResponse.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 });
      }),
    );
    setupList();
    await screen.findByText('Built-in Database', undefined, { timeout: 8000 });
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((r) => setTimeout(r, 100)); // the answer has been read
    expect(screen.getByRole('button', { name: 'setting Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Explain/ })).not.toBeInTheDocument();
  });

  it('hides writes from a viewer', async () => {
    setupList('viewer');
    await screen.findByText('Built-in Database', undefined, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('built-in rules', () => {
  it('shows the spec texts for a rule without permission, action or topic', async () => {
    function Harness() {
      const [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ rules: [{ topic: '' }] }}>
          <RulesEditor />
          <Button onClick={() => void form.validateFields().catch(() => undefined)}>validate</Button>
        </Form>
      );
    }
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'validate' }));
    expect(await screen.findByText('Please select permission')).toBeInTheDocument();
    expect(await screen.findByText('Please select action')).toBeInTheDocument();
    expect(await screen.findByText('Please enter topic')).toBeInTheDocument();
  });

  it('checks rule topics as filters with the spec texts; "eq " names a topic literally', async () => {
    function Harness() {
      const [form] = Form.useForm();
      return (
        <Form
          form={form}
          initialValues={{
            rules: [
              { permission: 'allow', action: 'all', topic: 'a/#/b' },
              { permission: 'deny', action: 'all', topic: 'x+' },
              { permission: 'deny', action: 'all', topic: 'eq t/#' },
            ],
          }}
        >
          <RulesEditor />
          <Button onClick={() => void form.validateFields().catch(() => undefined)}>validate</Button>
        </Form>
      );
    }
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'validate' }));
    expect(await within(screen.getByTestId('rule-0')).findByText('Invalid use of "#" wildcard')).toBeInTheDocument();
    expect(await within(screen.getByTestId('rule-1')).findByText('Invalid use of "+" wildcard')).toBeInTheDocument();
    expect(within(screen.getByTestId('rule-2')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds rules for a username with POST [{username, rules}] and requires the username', async () => {
    mockApi('get', '/authorization/sources/{type}', 200, sources[0]);
    mockApi('get', '/authorization/sources/{type}/status', 200, status);
    mockApi('get', '/authorization/sources/built_in_database/rules/clients', 200, { data: [], meta: { page: 1, limit: 20, hasnext: false } });
    mockApi('get', '/authorization/sources/built_in_database/rules/users', 200, { data: [], meta: { page: 1, limit: 20, hasnext: false } });
    const posts = mockApi('post', '/authorization/sources/built_in_database/rules/users', 204, null);
    const { user } = renderWithProviders(<AuthzDetailPage />, { route: '/authorization/detail/built_in_database', path: '/authorization/detail/:type', session: session() });
    await user.click(await screen.findByRole('tab', { name: 'Username' }, { timeout: 8000 }));
    const panel = screen.getByRole('tabpanel', { name: 'Username' });
    await user.click(within(panel).getByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add Permissions');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Username is required.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter topic')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Username'), 'bob');
    await user.type(within(dialog).getByLabelText('Topic 1'), 'secret/#');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual([{ username: 'bob', rules: [{ permission: 'allow', action: 'all', topic: 'secret/#', qos: [0, 1, 2], retain: 'all' }] }]);
  });
});
