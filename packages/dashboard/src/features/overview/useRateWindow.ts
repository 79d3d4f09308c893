// Keeps the last minute of `/monitor_current` rates in this browser: EMQX has no history endpoint for
// rates, so the "past minute" trend is built client side from each poll (one point per answer).
import { useEffect, useState } from 'react';
import { RATE_WINDOW_MS } from './overview.config';
import { appendToWindow, toRateSample, type MonitorCurrent, type RateSample } from './series';

export function useRateWindow(current: MonitorCurrent | undefined, updatedAt: number): RateSample[] {
  const [samples, setSamples] = useState<RateSample[]>([]);
  useEffect(() => {
    if (!current || !updatedAt) return;
    setSamples((prev) => appendToWindow(prev, toRateSample(current, updatedAt), RATE_WINDOW_MS));
  }, [current, updatedAt]);
  return samples;
}
