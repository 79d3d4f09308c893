import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError, mockNodeKind } from '../../../test/msw';
import AlarmSettingsPage from './AlarmSettingsPage';

const sysmon = {
  vm: {
    process_check_interval: '30s',
    process_high_watermark: '80%',
    process_low_watermark: '60%',
    long_gc: 'disabled',
    long_schedule: '240ms',
    large_heap: '32MB',
    busy_dist_port: true,
    busy_port: true,
  },
  os: { cpu_check_interval: '60s', cpu_high_watermark: '80%', cpu_low_watermark: '60%', mem_check_interval: '60s', sysmem_high_watermark: '70%', procmem_high_watermark: '5%' },
};
const hotconf = {
  components: {
    schemas: {
      'emqx.sysmon': { properties: { os: { $ref: '#/components/schemas/emqx.sysmon_os' } } },
      'emqx.sysmon_os': { properties: { cpu_high_watermark: { description: 'The threshold, as percentage of system CPU load.' } } },
    },
  },
};

function setup(role = 'administrator') {
  mockApi('get', '/configs/sysmon', 200, sysmon);
  mockApi('get', '/schemas/{name}', 200, hotconf);
  return renderWithProviders(<AlarmSettingsPage />, { session: { token: 't', username: 'admin', edition: 'ee', role } });
}

describe('Monitoring › System (alarm settings)', () => {
  it('shows the thresholds, says (on our node) which have no Node.js counterpart, and saves the whole object', async () => {
    mockNodeKind('mqdeck');
    const { user } = setup();
    const high = await screen.findByLabelText('CPU High Watermark');
    await waitFor(() => expect(high).toHaveValue('80'));
    expect(screen.getByLabelText('Long GC')).toBeDisabled(); // 'disabled' chosen in the unit list
    expect(screen.getByLabelText('Large Heap')).toHaveValue('32');
    expect(await screen.findByText(/No Node.js counterpart: these are checks of the Erlang VM/)).toBeInTheDocument();
    expect(screen.getByText(/the resident memory of the whole Node.js process/)).toBeInTheDocument();
    const puts = mockApi('put', '/configs/sysmon', 200, sysmon);
    await user.clear(high);
    await user.type(high, '90');
    await user.click(screen.getByRole('switch', { name: 'Busy Port Monitoring' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ os: { ...sysmon.os, cpu_high_watermark: '90%' }, vm: { ...sysmon.vm, busy_port: false } });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it('percent fields: out of range and malformed values are refused with the spec texts', async () => {
    const { user } = setup();
    const sysmem = await screen.findByLabelText('System Memory High Watermark');
    await waitFor(() => expect(sysmem).toHaveValue('70'));
    const puts = mockApi('put', '/configs/sysmon', 200, sysmon);
    await user.clear(sysmem);
    await user.type(sysmem, '180%');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Input error: the number range is 0 - 100')).toBeInTheDocument();
    await user.clear(sysmem);
    await user.type(sysmem, 'high');
    expect(await screen.findByText('Please enter the value in the correct format')).toBeInTheDocument();
    await user.clear(sysmem);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('System Memory High Watermark is required.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('durations use the shared duration rule, and a node refusal is shown', async () => {
    const { user } = setup();
    const interval = await screen.findByLabelText('CPU Check Interval');
    await waitFor(() => expect(interval).toHaveValue('60'));
    await user.clear(interval);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('CPU Check Interval is required.')).toBeInTheDocument();
    await user.type(interval, '5');
    mockApiError('put', '/configs/sysmon', 400, 'UPDATE_FAILED', 'sysmon.os.cpu_check_interval: bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The change was not saved: sysmon.os.cpu_check_interval: bad')).toBeInTheDocument();
  });

  it('EMQX help text through the sysmon_os reference', async () => {
    const { user } = setup();
    const label = await screen.findByText('CPU High Watermark');
    const icon = await waitFor(() => within(label.closest('label')!).getByRole('img', { name: 'question-circle' }));
    await user.hover(icon);
    expect(await screen.findByText('The threshold, as percentage of system CPU load.')).toBeInTheDocument();
  });

  it('viewer sees values but no save', async () => {
    setup('viewer');
    await waitFor(() => expect(screen.getByLabelText('CPU High Watermark')).toHaveValue('80'));
    expect(screen.getByLabelText('CPU High Watermark')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
