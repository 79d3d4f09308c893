import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { mockApi } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import type { TimeRangeSeconds } from '../overview.config';
import { TrendCharts } from './TrendCharts';

// jsdom cannot draw: ECharts is replaced by a recorder of the options each chart is given.
const options = vi.hoisted(() => [] as Record<string, any>[]);
vi.mock('echarts/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('echarts/core')>();
  return {
    ...actual,
    init: () => ({ setOption: (o: Record<string, any>) => options.push(o), resize: () => undefined, dispose: () => undefined }),
  };
});

const HOUR = 3_600_000;

function Harness({ initial }: { initial: TimeRangeSeconds }) {
  const [range, setRange] = useState<TimeRangeSeconds>(initial);
  return <TrendCharts range={range} onRangeChange={setRange} />;
}

/** The x axis of the last option drawn with data (the connections chart comes first). */
function lastAxis() {
  const drawn = options.filter((o) => o.series.some((s: { data: unknown[] }) => s.data.length > 0));
  return drawn.at(-1)?.xAxis as { min?: number; max?: number; axisLabel: { formatter?: string } } | undefined;
}

describe('TrendCharts', () => {
  beforeEach(() => {
    options.length = 0;
    // A 2D context is all TrendChart checks before handing the element to ECharts.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as CanvasRenderingContext2D);
  });

  it('spans the chosen range up to now even with two samples a minute apart', async () => {
    const now = Date.now();
    mockApi('get', '/monitor', 200, [
      { time_stamp: now - 70_000, connections: 1, received: 10 },
      { time_stamp: now - 10_000, connections: 2, received: 20 },
    ]);
    const { user } = renderWithProviders(<Harness initial={3600} />);
    await waitFor(() => expect(lastAxis()).toBeDefined());
    let axis = lastAxis()!;
    expect(axis.max).toBeGreaterThanOrEqual(now);
    expect(axis.max).toBeLessThan(now + 60_000);
    expect(axis.max! - axis.min!).toBe(HOUR);
    expect(axis.axisLabel.formatter).toBe('{HH}:{mm}');

    await user.click(screen.getByRole('combobox', { name: 'Time range' }));
    await user.click(await screen.findByTitle('Last 7 days'));
    await waitFor(() => expect(lastAxis()!.max! - lastAxis()!.min!).toBe(7 * 24 * HOUR));
    axis = lastAxis()!;
    expect(axis.max).toBeGreaterThanOrEqual(now);
    expect(axis.axisLabel.formatter).toBe('{MM}-{dd} {HH}:{mm}');
  });
});
