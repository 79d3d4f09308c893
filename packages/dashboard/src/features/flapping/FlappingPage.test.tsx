import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import { aGlobalZone } from '../../../test/fixtures/configs';
import FlappingPage from './FlappingPage';
import { durationMs, parseDuration } from '../../shared/duration';

const zone = aGlobalZone({ flapping_detect: { enable: false, window_time: '1m', max_count: 15, ban_time: '5m' } });

const hotconf = { components: { schemas: { 'emqx.flapping_detect': { properties: { max_count: { description: 'Max count of disconnects.' } } } } } };

function setup(role = 'administrator') {
  mockApi('get', '/configs/global_zone', 200, zone);
  mockApi('get', '/schemas/{name}', 200, hotconf);
  return renderWithProviders(<FlappingPage />, { route: '/flapping-detect', session: { token: 't', username: 'admin', edition: 'ee', role } });
}

describe('FlappingPage', () => {
  it('shows the node values and saves the whole zone with only flapping_detect changed', async () => {
    const { user } = setup();
    const max = await screen.findByLabelText('Max Disconnects');
    await waitFor(() => expect(max).toHaveValue('15'));
    expect(screen.getByLabelText('Window Time')).toHaveValue('1');
    const puts = mockApi('put', '/configs/global_zone', 200, zone);
    await user.click(screen.getByRole('switch'));
    await user.clear(max);
    await user.type(max, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...zone, flapping_detect: { enable: true, window_time: '1m', max_count: 5, ban_time: '5m' } });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it('requires the fields with the spec texts', async () => {
    const { user } = setup();
    const max = await screen.findByLabelText('Max Disconnects');
    await waitFor(() => expect(max).toHaveValue('15'));
    await user.clear(max);
    await user.clear(screen.getByLabelText('Window Time'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Max Disconnects is required.')).toBeInTheDocument();
    expect(await screen.findByText('Window Time is required.')).toBeInTheDocument();
  });

  it('refuses a window under one second with the spec text', async () => {
    const { user } = setup();
    const windowTime = await screen.findByLabelText('Window Time');
    await waitFor(() => expect(windowTime).toHaveValue('1'));
    await user.clear(windowTime);
    await user.type(windowTime, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configurable minimum value is 1s')).toBeInTheDocument();
  });

  it('is read-only for a viewer', async () => {
    setup('viewer');
    await screen.findByLabelText('Max Disconnects');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('parses EMQX durations', () => {
    expect(parseDuration('5m')).toEqual({ value: 5, unit: 'm' });
    expect(durationMs('1h')).toBe(3_600_000);
    expect(durationMs('soon')).toBeNull();
  });
});
