import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, mockNodeKind } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import type { FakeMqttClient } from './store/fakeMqttClient';

// The page's store is a module singleton; each test gets a fresh module graph and a scripted MQTT.js.
vi.mock('./store/mqttClient', async () => {
  const { fakeClientFactory } = await import('./store/fakeMqttClient');
  const factory = fakeClientFactory();
  return { createMqttClient: factory.createClient, workerHub: () => null, fakeClients: factory.clients };
});

async function setup() {
  vi.resetModules();
  const { default: WebsocketPage } = await import('./WebsocketPage');
  const { fakeClients } = (await import('./store/mqttClient')) as unknown as { fakeClients: FakeMqttClient[] };
  fakeClients.length = 0; // the mocked module survives resetModules
  const { websocketStore } = await import('./store/websocketStore');
  const r = renderWithProviders(<WebsocketPage />, { route: '/websocket' });
  await screen.findByRole('heading', { name: 'WebSocket Client' });
  const connectButton = () => screen.getByRole('button', { name: 'Connect' });
  return { ...r, fakeClients, websocketStore, connectButton };
}

async function connectAndAccept(s: Awaited<ReturnType<typeof setup>>) {
  await s.user.click(s.connectButton());
  await waitFor(() => expect(s.fakeClients).toHaveLength(1));
  act(() => s.fakeClients[0].accept());
  await waitFor(() => expect(screen.getAllByTestId('connection-state')[0]).toHaveAttribute('data-state', 'connected'));
}

// Full antd forms in jsdom are slow (several seconds per test), hence the longer timeout.
describe('WebsocketPage', { timeout: 60_000 }, () => {
  // Issue 20 item 4: the client always proposed 8083, not the node's real WebSocket listener.
  it("in front of MQDeck's node, proposes the node's own ws listener (port and path) on the page's host", async () => {
    mockNodeKind('mqdeck');
    mockApi('get', '/listeners', 200, [
      { id: 'tcp:default', type: 'tcp', name: 'default', enable: true, bind: '0.0.0.0:11883' },
      { id: 'ws:default', type: 'ws', name: 'default', enable: true, bind: '0.0.0.0:18084' },
    ] as never);
    mockApi('get', '/listeners/{id}', 200, { id: 'ws:default', type: 'ws', name: 'default', bind: '0.0.0.0:18084', websocket: { mqtt_path: '/ws-mqtt' } } as never);
    await setup();
    await waitFor(() => expect(screen.getByLabelText('Port')).toHaveValue('18084'));
    expect(screen.getByLabelText('Path')).toHaveValue('/ws-mqtt');
    expect(screen.getByLabelText('Host')).toHaveValue(window.location.hostname || 'localhost');
  });

  it('starts with a default connection to the page host on 8083 /mqtt', async () => {
    await setup();
    expect(screen.getByLabelText('Host')).toHaveValue(window.location.hostname || 'localhost');
    expect(screen.getByLabelText('Port')).toHaveValue('8083');
    expect(screen.getByLabelText('Path')).toHaveValue('/mqtt');
    expect((screen.getByLabelText('Client ID') as HTMLInputElement).value).toMatch(/^mqdeck_[0-9a-f]{8}$/);
    expect(screen.getByLabelText('Topic', { selector: 'form[aria-label="Subscribe"] input' })).toHaveValue('t/#');
  });

  it('allows six connections besides the default one, then disables the add button', async () => {
    const { user, websocketStore } = await setup();
    const add = screen.getByRole('button', { name: /New connection/ });
    await user.click(add);
    expect(screen.getAllByTestId('connection-tab')).toHaveLength(2);
    // the other five through the store: rendering seven full panels in jsdom is slow, not what is tested here
    act(() => {
      for (let i = 0; i < 5; i++) websocketStore.addConnection();
    });
    expect(screen.getAllByTestId('connection-tab')).toHaveLength(7);
    expect(add).toBeDisabled();
    expect(websocketStore.addConnection()).toBeUndefined();
  });

  it('shows "range error" for an out-of-range port and does not connect', async () => {
    const s = await setup();
    const port = screen.getByLabelText('Port');
    await s.user.clear(port);
    await s.user.type(port, '70000');
    await s.user.click(s.connectButton());
    expect(await screen.findByText('range error')).toBeInTheDocument();
    expect(s.fakeClients).toHaveLength(0);
  });

  it('connects, and explains a refused CONNACK with the MQTT 5 reason text', async () => {
    const s = await setup();
    await s.user.click(s.connectButton());
    await waitFor(() => expect(s.fakeClients).toHaveLength(1));
    expect(s.fakeClients[0].url).toMatch(/^ws:\/\/.+:8083\/mqtt$/);
    act(() => s.fakeClients[0].refuse(0x86));
    expect(await screen.findByText('Connection refused: bad user name or password (0x86)')).toBeInTheDocument();
  });

  it('says "Client not connected" when publishing before connecting', async () => {
    const s = await setup();
    const publish = screen.getByRole('form', { name: 'Publish' });
    await s.user.click(within(publish).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Client not connected')).toBeInTheDocument();
  });

  it('refuses wildcard topics and invalid JSON when publishing', async () => {
    const s = await setup();
    await connectAndAccept(s);
    const publish = screen.getByRole('form', { name: 'Publish' });
    const topic = within(publish).getByLabelText('Topic');
    await s.user.clear(topic);
    await s.user.type(topic, 't/#');
    const payload = within(publish).getByLabelText('Payload');
    await s.user.clear(payload);
    await s.user.type(payload, '{{"a":');
    await s.user.click(within(publish).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Publish cannot contain MQTT wildcards "#" and "+"')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the correct JSON')).toBeInTheDocument();
    expect(s.fakeClients[0].publishCalls).toHaveLength(0);
  });

  it('subscribes, reports a SUBACK failure, and lists incoming messages with a counter', async () => {
    const s = await setup();
    await connectAndAccept(s);
    const subscribe = screen.getByRole('form', { name: 'Subscribe' });
    await s.user.click(within(subscribe).getByRole('button', { name: 'Subscribe' }));
    act(() => s.fakeClients[0].subscribeCalls[0].callback(null, [{ topic: 't/#', qos: 0 }], { granted: [0] }));
    expect(await screen.findByTestId('subscription')).toHaveTextContent('t/#');

    const submit = subscribe.querySelector('button[type="submit"]')!;
    await waitFor(() => expect(submit).toBeEnabled());
    // issue 20 item 8: the same topic twice is refused ('Repeated topic'), nothing is sent
    await s.user.click(submit);
    expect(await within(subscribe).findByText('Repeated topic')).toBeInTheDocument();
    expect(s.fakeClients[0].subscribeCalls).toHaveLength(1);
    const topic = within(subscribe).getByLabelText('Topic');
    await s.user.clear(topic);
    await s.user.type(topic, 'u/#');
    await s.user.click(submit);
    act(() => s.fakeClients[0].subscribeCalls[1].callback(new Error('x'), [{ topic: 'u/#', qos: 128 }], { granted: [0x87] }));
    expect(await screen.findByText('Subscription failure: not authorized (0x87)')).toBeInTheDocument();

    // a misplaced wildcard is refused before anything is sent
    await s.user.clear(topic);
    await s.user.type(topic, 'a/b#');
    await s.user.click(submit);
    expect(await within(subscribe).findByText('Invalid use of "#" wildcard')).toBeInTheDocument();
    expect(s.fakeClients[0].subscribeCalls).toHaveLength(2);

    act(() => {
      s.fakeClients[0].deliver('t/1', '{"temp":21}', 1, true);
      s.fakeClients[0].deliver('t/2', 'plain', 0, false);
      s.websocketStore.flushNow();
    });
    const list = await screen.findByTestId('received-messages');
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(2));
    const [newest, oldest] = within(list).getAllByTestId('message');
    expect(newest).toHaveAttribute('data-topic', 't/2');
    expect(oldest).toHaveAttribute('data-retain', 'true');
    expect(oldest).toHaveTextContent('"temp": 21');
    expect(within(list).getByTestId('message-total')).toHaveTextContent('2 messages');
  });
});
