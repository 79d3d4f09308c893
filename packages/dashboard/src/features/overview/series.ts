// Turns `/monitor` samples into chart points. Gauges are plotted as they are; `received`, `sent` and
// `dropped` are deltas per sampling interval (API.md §3.3; summed per bucket when EMQX downsamples),
// so they are divided by the interval to give a per-second rate that means the same at every range.
import type { Schemas } from '@mqdeck/api';
import { DEFAULT_SAMPLE_INTERVAL_MS } from './overview.config';

export type MonitorSample = Schemas['emqx_dashboard_monitor_api.sampler'];
export type MonitorCurrent = Schemas['emqx_dashboard_monitor_api.sampler_current'];
export type GaugeKey = 'connections' | 'live_connections' | 'subscriptions' | 'topics';
export type DeltaKey = 'received' | 'sent' | 'dropped';
/** [epoch ms, value] */
export type Point = [number, number];

function timed(samples: readonly MonitorSample[]): (MonitorSample & { time_stamp: number })[] {
  return samples.filter((s): s is MonitorSample & { time_stamp: number } => typeof s.time_stamp === 'number').sort((a, b) => a.time_stamp - b.time_stamp);
}

export function gaugeSeries(samples: readonly MonitorSample[], key: GaugeKey): Point[] {
  const out: Point[] = [];
  for (const s of timed(samples)) {
    const v = s[key];
    if (typeof v === 'number') out.push([s.time_stamp, v]);
  }
  return out;
}

/** Median gap between samples: robust to a node restart leaving one long hole. */
export function sampleIntervalMs(samples: readonly MonitorSample[]): number {
  const ts = timed(samples).map((s) => s.time_stamp);
  const gaps: number[] = [];
  for (let i = 1; i < ts.length; i++) {
    const gap = ts[i] - ts[i - 1];
    if (gap > 0) gaps.push(gap);
  }
  if (gaps.length === 0) return DEFAULT_SAMPLE_INTERVAL_MS;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function rateSeries(samples: readonly MonitorSample[], key: DeltaKey): Point[] {
  const seconds = sampleIntervalMs(samples) / 1000;
  const out: Point[] = [];
  for (const s of timed(samples)) {
    const v = s[key];
    if (typeof v === 'number') out.push([s.time_stamp, round2(v / seconds)]);
  }
  return out;
}

export interface RateSample {
  t: number;
  received: number;
  sent: number;
  dropped: number;
}

/** Appends a `/monitor_current` reading and drops what fell out of the window. */
export function appendToWindow(prev: readonly RateSample[], next: RateSample, windowMs: number): RateSample[] {
  if (prev.length > 0 && prev[prev.length - 1].t >= next.t) return prev as RateSample[];
  const from = next.t - windowMs;
  return [...prev.filter((p) => p.t >= from), next];
}

export function toRateSample(current: MonitorCurrent, t: number): RateSample {
  return {
    t,
    received: current.received_msg_rate ?? 0,
    sent: current.sent_msg_rate ?? 0,
    dropped: current.dropped_msg_rate ?? 0,
  };
}
