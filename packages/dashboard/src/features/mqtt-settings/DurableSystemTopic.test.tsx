// Management › MQTT Settings › Durable Sessions (durable_sessions of the global zone) and System Topic
// (GET|PUT /configs/sys_topics): load, a refused value with its text, one save with the body checked.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import { aGlobalZone } from '../../../test/fixtures/configs';
import DurableSessionsPage from './DurableSessionsPage';
import SystemTopicPage from './SystemTopicPage';

const durable = {
  enable: false,
  batch_size: 100,
  idle_poll_interval: '10s',
  heartbeat_interval: '5000ms',
  session_gc_interval: '10m',
  session_gc_batch_size: 100,
  message_retention_period: '1d',
};
const zone = aGlobalZone({ mqtt: { max_qos_allowed: 2 }, durable_sessions: durable, force_shutdown: { enable: true, max_mailbox_size: 1000, max_heap_size: '32MB' } });
const sysTopics = {
  sys_msg_interval: '1m',
  sys_heartbeat_interval: '30s',
  sys_event_messages: { client_connected: true, client_disconnected: true, client_subscribed: false, client_unsubscribed: false },
};

function render(page: React.ReactElement) {
  mockApi('get', '/schemas/{name}', 200, { components: { schemas: {} } });
  return renderWithProviders(page, { session: { token: 't', username: 'admin', edition: 'ee', role: 'administrator' } });
}

describe('Durable Sessions', () => {
  it('loads the zone section, refuses a batch size of 0, and PUTs the whole zone with the edited section', async () => {
    mockApi('get', '/configs/global_zone', 200, zone);
    const { user } = render(<DurableSessionsPage />);
    const batch = await screen.findByLabelText('Message Query Batch Size');
    await waitFor(() => expect(batch).toHaveValue('100'));
    expect(screen.getByLabelText('Idle Poll Interval')).toHaveValue('10');
    expect(screen.getByLabelText('Message Retention Period')).toHaveValue('1');
    expect(screen.getByRole('switch', { name: 'Enable' })).not.toBeChecked();
    const puts = mockApi('put', '/configs/global_zone', 200, zone);

    await user.clear(batch);
    await user.type(batch, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a number greater than or equal 1')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(batch);
    await user.type(batch, '250');
    fireEvent.change(screen.getByLabelText('Session GC Interval'), { target: { value: '5' } });
    await user.click(screen.getByRole('switch', { name: 'Enable' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...zone, durable_sessions: { ...durable, enable: true, batch_size: 250, session_gc_interval: '5m' } });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });
});

describe('System Topic', () => {
  it('loads /configs/sys_topics, refuses an interval under 1s, and PUTs the intervals and event switches', async () => {
    mockApi('get', '/configs/sys_topics', 200, sysTopics);
    const { user } = render(<SystemTopicPage />);
    const interval = await screen.findByLabelText('Messages Publish Interval');
    await waitFor(() => expect(interval).toHaveValue('1'));
    expect(screen.getByLabelText('Heartbeat Interval')).toHaveValue('30');
    expect(screen.getByRole('switch', { name: 'Client Connected' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Client Subscribed' })).not.toBeChecked();
    const puts = mockApi('put', '/configs/sys_topics', 200, sysTopics);

    fireEvent.change(interval, { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configurable minimum value is 1s')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    fireEvent.change(interval, { target: { value: '2' } });
    await user.click(screen.getByRole('combobox', { name: 'Heartbeat Interval unit' }));
    await user.click(await screen.findByTitle('disabled'));
    await user.click(screen.getByRole('switch', { name: 'Client Subscribed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ sys_msg_interval: '2m', sys_heartbeat_interval: 'disabled', sys_event_messages: { ...sysTopics.sys_event_messages, client_subscribed: true } });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });
});
