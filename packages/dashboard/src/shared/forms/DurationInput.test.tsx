import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { DurationInput } from './DurationInput';
import { durationMs, durationToMs, formatDurationValue, formatMs, parseDuration, splitDuration } from '../duration';

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

describe('EMQX durations in milliseconds', () => {
  it('compound and plain notations, words are not durations', () => {
    expect(durationToMs('1h30m')).toBe(5_400_000);
    expect(durationToMs('2.5s')).toBe(2500);
    expect(durationToMs(1500)).toBe(1500);
    expect(durationToMs('1500')).toBe(1500);
    expect(durationToMs('infinity')).toBeUndefined();
    expect(splitDuration('1h30m', ['s', 'm', 'h'], 's')).toEqual({ value: 90, unit: 'm' });
    expect(splitDuration('5000ms', ['s', 'm'], 's')).toEqual({ value: 5, unit: 's' });
    expect(formatMs(90_000)).toBe('90s');
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

  it('clearing the number keeps the unit the operator had: 5m, cleared, 2 → 2m', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [v, setV] = useState<string | undefined>('5m');
      return (
        <DurationInput
          aria-label="Ban time"
          value={v}
          units={['s', 'm', 'h']}
          onChange={(n) => {
            setV(n);
            onChange(n);
          }}
        />
      );
    }
    const { user } = renderWithProviders(<Controlled />);
    const number = screen.getByLabelText('Ban time');
    await user.clear(number);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByTitle('m')).toBeInTheDocument();
    await user.type(number, '2');
    expect(onChange).toHaveBeenLastCalledWith('2m');
    // a unit chosen while the number is empty is kept too
    await user.clear(number);
    await user.click(screen.getByLabelText('Ban time unit'));
    await user.click(await screen.findByTitle('h'));
    await user.type(number, '3');
    expect(onChange).toHaveBeenLastCalledWith('3h');
  });

  it('offers the key words: choosing one empties the number, choosing a unit again starts at 1', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [v, setV] = useState<string | undefined>('100ms');
      return (
        <DurationInput
          aria-label="Long GC"
          value={v}
          units={['ms', 's']}
          words={['disabled']}
          onChange={(n) => {
            setV(n);
            onChange(n);
          }}
        />
      );
    }
    const { user } = renderWithProviders(<Controlled />);
    expect(screen.getByLabelText('Long GC')).toHaveValue('100');
    await user.click(screen.getByLabelText('Long GC unit'));
    await user.click(await screen.findByTitle('disabled'));
    expect(onChange).toHaveBeenLastCalledWith('disabled');
    expect(screen.getByLabelText('Long GC')).toBeDisabled();
    await user.click(screen.getByLabelText('Long GC unit'));
    await user.click(await screen.findByTitle('s'));
    expect(onChange).toHaveBeenLastCalledWith('1s');
  });

  it('disabled disables both parts', () => {
    renderWithProviders(<DurationInput aria-label="Window" value="10s" disabled />);
    expect(screen.getByLabelText('Window')).toBeDisabled();
    expect(screen.getByLabelText('Window unit')).toBeDisabled();
  });
});
