// The drawer's WebSocket options the node applies behind a reverse proxy and per frame: proxy_address_header,
// proxy_port_header and mqtt_piggyback (single|multiple): EMQX's defaults on create, stored values on edit, help texts.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../test/render';
import { mockApi, server } from '../../../test/msw';
import ListenersPage from './ListenersPage';

const status = { running: true, current_connections: 0, max_connections: 'infinity' as const };
const ws = { id: 'ws:default', type: 'ws', name: 'default', enable: true, bind: '0.0.0.0:8083', number: 1, status, node_status: [{ node: 'emqx@127.0.0.1', status }] };
const websocket = {
  mqtt_path: '/mqtt', mqtt_piggyback: 'multiple', idle_timeout: '7200s', max_frame_size: 'infinity', compress: false,
  deflate_opts: { server_max_window_bits: 15, client_max_window_bits: 15, mem_level: 8 }, supported_subprotocols: 'mqtt, mqtt-v3, mqtt-v3.1.1, mqtt-v5',
  fail_if_no_subprotocol: true, check_origin_enable: false, allow_origin_absence: true, check_origins: 'http://localhost:18083',
  proxy_address_header: 'x-real-ip', proxy_port_header: 'x-real-port',
};
const detail = {
  enable: true, bind: '0.0.0.0:8083', acceptors: 16, max_connections: 'infinity', mountpoint: '', zone: 'default', enable_authn: true,
  max_conn_rate: 'infinity', access_rules: ['allow all'], proxy_protocol: false, proxy_protocol_timeout: '3s',
  tcp_options: { active_n: 100, backlog: 1024, send_timeout: '15s', send_timeout_close: true, buffer: '4KB', high_watermark: '1MB', nodelay: true, reuseaddr: true },
  websocket, id: 'ws:default', type: 'ws', name: 'default', running: true, current_connections: 0,
};
// the hotconf shape EMQX serves: the listeners map reaches the ws listener struct and its websocket options
const hotconf = { components: { schemas: {
  'emqx.listeners': { properties: { ws: { additionalProperties: { anyOf: [{ $ref: '#/components/schemas/emqx.mqtt_ws_listener' }, { type: 'string' }] } } } },
  'emqx.mqtt_ws_listener': { properties: { websocket: { $ref: '#/components/schemas/broker.ws_opts' } } },
  'broker.ws_opts': { properties: {
    mqtt_piggyback: { description: 'Whether a WebSocket message is allowed to contain multiple MQTT packets.' },
    proxy_address_header: { description: 'HTTP header used to pass information about the client IP address.' },
    proxy_port_header: { description: 'HTTP header used to pass information about the client port.' },
  } },
} } };

function setup() {
  mockApi('get', '/schemas/{name}', 200, hotconf as never);
  server.use(http.get('*/api/v5/configs/zones', () => HttpResponse.json({}))); // only the default zone
  mockApi('get', '/listeners', 200, [ws] as never);
  mockApi('get', '/listeners/{id}', 200, detail as never);
  return renderWithProviders(<ListenersPage />);
}

const selectIn = async (user: ReturnType<typeof setup>['user'], field: HTMLElement, option: string) => {
  await user.click(field);
  // the open dropdown's option (a closed one of another select may hold the same title)
  const item = () => document.querySelector<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);
  await user.click(await waitFor(() => item() ?? Promise.reject(new Error(`option ${option} not shown`))));
};

describe('listener WebSocket proxy headers and piggyback', () => {
  it("a new ws listener is sent with EMQX's defaults: x-forwarded-for, x-forwarded-port, multiple", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Add Listener/ }));
    const dialog = await screen.findByRole('dialog');
    await selectIn(user, within(dialog).getByLabelText('Type'), 'ws');
    await user.type(within(dialog).getByLabelText('Name'), 'edge');
    const posts = mockApi('post', '/listeners', 200, detail as never);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0].body as typeof detail).websocket).toMatchObject({ proxy_address_header: 'x-forwarded-for', proxy_port_header: 'x-forwarded-port', mqtt_piggyback: 'multiple' });
  });

  it('edit shows the stored values with their help texts and sends the changes', async () => {
    const { user } = setup();
    await user.click(within((await screen.findByText('0.0.0.0:8083')).closest('tr')!).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    // a ws listener's drawer opens with its WebSocket Options panel expanded (a click would fold it)
    const address = await within(drawer).findByLabelText('Proxy Address Header');
    await waitFor(() => expect(address).toHaveValue('x-real-ip'));
    expect(within(drawer).getByLabelText('Proxy Port Header')).toHaveValue('x-real-port');
    const hoverHelp = async (label: string) => {
      const text = within(drawer).getByText(label, { selector: 'label' });
      await user.hover(await waitFor(() => within(text).getByRole('img', { name: 'question-circle' })));
    };
    await hoverHelp('MQTT Piggyback');
    expect(await screen.findByText('Whether a WebSocket message is allowed to contain multiple MQTT packets.')).toBeInTheDocument();
    await hoverHelp('Proxy Port Header');
    expect(await screen.findByText('HTTP header used to pass information about the client port.')).toBeInTheDocument();

    await selectIn(user, within(drawer).getByLabelText('MQTT Piggyback'), 'single');
    await user.clear(address);
    await user.type(address, 'x-client-ip');
    const puts = mockApi('put', '/listeners/{id}', 200, detail as never);
    await user.click(within(drawer).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0].body as typeof detail).websocket).toMatchObject({ mqtt_piggyback: 'single', proxy_address_header: 'x-client-ip', proxy_port_header: 'x-real-port' });
  });
});
