import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import GeneralPage from './GeneralPage';
import RetainerPage from './RetainerPage';
import SessionPage from './SessionPage';

const mqtt = {
  idle_timeout: '15s', max_packet_size: '1MB', max_clientid_len: 65535, max_topic_levels: 128, max_topic_alias: 65535, max_qos_allowed: 2,
  retain_available: true, wildcard_subscription: true, shared_subscription: true, shared_subscription_strategy: 'round_robin',
  exclusive_subscription: false, ignore_loop_deliver: false, strict_mode: false, response_information: '', server_keepalive: 'disabled',
  keepalive_multiplier: 1.5, keepalive_check_interval: '30s', retry_interval: 'infinity', use_username_as_clientid: false,
  peer_cert_as_username: 'disabled', peer_cert_as_clientid: 'disabled', client_attrs_init: [], session_expiry_interval: '2h',
  message_expiry_interval: 'infinity', max_awaiting_rel: 100, await_rel_timeout: '300s', max_inflight: 32, max_mqueue_len: 1000,
  mqueue_priorities: 'disabled', mqueue_default_priority: 'lowest', mqueue_store_qos0: true, max_subscriptions: 'infinity', upgrade_qos: false,
};
const zone = { mqtt, flapping_detect: { enable: false, window_time: '1m', max_count: 15, ban_time: '5m' }, durable_sessions: { enable: false } };
const hotconf = { components: { schemas: { 'emqx.mqtt': { properties: { max_qos_allowed: { description: 'Maximum QoS allowed.' } } } } } };

function setup(page: React.ReactElement, role = 'administrator') {
  mockApi('get', '/configs/global_zone', 200, zone as never);
  mockApi('get', '/schemas/{name}', 200, hotconf as never);
  return renderWithProviders(page, { session: { token: 't', username: 'admin', edition: 'ee', role } });
}

describe('MQTT settings', () => {
  it('General: changes one key and sends the whole zone back in one request', async () => {
    const { user } = setup(<GeneralPage />);
    const levels = await screen.findByLabelText('Max Topic Levels');
    await waitFor(() => expect(levels).toHaveValue('128'));
    const puts = mockApi('put', '/configs/global_zone', 200, zone as never);
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
    expect(await screen.findByText('UPDATE_FAILED: mqtt.max_qos_allowed: bad')).toBeInTheDocument();
    expect(screen.queryByText('Saved successfully')).not.toBeInTheDocument();
  });

  it('Sessions: priorities become the topic → priority map', async () => {
    const { user } = setup(<SessionPage />);
    await screen.findByLabelText('Max Inflight');
    const puts = mockApi('put', '/configs/global_zone', 200, zone as never);
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
    const retainer = { enable: true, msg_expiry_interval: '0s', msg_clear_interval: '0s', max_payload_size: '1MB', stop_publish_clear_msg: false,
      delivery_rate: '1000/s', backend: { type: 'built_in_database', storage_type: 'ram', max_retained_messages: 0, enable: true } };
    mockApi('get', '/mqtt/retainer', 200, retainer as never);
    const { user } = setup(<RetainerPage />);
    const max = await screen.findByLabelText('Max Retained Messages');
    await waitFor(() => expect(max).toHaveValue('0'));
    const puts = mockApi('put', '/mqtt/retainer', 200, retainer as never);
    await user.clear(max);
    await user.type(max, '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...retainer, backend: { ...retainer.backend, max_retained_messages: 500 } });
  });

  it('viewer sees values but no save', async () => {
    setup(<GeneralPage />, 'viewer');
    await waitFor(() => expect(screen.getByLabelText('Max Topic Levels')).toHaveValue('128'));
    expect(screen.getByLabelText('Max Topic Levels')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
