// The chart range lives in the URL (?range=<seconds>) so a reload or a shared link keeps it.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_TIME_RANGE, isTimeRange, type TimeRangeSeconds } from './overview.config';

export function useRangeParam(): [TimeRangeSeconds, (range: TimeRangeSeconds) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('range'));
  const range = isTimeRange(raw) ? raw : DEFAULT_TIME_RANGE;
  const setRange = useCallback(
    (next: TimeRangeSeconds) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.set('range', String(next));
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}
