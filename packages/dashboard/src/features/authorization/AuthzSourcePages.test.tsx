// Authorization › Create and › detail: the external source forms (required fields, URL and JSON checks,
// JSON texts sent as objects, values without a field kept) and the ACL file editor.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { anAuthzStatus } from '../../../test/fixtures/authorization';
import { pageOf } from '../../../test/fixtures/page';
import AuthzCreatePage from './AuthzCreatePage';
import AuthzDetailPage from './AuthzDetailPage';
import './authorization.messages';

const session = (role = 'administrator') => ({ token: 't', username: 'admin', edition: 'ee', role });
const status = anAuthzStatus('connected', { total: 0, allow: 0, deny: 0, nomatch: 0, rate: 0 });
const ACL = '{allow, {username, "ops"}, all, ["ops/#"]}.\n{deny, all}.\n';

function setupCreate(
  existing: { type: string; enable: boolean }[] = [
    { type: 'file', enable: true },
    { type: 'built_in_database', enable: true },
  ],
) {
  mockApi('get', '/authorization/sources', 200, { sources: existing } as never);
  const posts = mockApi('post', '/authorization/sources', 204, null);
  const r = renderWithProviders(<AuthzCreatePage />, { route: '/authorization/create', path: '/authorization/create', session: session() });
  return { ...r, posts };
}

async function pick(user: ReturnType<typeof setupCreate>['user'], label: string) {
  await user.click(await screen.findByText(label));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

function setupDetail(source: Record<string, unknown>, role?: string) {
  mockApi('get', '/authorization/sources/{type}', 200, source as never);
  mockApi('get', '/authorization/sources/{type}/status', 200, status);
  const puts = mockApi('put', '/authorization/sources/{type}', 204, null);
  const r = renderWithProviders(<AuthzDetailPage />, {
    route: `/authorization/detail/${String(source.type)}?tab=settings`,
    path: '/authorization/detail/:type',
    session: session(role),
  });
  return { ...r, puts };
}

describe('AuthzCreatePage', () => {
  it('offers only the types not configured yet', async () => {
    setupCreate();
    const file = await screen.findByRole('radio', { name: 'File' });
    await waitFor(() => expect(file).toBeDisabled());
    expect(screen.getByRole('radio', { name: 'Built-in Database' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'MySQL' })).toBeChecked();
  });

  it('MySQL: server, database and SQL are required; the body carries the defaults and what was typed', async () => {
    const { user, posts, router } = setupCreate();
    await pick(user, 'MySQL');
    const server = await screen.findByLabelText('Server');
    expect(server).toHaveValue('127.0.0.1:3306');
    await user.clear(server);
    await user.clear(screen.getByLabelText('SQL'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Server is required.')).toBeInTheDocument();
    expect(await screen.findByText('Database is required.')).toBeInTheDocument();
    expect(await screen.findByText('SQL is required.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(server, 'db.local:3306');
    await user.type(screen.getByLabelText('Database'), 'mqtt');
    await user.type(screen.getByLabelText('Password'), 's3cret');
    await user.type(screen.getByLabelText('SQL'), 'SELECT action, permission, topic FROM acl WHERE clientid = ${{clientid}');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({
      type: 'mysql',
      enable: true,
      server: 'db.local:3306',
      database: 'mqtt',
      username: 'root',
      password: 's3cret',
      pool_size: 8,
      auto_reconnect: true,
      ssl: { enable: false },
      query: 'SELECT action, permission, topic FROM acl WHERE clientid = ${clientid}',
    });
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/authorization'));
  });

  it('HTTP: URL format and JSON texts are checked; GET sends no body; headers go as an object', async () => {
    const { user, posts } = setupCreate();
    await pick(user, 'HTTP Server');
    const url = await screen.findByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'not a url');
    const headers = screen.getByLabelText('Headers (JSON)');
    await user.clear(headers);
    await user.type(headers, '{{"x-token": ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter the value in the correct format')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the correct JSON')).toBeInTheDocument();

    await user.clear(url);
    await user.type(url, 'http://authz.local:8080/check');
    await user.type(headers, '"abc"}');
    await user.click(screen.getByLabelText('Method'));
    await user.click(await screen.findByTitle('GET'));
    expect(screen.queryByLabelText('Body (JSON)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const body = posts[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'http', method: 'get', url: 'http://authz.local:8080/check', headers: { 'x-token': 'abc' }, request_timeout: '30s' });
    expect(body).not.toHaveProperty('body');
  });

  it('MongoDB: collection required, the filter is sent as a JSON object', async () => {
    const { user, posts } = setupCreate();
    await pick(user, 'MongoDB');
    await user.type(await screen.findByLabelText('Database'), 'mqtt');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Collection is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Collection'), 'acl');
    const filter = screen.getByLabelText('Filter (JSON)');
    await user.clear(filter);
    await user.type(filter, '{{"clientid": "${{clientid}"}');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ type: 'mongodb', database: 'mqtt', collection: 'acl', filter: { clientid: '${clientid}' }, mongo_type: 'single' });
  });

  it('MongoDB replica set: the shared mode selector swaps server for servers, asks the set name, and the body fits authz.mongo_rs', async () => {
    const { user, posts } = setupCreate();
    await pick(user, 'MongoDB');
    await user.type(await screen.findByLabelText('Database'), 'mqtt');
    await user.type(screen.getByLabelText('Collection'), 'acl');
    expect(screen.getByLabelText('Server')).toHaveValue('127.0.0.1:27017');
    await user.click(screen.getByLabelText('MongoDB Mode'));
    await user.click(await screen.findByTitle('Replica set (rs)'));
    expect(screen.getByLabelText('Servers')).toHaveValue('127.0.0.1:27017'); // carried over
    expect(screen.queryByLabelText('Server')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Replica Set Name is required.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(screen.getByLabelText('Servers'), ',10.0.0.2:27017');
    await user.type(screen.getByLabelText('Replica Set Name'), 'rs0');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({
      type: 'mongodb',
      mongo_type: 'rs',
      servers: '127.0.0.1:27017,10.0.0.2:27017',
      replica_set_name: 'rs0',
      r_mode: 'master',
      w_mode: 'unsafe',
      database: 'mqtt',
      collection: 'acl',
    });
    expect(posts[0].body).not.toHaveProperty('server');
  });

  it('HTTP request timeout is a duration: number + unit, 0 refused, sent as a duration string', async () => {
    const { user, posts } = setupCreate();
    await pick(user, 'HTTP Server');
    const timeout = await screen.findByLabelText('Request Timeout');
    expect(timeout).toHaveValue('30');
    expect(screen.getByLabelText('Request Timeout unit')).toBeInTheDocument();
    fireEvent.change(timeout, { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Configurable minimum value is 1ms')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    fireEvent.change(timeout, { target: { value: '45' } });
    await user.click(screen.getByLabelText('Request Timeout unit'));
    await user.click(await screen.findByTitle('ms'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ type: 'http', request_timeout: '45ms' });
  });

  it('the node refusing the source keeps the form and says why', async () => {
    const { user, posts } = setupCreate();
    mockApiError('post', '/authorization/sources', 400, 'BAD_REQUEST', 'redis: server: bad address');
    await pick(user, 'Redis');
    expect(await screen.findByLabelText('CMD')).toHaveValue('HGETALL mqtt_acl:${username}');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Redis: server: bad address')).toBeInTheDocument();
    expect(posts).toHaveLength(0); // the error mock answered
    expect(screen.getByLabelText('Server')).toHaveValue('127.0.0.1:6379');
  });
});

describe('AuthzDetailPage permissions', () => {
  it('keeps the Client ID / Username / All Users sub-tab in the URL, so a reload shows the same one', async () => {
    mockApi('get', '/authorization/sources/{type}', 200, { type: 'built_in_database', enable: true, max_rules: 100 });
    mockApi('get', '/authorization/sources/{type}/status', 200, status);
    mockApi('get', '/authorization/sources/built_in_database/rules/users', 200, pageOf([{ username: 'ops', rules: [] }]));
    mockApi('get', '/authorization/sources/built_in_database/rules/clients', 200, pageOf([]));
    mockApi('get', '/authorization/sources/built_in_database/rules/all', 200, { rules: [] });
    const { user, router } = renderWithProviders(<AuthzDetailPage />, {
      route: '/authorization/detail/built_in_database?tab=permissions&rules=users',
      path: '/authorization/detail/:type',
      session: session(),
    });
    expect(await screen.findByText('ops', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Username' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'All Users' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('rules')).toBe('all'));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('permissions');
  });
});

describe('AuthzDetailPage settings', () => {
  it('the ACL file editor shows the rules and PUTs the edited text', async () => {
    const { user, puts } = setupDetail({ type: 'file', enable: true, rules: ACL });
    const editor = await screen.findByLabelText('ACL File', undefined, { timeout: 8000 });
    await waitFor(() => expect(editor).toHaveValue(ACL));
    await user.type(editor, '{{allow, all, subscribe, [["public/#"]}.'); // '{{' and '[[' type one brace / bracket
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].url.pathname).toMatch(/sources\/file$/);
    expect(puts[0].body).toEqual({ type: 'file', enable: true, rules: `${ACL}{allow, all, subscribe, ["public/#"]}.` });
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
  });

  it('an ACL the node cannot parse is refused with its reason and the text stays', async () => {
    const { user } = setupDetail({ type: 'file', enable: true, rules: ACL });
    mockApiError('put', '/authorization/sources/{type}', 400, 'BAD_REQUEST', 'line 3: syntax error before: nobody');
    const editor = await screen.findByLabelText('ACL File', undefined, { timeout: 8000 });
    await waitFor(() => expect(editor).toHaveValue(ACL));
    await user.type(editor, '{{allow, nobody}.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Line 3: syntax error before: nobody')).toBeInTheDocument();
    expect(editor).toHaveValue(`${ACL}{allow, nobody}.`);
  });

  it('an external source keeps fields the form does not show, and the masked password', async () => {
    const redis = {
      type: 'redis',
      enable: true,
      redis_type: 'single',
      server: '10.0.0.5:6379',
      database: 2,
      password: '******',
      pool_size: 8,
      auto_reconnect: true,
      ssl: { enable: true, verify: 'verify_none' },
      cmd: 'HGETALL mqtt_acl:${username}',
    };
    const { user, puts } = setupDetail(redis);
    const server = await screen.findByLabelText('Server', undefined, { timeout: 8000 });
    await waitFor(() => expect(server).toHaveValue('10.0.0.5:6379'));
    await user.clear(screen.getByLabelText('CMD'));
    await user.type(screen.getByLabelText('CMD'), 'HGETALL acl:${{clientid}');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...redis, cmd: 'HGETALL acl:${clientid}' });
  });

  it('a viewer sees the settings read-only', async () => {
    setupDetail({ type: 'file', enable: true, rules: ACL }, 'viewer');
    const editor = await screen.findByLabelText('ACL File', undefined, { timeout: 8000 });
    await waitFor(() => expect(editor).toHaveValue(ACL));
    expect(editor).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('an unknown source says it does not exist', async () => {
    mockApiError('get', '/authorization/sources/{type}', 404, 'NOT_FOUND', 'Not found: mysql');
    renderWithProviders(<AuthzDetailPage />, { route: '/authorization/detail/mysql', path: '/authorization/detail/:type', session: session() });
    expect(await screen.findByText('The source does not exist', undefined, { timeout: 8000 })).toBeInTheDocument();
  });
});
