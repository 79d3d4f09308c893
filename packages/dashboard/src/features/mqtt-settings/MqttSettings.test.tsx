import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError, mockNodeKind } from '../../../test/msw';
import { aGlobalZone, aRetainerConfig, mqttDefaults } from '../../../test/fixtures/configs';
import ForceShutdownPage from './ForceShutdownPage';
import GeneralPage from './GeneralPage';
import RetainerPage from './RetainerPage';
import SessionPage from './SessionPage';

const mqtt = mqttDefaults;
const zone = aGlobalZone();
const hotconf = { components: { schemas: { 'emqx.mqtt': { properties: { max_qos_allowed: { description: 'Maximum QoS allowed.' } } } } } };

function setup(page: React.ReactElement, role = 'administrator') {
  mockApi('get', '/configs/global_zone', 200, zone);
  mockApi('get', '/schemas/{name}', 200, hotconf);
  return renderWithProviders(page, { session: { token: 't', username: 'admin', edition: 'ee', role } });
}

describe('MQTT settings', () => {
  it('General: changes one key and sends the whole zone back in one request', async () => {
    const { user } = setup(<GeneralPage />);
    const levels = await screen.findByLabelText('Max Topic Levels');
    await waitFor(() => expect(levels).toHaveValue('128'));
    expect(screen.getByText(/at most half its own keepalive/)).toBeInTheDocument();
    const puts = mockApi('put', '/configs/global_zone', 200, zone);
    await user.click(screen.getByRole('switch', { name: 'Wildcard Subscription' }));
    await user.clear(levels);
    await user.type(levels, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...zone, mqtt: { ...mqtt, wildcard_subscription: false, max_topic_levels: 8 } });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it('General: EMQX help text from /schemas/hotconf', async () => {
    const { user } = setup(<GeneralPage />);
    const label = await screen.findByText('Max QoS');
    const icon = await waitFor(() => within(label.closest('label')!).getByRole('img', { name: 'question-circle' }));
    await user.hover(icon);
    expect(await screen.findByText('Maximum QoS allowed.')).toBeInTheDocument();
  });

  it('General: a node refusal is not saved as success', async () => {
    const { user } = setup(<GeneralPage />);
    await waitFor(() => expect(screen.getByLabelText('Max Topic Levels')).toHaveValue('128'));
    mockApiError('put', '/configs/global_zone', 400, 'UPDATE_FAILED', 'mqtt.max_qos_allowed: bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The change was not saved: mqtt.max_qos_allowed: bad')).toBeInTheDocument();
    expect(screen.queryByText('Saved successfully')).not.toBeInTheDocument();
  });

  it('Sessions: priorities become the topic → priority map', async () => {
    const { user } = setup(<SessionPage />);
    await screen.findByLabelText('Max Inflight');
    const puts = mockApi('put', '/configs/global_zone', 200, zone);
    await user.click(screen.getByRole('button', { name: /Add/ }));
    await user.type(screen.getByLabelText('Topic 1'), 'alerts/#');
    await user.type(screen.getByLabelText('Priority 1'), '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Priority number must be a number between 1 and 255.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Priority 1'));
    await user.type(screen.getByLabelText('Priority 1'), '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0].body as typeof zone).mqtt.mqueue_priorities).toEqual({ 'alerts/#': 9 });
  });

  it('Retainer: PUT /mqtt/retainer with the nested backend keys', async () => {
    const retainer = aRetainerConfig();
    mockApi('get', '/mqtt/retainer', 200, retainer);
    const { user } = setup(<RetainerPage />);
    const max = await screen.findByLabelText('Max Retained Messages');
    await waitFor(() => expect(max).toHaveValue('0'));
    const puts = mockApi('put', '/mqtt/retainer', 200, retainer);
    await user.clear(max);
    await user.type(max, '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...retainer, backend: { ...retainer.backend, max_retained_messages: 500 } });
  });

  it("Retainer: EMQX help text from hotconf's retainer.retainer (emqx_retainer_schema's namespace)", async () => {
    mockApi('get', '/mqtt/retainer', 200, aRetainerConfig());
    mockApi('get', '/configs/global_zone', 200, zone);
    mockApi('get', '/schemas/{name}', 200, {
      components: { schemas: { 'retainer.retainer': { properties: { max_payload_size: { description: 'Maximum retained message size.' } } } } },
    });
    const { user } = renderWithProviders(<RetainerPage />, { session: { token: 't', username: 'admin', edition: 'ee', role: 'administrator' } });
    const label = await screen.findByText('Max Payload Size');
    const icon = await waitFor(() => within(label.closest('label')!).getByRole('img', { name: 'question-circle' }));
    await user.hover(icon);
    expect(await screen.findByText('Maximum retained message size.')).toBeInTheDocument();
  });

  it('Retainer: the override (disabled or a duration), allow never expire, and what each key does on this node', async () => {
    const retainer = aRetainerConfig({ msg_expiry_interval_override: 'disabled', allow_never_expire: true });
    mockApi('get', '/mqtt/retainer', 200, retainer);
    const { user } = setup(<RetainerPage />);
    const override = await screen.findByLabelText('Message Expiry Interval Override');
    await waitFor(() => expect(override).toBeDisabled()); // 'disabled' is the word, not a number
    expect(screen.getByText(/the override is applied when expired messages are cleared/)).toBeInTheDocument();
    expect(screen.getByText(/sent to that client at most this fast/)).toBeInTheDocument();
    expect(screen.getByText(/always clears the stored message of its topic/)).toBeInTheDocument();
    const puts = mockApi('put', '/mqtt/retainer', 200, retainer);
    const rate = screen.getByLabelText('Deliver Rate');
    await user.clear(rate);
    await user.type(rate, 'quick');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a properly formatted rate configuration')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(rate);
    await user.type(rate, '10/s');
    await user.click(screen.getByRole('combobox', { name: 'Message Expiry Interval Override unit' }));
    await user.click(await screen.findByTitle('h'));
    await user.click(screen.getByRole('switch', { name: 'Allow Never Expire' }));
    await user.click(screen.getByRole('switch', { name: 'Stop Publish Clear Message' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...retainer, msg_expiry_interval_override: '1h', allow_never_expire: false, stop_publish_clear_msg: true, delivery_rate: '10/s' });
  });

  it('Force Shutdown: says what each limit measures on our node, validates, and saves the section in the zone', async () => {
    mockNodeKind('mqdeck');
    const { user } = setup(<ForceShutdownPage />);
    const mailbox = await screen.findByLabelText('Max Mailbox Size');
    await waitFor(() => expect(mailbox).toHaveValue('1000'));
    expect(screen.getByLabelText('Max Heap Size')).toHaveValue('32');
    expect(await screen.findByText(/the packets of one connection waiting to be handled/)).toBeInTheDocument();
    expect(screen.getByText(/All connections share one Node.js heap/)).toBeInTheDocument();
    expect(screen.getByText(/Force GC \(force_gc\) has no counterpart on this node/)).toBeInTheDocument();
    const puts = mockApi('put', '/configs/global_zone', 200, zone);
    await user.clear(mailbox);
    await user.type(mailbox, '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a number greater than or equal 0')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(mailbox);
    await user.type(mailbox, '50');
    await user.click(screen.getByRole('combobox', { name: 'Max Heap Size unit' }));
    await user.click(await screen.findByTitle('KB'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...zone, force_shutdown: { enable: true, max_mailbox_size: 50, max_heap_size: '32KB' } });
    // as in EMQX's console, the limits are read-only while force shutdown is off (their values are still sent back)
    await user.click(screen.getByRole('switch', { name: 'Enable Force Shutdown' }));
    expect(mailbox).toBeDisabled();
    expect(screen.getByLabelText('Max Heap Size')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1].body).toEqual({ ...zone, force_shutdown: { enable: false, max_mailbox_size: 50, max_heap_size: '32KB' } });
  });

  it('viewer sees values but no save', async () => {
    setup(<GeneralPage />, 'viewer');
    await waitFor(() => expect(screen.getByLabelText('Max Topic Levels')).toHaveValue('128'));
    expect(screen.getByLabelText('Max Topic Levels')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
