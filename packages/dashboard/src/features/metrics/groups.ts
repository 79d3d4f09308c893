// Groups of `/metrics` counters, in the order and with the split of the official console's Metrics tab:
// client counters without the auth ones, sessions, authentication + authorization (plus `client.auth*`),
// then traffic bytes, MQTT packets, messages and delivery drops. Anything unknown lands in `other`,
// so a counter a newer broker adds is still shown under its EMQX name.
import type { Counters } from './metrics.api';

export const METRIC_GROUPS = ['client', 'session', 'auth', 'bytes', 'packets', 'messages', 'delivery', 'other'] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

export interface CounterRow {
  name: string;
  value: number;
}

export function groupOf(name: string): MetricGroup {
  const prefix = name.split('.')[0];
  if (prefix === 'client') return name.startsWith('client.auth') ? 'auth' : 'client';
  if (prefix === 'authentication' || prefix === 'authorization') return 'auth';
  if (prefix === 'session' || prefix === 'bytes' || prefix === 'packets' || prefix === 'messages' || prefix === 'delivery') {
    return prefix;
  }
  return 'other';
}

export function groupCounters(counters: Counters): Record<MetricGroup, CounterRow[]> {
  const out = Object.fromEntries(METRIC_GROUPS.map((g) => [g, [] as CounterRow[]])) as Record<MetricGroup, CounterRow[]>;
  for (const [name, value] of Object.entries(counters)) out[groupOf(name)].push({ name, value });
  for (const g of METRIC_GROUPS) out[g].sort((a, b) => a.name.localeCompare(b.name));
  return out;
}

/** i18next treats dots as key separators, so label keys use underscores. */
export const labelKeyOf = (name: string) => name.replace(/\./g, '_');
