// What the node exports as OpenTelemetry metrics, with EMQX's instrument names (emqx_otel_metrics.erl): every
// stat as an observable gauge under its own name (`connections.count`), the VM figures (`cpu.use`, `cpu.idle`,
// `total.memory`, `used.memory`), the cluster gauges (`node.running`, `node.stopped`) and every counter of
// /metrics as an observable counter (`messages.received`; `packets.connect.received` is `packets.connect` and
// `messages.dropped.await_pubrel_timeout` is `messages.dropped.expired`, as EMQX renames them). The values are
// the ones /stats, /metrics and /prometheus/stats show at the same moment. As EMQX: overload protection
// counters only while overload protection is on; the byte and packet counters carry the unit `kb` and the others `1`.
// EMQX's run queue and Mnesia gauges have no Node.js counterpart and are not sent.
import os from 'node:os';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Meter, Observable } from '@opentelemetry/api';
import { otelApi } from '../../shared/drivers';
import { nodeStats } from '../metrics/metrics.service';

const RENAMED: Record<string, string> = {
  'packets.connect.received': 'packets.connect',
  'messages.dropped.await_pubrel_timeout': 'messages.dropped.expired',
};
const otelName = (key: string) => RENAMED[key] ?? key;
/** EMQX's bytes_metrics(): the counters it labels with the unit kb */
const KB_UNIT = (key: string) => key.startsWith('bytes.') || key.startsWith('packets.');

/** CPU busy/idle share since the previous read, in percent, as emqx_otel_cpu_sup reports it */
function cpuMeter(): () => { use: number; idle: number } {
  let last = { idle: 0, total: 0 };
  return () => {
    const now = { idle: 0, total: 0 };
    for (const { times: t } of os.cpus()) {
      now.idle += t.idle;
      now.total += t.user + t.nice + t.sys + t.idle + t.irq;
    }
    const total = now.total - last.total;
    const idle = total > 0 ? (now.idle - last.idle) / total : 1;
    last = now;
    const pct = (n: number) => Math.round(n * 10000) / 100;
    return { use: pct(1 - idle), idle: pct(idle) };
  };
}

function usedMemory(): number {
  try {
    const avail = /MemAvailable:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'));
    if (avail) return os.totalmem() - Number(avail[1]) * 1024;
  } catch {
    // not Linux: free memory is the closest figure
  }
  return os.totalmem() - os.freemem();
}

/** The gauges and counters of one moment, by EMQX OTel name. */
export function readings(app: FastifyInstance, cpu: () => { use: number; idle: number }) {
  const olp = app.config.get<boolean>('overload_protection.enable') === true;
  const gauges: Record<string, number> = {};
  for (const [key, value] of Object.entries(nodeStats(app))) gauges[key] = value;
  const c = cpu();
  gauges['cpu.use'] = c.use;
  gauges['cpu.idle'] = c.idle;
  gauges['total.memory'] = os.totalmem();
  gauges['used.memory'] = usedMemory();
  // a standalone node: itself running, none stopped
  gauges['node.running'] = 1;
  gauges['node.stopped'] = 0;
  const counters: Record<string, { value: number; unit: string }> = {};
  for (const [key, value] of Object.entries(app.broker.metrics())) {
    if (!olp && key.startsWith('overload_protection.')) continue;
    counters[otelName(key)] = { value, unit: KB_UNIT(key) ? 'kb' : '1' };
  }
  return { gauges, counters };
}

/** Registers every instrument on `meter`; one batch callback reads the node once per collection. */
export function registerInstruments(app: FastifyInstance, meter: Meter): void {
  const { ValueType } = otelApi();
  const cpu = cpuMeter();
  const first = readings(app, cpu);
  const gauges = new Map<string, Observable>();
  const counters = new Map<string, Observable>();
  for (const name of Object.keys(first.gauges)) {
    // every figure but the CPU shares is a whole number
    const valueType = name.startsWith('cpu.') ? ValueType.DOUBLE : ValueType.INT;
    gauges.set(name, meter.createObservableGauge(name, { description: `observable ${name} gauge`, unit: '1', valueType }));
  }
  for (const [name, { unit }] of Object.entries(first.counters)) {
    counters.set(name, meter.createObservableCounter(name, { description: `observable ${name} counter`, unit, valueType: ValueType.INT }));
  }
  meter.addBatchObservableCallback(
    (result) => {
      const now = readings(app, cpu);
      for (const [name, value] of Object.entries(now.gauges)) {
        const g = gauges.get(name);
        if (g) result.observe(g, value);
      }
      for (const [name, { value }] of Object.entries(now.counters)) {
        const c = counters.get(name);
        if (c) result.observe(c, value);
      }
    },
    [...gauges.values(), ...counters.values()],
  );
}
