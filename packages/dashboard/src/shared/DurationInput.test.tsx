import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { DurationInput } from './DurationInput';
import { durationMs, formatDurationValue, parseDuration } from './duration';

describe('EMQX durations', () => {
  it('parse value + unit, plain numbers as ms, anything else as empty seconds', () => {
    expect(parseDuration('5m')).toEqual({ value: 5, unit: 'm' });
    expect(parseDuration(' 500 ms ')).toEqual({ value: 500, unit: 'ms' });
    expect(parseDuration(1500)).toEqual({ value: 1500, unit: 'ms' });
    expect(parseDuration('1.5h')).toEqual({ value: null, unit: 's' });
    expect(parseDuration(undefined)).toEqual({ value: null, unit: 's' });
  });

  it('format back and convert to milliseconds', () => {
    expect(formatDurationValue({ value: 30, unit: 's' })).toBe('30s');
    expect(formatDurationValue({ value: null, unit: 'h' })).toBeUndefined();
    expect(durationMs('2d')).toBe(172_800_000);
    expect(durationMs('1m')).toBe(60_000);
    expect(durationMs('soon')).toBeNull();
  });
});

describe('DurationInput', () => {
  it('shows the value and unit, and reports number and unit changes as one duration string', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<DurationInput aria-label="Ban time" value="5m" units={['s', 'm', 'h']} onChange={onChange} />);
    const number = screen.getByLabelText('Ban time');
    expect(number).toHaveValue('5');
    fireEvent.change(number, { target: { value: '7' } });
    expect(onChange).toHaveBeenLastCalledWith('7m');
    await user.click(screen.getByLabelText('Ban time unit'));
    await user.click(await screen.findByTitle('h'));
    expect(onChange).toHaveBeenLastCalledWith('5h');
  });

  it('clearing the number clears the value', () => {
    const onChange = vi.fn();
    renderWithProviders(<DurationInput aria-label="Window" value="10s" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Window'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
