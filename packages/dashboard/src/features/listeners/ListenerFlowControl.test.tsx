// The drawer's flow-control fields: max_conn_rate (per listener), messages_rate and bytes_rate (per client).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { http, HttpResponse } from 'msw';
import { mockApi, mockNodeKind, server } from '../../../test/msw';
import { aListener, aTcpListenerDetail, type TcpListenerDetail } from '../../../test/fixtures/listeners';
import ListenersPage from './ListenersPage';

const RATE_TEXT = 'Please enter a properly formatted rate configuration';
const tcp = aListener();
const detail = (extra: Partial<TcpListenerDetail> = {}) => aTcpListenerDetail(extra);

// the hotconf shape EMQX serves (maps as one `$name` property, unions as oneOf): the listeners map reaches the tcp listener struct and its tcp_options
const hotconf = {
  components: {
    schemas: {
      'emqx.listeners': {
        properties: { tcp: { properties: { $name: { oneOf: [{ type: 'enum', symbols: ['marked_for_deletion'] }, { $ref: '#/components/schemas/emqx.mqtt_tcp_listener' }] } } } },
      },
      'emqx.mqtt_tcp_listener': {
        properties: {
          proxy_protocol: {
            description: 'Enable the Proxy Protocol V1/2 if the EMQX cluster is deployed behind HAProxy or Nginx.<br/> See: https://www.haproxy.com/blog/haproxy/proxy-protocol/',
          },
          tcp_options: { $ref: '#/components/schemas/broker.tcp_opts' },
        },
      },
      'broker.tcp_opts': { properties: { send_timeout: { description: 'The maximum time a process is suspended for sending data to a busy socket.' } } },
    },
  },
};

async function openEdit(extra: Record<string, unknown> = {}) {
  mockApi('get', '/schemas/{name}', 200, hotconf);
  server.use(http.get('*/api/v5/configs/zones', () => HttpResponse.json({}))); // only the default zone
  mockApi('get', '/listeners', 200, [tcp]);
  mockApi('get', '/listeners/{id}', 200, detail(extra));
  const puts = mockApi('put', '/listeners/{id}', 200, detail(extra));
  const view = renderWithProviders(<ListenersPage />);
  const row = (await screen.findByText('0.0.0.0:1883')).closest('tr')!;
  await view.user.click(within(row).getByRole('button', { name: 'Edit' }));
  const drawer = await screen.findByRole('dialog');
  await waitFor(() => expect(within(drawer).getByLabelText('Max Connection Rate')).toHaveValue(String(extra.max_conn_rate ?? 'infinity')));
  const field = (label: string) => within(drawer).getByLabelText(label);
  const save = () => view.user.click(within(drawer).getByRole('button', { name: 'Update' }));
  return { ...view, drawer, field, save, puts };
}

describe('listener flow control fields', () => {
  it('shows the three rates, per listener and per client, with the stored values', async () => {
    const { field, drawer } = await openEdit({ max_conn_rate: '100/s', messages_rate: '500/s', bytes_rate: '1MB/s' });
    expect(within(drawer).getByText('Flow Control')).toBeInTheDocument();
    expect(field('Max Connection Rate')).toHaveValue('100/s');
    expect(field('Messages Rate (per client)')).toHaveValue('500/s');
    expect(field('Bytes Rate (per client)')).toHaveValue('1MB/s');
  });

  it("a malformed or zero rate shows the spec's text and nothing is sent", async () => {
    const { user, field, save, puts, drawer } = await openEdit();
    await user.type(field('Messages Rate (per client)'), 'fast');
    await user.type(field('Bytes Rate (per client)'), '10XB/s');
    await user.clear(field('Max Connection Rate'));
    await user.type(field('Max Connection Rate'), '0/s');
    await save();
    await waitFor(() => expect(within(drawer).getAllByText(RATE_TEXT)).toHaveLength(3));
    expect(puts).toHaveLength(0);
  });

  it('valid rates are sent with the listener config', async () => {
    const { user, field, save, puts } = await openEdit();
    await user.type(field('Messages Rate (per client)'), '1/s');
    await user.type(field('Bytes Rate (per client)'), '10KB/10s');
    await user.clear(field('Max Connection Rate'));
    await user.type(field('Max Connection Rate'), '1000/s');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toMatchObject({ id: 'tcp:default', type: 'tcp', max_conn_rate: '1000/s', messages_rate: '1/s', bytes_rate: '10KB/10s' });
    expect(await screen.findByText('Listener saved')).toBeInTheDocument();
  });

  it('an emptied rate is sent as infinity (no limit) rather than left to the stored one', async () => {
    const { user, field, save, puts } = await openEdit({ max_conn_rate: '100/s', messages_rate: '500/s' });
    await user.clear(field('Messages Rate (per client)'));
    await user.clear(field('Max Connection Rate'));
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    const body = puts[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ max_conn_rate: 'infinity', messages_rate: 'infinity' });
    expect(body).not.toHaveProperty('bytes_rate'); // never set, nothing to clear
  });

  it('a new listener sends the rates typed in the form, and none it was not given', async () => {
    mockApi('get', '/schemas/{name}', 200, hotconf);
    server.use(http.get('*/api/v5/configs/zones', () => HttpResponse.json({}))); // only the default zone
    mockApi('get', '/listeners', 200, [tcp]);
    const posts = mockApi('post', '/listeners', 200, detail());
    const { user } = renderWithProviders(<ListenersPage />);
    await user.click(await screen.findByRole('button', { name: /Add Listener/ }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Name'), 'limited');
    await user.type(within(drawer).getByLabelText('Messages Rate (per client)'), '20/s');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ type: 'tcp', name: 'limited', max_conn_rate: 'infinity', messages_rate: '20/s' });
    expect(posts[0].body).not.toHaveProperty('bytes_rate');
  });

  it('fields our node keeps but does not apply say so; the applied ones do not', async () => {
    mockNodeKind('mqdeck');
    const { drawer, user } = await openEdit();
    await user.click(within(drawer).getByText('TCP Options'));
    const note = 'Kept in the listener config for EMQX; this node does not apply it.';
    const erlang = /An Erlang VM setting of EMQX/;
    const item = (label: string) => within(drawer).getByLabelText(label).closest('.ant-form-item') as HTMLElement;
    expect(await within(item('Active N')).findByText(erlang)).toBeInTheDocument();
    expect(within(item('Buffer')).getByText(erlang)).toBeInTheDocument();
    const applied = [
      'Proxy Protocol',
      'Proxy Protocol Timeout',
      'High Watermark',
      'Send Timeout',
      'Close on Send Timeout',
      'Messages Rate (per client)',
      'Max Connections',
      'Backlog',
      'TCP_NODELAY',
    ];
    for (const label of applied) {
      expect(within(item(label)).queryByText(note), label).not.toBeInTheDocument();
      expect(within(item(label)).queryByText(erlang), label).not.toBeInTheDocument();
    }
  });

  it("shows EMQX's help text of a listener key from /schemas/hotconf (first paragraph, through the struct references)", async () => {
    const { drawer, user } = await openEdit();
    await user.click(within(drawer).getByText('TCP Options'));
    const hoverHelp = async (label: string) => {
      const text = within(drawer).getByText(label, { selector: 'label' });
      await user.hover(await waitFor(() => within(text).getByRole('img', { name: 'question-circle' })));
    };
    await hoverHelp('Proxy Protocol');
    expect(await screen.findByText('Enable the Proxy Protocol V1/2 if the EMQX cluster is deployed behind HAProxy or Nginx.')).toBeInTheDocument();
    await hoverHelp('Send Timeout');
    expect(await screen.findByText('The maximum time a process is suspended for sending data to a busy socket.')).toBeInTheDocument();
  });
});
