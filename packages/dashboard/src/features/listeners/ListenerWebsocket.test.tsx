// The drawer's WebSocket options the node applies behind a reverse proxy and per frame: proxy_address_header,
// proxy_port_header and mqtt_piggyback (single|multiple): EMQX's defaults on create, stored values on edit, help texts.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../test/render';
import { mockApi, server } from '../../../test/msw';
import { aListener, aWebsocketOptions, aWsListenerDetail } from '../../../test/fixtures/listeners';
import ListenersPage from './ListenersPage';

const ws = aListener({ id: 'ws:default', type: 'ws', bind: '0.0.0.0:8083' });
const websocket = aWebsocketOptions({ proxy_address_header: 'x-real-ip', proxy_port_header: 'x-real-port' });
const detail = aWsListenerDetail(websocket);
// the hotconf shape EMQX serves (maps as one `$name` property, unions as oneOf): the listeners map reaches the ws listener struct and its websocket options
const hotconf = {
  components: {
    schemas: {
      'emqx.listeners': {
        properties: { ws: { properties: { $name: { oneOf: [{ type: 'enum', symbols: ['marked_for_deletion'] }, { $ref: '#/components/schemas/emqx.mqtt_ws_listener' }] } } } },
      },
      'emqx.mqtt_ws_listener': { properties: { websocket: { $ref: '#/components/schemas/broker.ws_opts' } } },
      'broker.ws_opts': {
        properties: {
          mqtt_piggyback: { description: 'Whether a WebSocket message is allowed to contain multiple MQTT packets.' },
          proxy_address_header: { description: 'HTTP header used to pass information about the client IP address.' },
          proxy_port_header: { description: 'HTTP header used to pass information about the client port.' },
        },
      },
    },
  },
};

function setup() {
  mockApi('get', '/schemas/{name}', 200, hotconf);
  server.use(http.get('*/api/v5/configs/zones', () => HttpResponse.json({}))); // only the default zone
  mockApi('get', '/listeners', 200, [ws]);
  mockApi('get', '/listeners/{id}', 200, detail);
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
    const posts = mockApi('post', '/listeners', 200, detail);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0].body as typeof detail).websocket).toMatchObject({
      proxy_address_header: 'x-forwarded-for',
      proxy_port_header: 'x-forwarded-port',
      mqtt_piggyback: 'multiple',
    });
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
    const puts = mockApi('put', '/listeners/{id}', 200, detail);
    await user.click(within(drawer).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0].body as typeof detail).websocket).toMatchObject({ mqtt_piggyback: 'single', proxy_address_header: 'x-client-ip', proxy_port_header: 'x-real-port' });
  });
});
