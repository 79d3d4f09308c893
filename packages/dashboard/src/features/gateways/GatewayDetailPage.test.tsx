import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { findDialog, renderWithProviders } from '../../../test/render';
import { mockApi, mockNodeKind } from '../../../test/msw';
import GatewayDetailPage from './GatewayDetailPage';

const OVERVIEW = [
  {
    name: 'stomp',
    status: 'running' as const,
    current_connections: 1,
    max_connections: 1024000,
    listeners: [{ id: 'stomp:tcp:default', running: true, type: 'tcp' as const }],
    node_status: [{ node: 'emqx@127.0.0.1' as const, status: 'running' as const, current_connections: 1, max_connections: 1024000 }],
  },
];
const LISTENER = {
  id: 'stomp:tcp:default',
  name: 'default',
  type: 'tcp' as const,
  running: true,
  bind: '0.0.0.0:61613',
  acceptors: 16,
  max_connections: 1024000 as const,
  max_conn_rate: 1000,
  enable: true,
  enable_authn: true,
  access_rules: [],
  mountpoint: '',
  proxy_protocol: false,
  proxy_protocol_timeout: '3s',
  tcp_options: { active_n: 100, backlog: 1024, send_timeout: '15s', send_timeout_close: true, nodelay: true, reuseaddr: true },
};
const CONFIG = {
  name: 'stomp' as const,
  enable: true,
  enable_stats: true,
  idle_timeout: '30s',
  mountpoint: '',
  frame: { max_headers: 10, max_headers_length: 1024, max_body_length: 65536 },
  listeners: [LISTENER],
};

function mockStomp() {
  mockApi('get', '/gateways', 200, OVERVIEW);
  mockApi('get', '/gateways/{name}', 200, CONFIG as never);
  mockApi('get', '/gateways/{name}/listeners', 200, [LISTENER] as never);
}

const render = (tab: string) => renderWithProviders(<GatewayDetailPage />, { route: `/gateway/detail/stomp?tab=${tab}`, path: '/gateway/detail/:name' });

describe('Gateway detail', () => {
  it('settings tab shows the STOMP frame options and saves them with PUT /gateways/stomp', async () => {
    mockStomp();
    const puts = mockApi('put', '/gateways/{name}', 204, null);
    const { user } = render('settings');
    const body = await screen.findByRole('spinbutton', { name: 'Max body length' });
    expect(body).toHaveValue('65536');
    await user.clear(body);
    await user.type(body, '1024');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({
      name: 'stomp',
      enable: true,
      enable_stats: true,
      idle_timeout: '30s',
      mountpoint: '',
      frame: { max_headers: 10, max_headers_length: 1024, max_body_length: 1024 },
    });
  });

  it('a listener edit refuses a bad bind with a message, then PUTs the whole listener without its status', async () => {
    mockStomp();
    const puts = mockApi('put', '/gateways/{name}/listeners/{id}', 200, LISTENER as never);
    const { user } = render('listeners');
    await user.click(await screen.findByRole('button', { name: 'Edit stomp:tcp:default' }));
    const drawer = await findDialog('Edit listener stomp:tcp:default');
    const bind = within(drawer).getByRole('textbox', { name: 'Bind' });
    await waitFor(() => expect(bind).toHaveValue('0.0.0.0:61613'));
    await user.clear(bind);
    await user.type(bind, '0.0.0.0:70000');
    await user.click(within(drawer).getByRole('button', { name: 'Update' }));
    expect(await within(drawer).findByText('Enter a port (1-65535) or host:port')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(bind);
    await user.type(bind, '0.0.0.0:61700');
    await user.click(within(drawer).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].url.pathname).toMatch(/\/gateways\/stomp\/listeners\/stomp%3Atcp%3Adefault$/);
    const sent = puts[0].body as Record<string, unknown>;
    expect(sent).toMatchObject({ type: 'tcp', name: 'default', bind: '0.0.0.0:61700', max_connections: 1024000, tcp_options: { backlog: 1024 } });
    expect(sent).not.toHaveProperty('running');
    expect(sent).not.toHaveProperty('id');
  });

  it('clients tab: search by client ID, open the detail with subscriptions, kick out after a confirmation', async () => {
    mockStomp();
    const client = {
      clientid: 'stomp-dev-1',
      username: 'dev',
      connected: true,
      node: 'emqx@127.0.0.1',
      ip_address: '127.0.0.1',
      port: 50123,
      proto_name: 'STOMP',
      proto_ver: '1.2',
    };
    const lists = mockApi('get', '/gateways/{name}/clients', 200, { data: [client], meta: { page: 1, limit: 20, count: 1, hasnext: false } } as never);
    mockApi('get', '/gateways/{name}/clients/{clientid}', 200, client as never);
    mockApi('get', '/gateways/{name}/clients/{clientid}/subscriptions', 200, [{ topic: 't/1', qos: 1 }] as never);
    const kicks = mockApi('delete', '/gateways/{name}/clients/{clientid}', 204, null);
    const { user } = render('clients');
    expect(await screen.findByRole('button', { name: 'stomp-dev-1' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search client ID' }), 'dev{Enter}');
    await waitFor(() => expect(lists.some((r) => r.url.searchParams.get('like_clientid') === 'dev')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'stomp-dev-1' }));
    const drawer = await findDialog('Client stomp-dev-1');
    expect(await within(drawer).findByText('t/1')).toBeInTheDocument();
    expect(within(drawer).getByText('STOMP 1.2')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Kick out stomp-dev-1' }));
    expect(await screen.findByText('Kick out client stomp-dev-1? Its connection is closed.')).toBeInTheDocument();
    expect(kicks).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(kicks).toHaveLength(1));
    expect(kicks[0].url.pathname).toMatch(/\/gateways\/stomp\/clients\/stomp-dev-1$/);
    expect(await screen.findByText('Kicked out successfully')).toBeInTheDocument();
  });

  it('LwM2M clients tab: endpoint name and lifetime columns, search by endpoint name', async () => {
    mockApi('get', '/gateways', 200, [
      { name: 'lwm2m', status: 'running' as const, current_connections: 1, listeners: [{ id: 'lwm2m:udp:default', running: true, type: 'udp' as const }] },
    ]);
    mockApi('get', '/gateways/{name}', 200, { name: 'lwm2m', status: 'running', enable: true, xml_dir: 'etc/lwm2m_xml/', listeners: [] } as never);
    mockApi('get', '/gateways/{name}/listeners', 200, [] as never);
    const client = { clientid: 'urn:dev:1', username: 'urn:dev:1', endpoint_name: 'urn:dev:1', lifetime: 300, connected: true, proto_name: 'LwM2M', proto_ver: '1.0.1' };
    const lists = mockApi('get', '/gateways/{name}/clients', 200, { data: [client], meta: { page: 1, limit: 20, count: 1, hasnext: false } } as never);
    const { user } = renderWithProviders(<GatewayDetailPage />, { route: '/gateway/detail/lwm2m?tab=clients', path: '/gateway/detail/:name' });
    expect(await screen.findByRole('button', { name: 'urn:dev:1' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Endpoint name' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Lifetime (s)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '300' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search endpoint name' }), 'urn{Enter}');
    await waitFor(() => expect(lists.some((r) => r.url.pathname.endsWith('/gateways/lwm2m/clients') && r.url.searchParams.get('like_endpoint_name') === 'urn')).toBe(true));
  });

  it('auth tab: the built-in database authenticator with its users; Add user POSTs what was typed', async () => {
    mockStomp();
    const authn = {
      mechanism: 'password_based',
      backend: 'built_in_database',
      enable: true,
      user_id_type: 'username',
      password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' },
    };
    mockApi('get', '/gateways/{name}/authentication', 200, authn as never);
    mockApi('get', '/gateways/{name}/authentication/users', 200, { data: [{ user_id: 'dev0', is_superuser: false }], meta: { page: 1, limit: 20, count: 1 } } as never);
    const posts = mockApi('post', '/gateways/{name}/authentication/users', 201, { user_id: 'dev1', is_superuser: false } as never);
    const { user } = render('auth');
    // text queries: role queries walk the whole authenticator form and take tens of seconds in jsdom
    expect(await screen.findByText('dev0')).toBeInTheDocument();
    expect(screen.getByText('Built-in Database')).toBeInTheDocument();
    // the dialog is rendered ahead (forceRender): its title says 'Add user' too
    await user.click(screen.getAllByText('Add user').find((e) => e.closest('button'))!);
    const dialog = await findDialog('Add user');
    await user.type(within(dialog).getByLabelText('Username'), 'dev1');
    await user.type(within(dialog).getByLabelText('Password'), 'right-pass');
    await user.click(within(dialog).getByText('Create'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({ user_id: 'dev1', password: 'right-pass', is_superuser: false });
  });

  it('metrics tab: connections per node and listener; our node adds the gateway counters', async () => {
    mockStomp();
    mockApi('get', '/gateways/{name}/listeners', 200, [{ ...LISTENER, status: { running: true, current_connections: 3, max_connections: 1024000 } }] as never);
    mockNodeKind('mqdeck', ['gateway_metrics']);
    const metrics = mockApi('get', '/mqdeck/gateways/{name}/metrics', 200, {
      name: 'stomp',
      node: 'emqx@127.0.0.1',
      status: 'running',
      since: '2026-11-27T04:30:00.000+00:00',
      current_connections: 1,
      max_connections: 1024000,
      metrics: { 'bytes.received': 4096, 'messages.received': 12, 'messages.delivered': 7, 'authentication.failure': 2 },
    });
    render('metrics');
    expect(await screen.findByText('Connections by node')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'emqx@127.0.0.1' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'stomp:tcp:default' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(await screen.findByText('Messages received')).toBeInTheDocument();
    expect(screen.getByText('4,096')).toBeInTheDocument();
    expect(screen.getByText('Messages delivered').closest('tr')).toHaveTextContent('7');
    expect(screen.getByText('Authentications failed').closest('tr')).toHaveTextContent('2');
    expect(screen.getByText(/Counted since/)).toBeInTheDocument();
    expect(metrics[0].url.pathname).toContain('/mqdeck/gateways/stomp/metrics');
  });

  it('metrics tab in front of a real EMQX: the connection tables only, no counters asked', async () => {
    mockStomp();
    const metrics = mockApi('get', '/mqdeck/gateways/{name}/metrics', 200, {} as never);
    const { queryClient } = render('metrics');
    expect(await screen.findByRole('cell', { name: 'emqx@127.0.0.1' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(['mqdeck', 'extensions'])?.status).toBe('success'));
    expect(screen.queryByText('Gateway counters')).not.toBeInTheDocument();
    expect(metrics).toEqual([]);
  });
});
