// Raises and clears alarms from the `sysmon` thresholds, with EMQX's names and texts:
// - high_cpu_usage: CPU busy share over cpu_check_interval above cpu_high_watermark, cleared below
//   cpu_low_watermark ("12.34% cpu usage");
// - high_system_memory_usage: used/total system memory (MemAvailable on Linux) above
//   sysmem_high_watermark, every mem_check_interval ("71.20% mem usage");
// - high_process_memory_usage: this process's resident memory / total memory above
//   procmem_high_watermark ("Process memory usage is higher than 5%"); EMQX watches each Erlang
//   process, a Node.js node has one process, so the node's RSS is the counterpart.
// - too_many_connections/<listener id>: a listener at its max_connections (new connections are
//   refused from then on); our own name, EMQX has no such alarm. Cleared once it has room again.
// too_many_processes, long_gc, long_schedule, large_heap, busy_port have no Node.js counterpart.
import { cpus, freemem, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ClientInfo, Listener } from '@mqdeck/broker';
import { parseDuration, parsePercent } from '../../config/units';
import type { AlarmService } from './alarms.service';

const percent = (v: unknown, fallback: number) => parsePercent(v) ?? fallback;
const usageMsg = (share: number, what: 'cpu' | 'mem') => `${(share * 100).toFixed(2)}% ${what} usage`;

/** used share of system memory; Linux MemAvailable counts reclaimable caches as free, as EMQX's memsup does */
export function systemMemoryUsage(): number {
  try {
    const info = readFileSync('/proc/meminfo', 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(info)?.[1]);
    const total = kb('MemTotal');
    const available = kb('MemAvailable');
    if (total > 0 && Number.isFinite(available)) return (total - available) / total;
  } catch {
    // not Linux: os.freemem() below
  }
  return (totalmem() - freemem()) / totalmem();
}

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const c of cpus()) {
    const t = c.times;
    const all = t.user + t.nice + t.sys + t.idle + t.irq;
    busy += all - t.idle;
    total += all;
  }
  return { busy, total };
}

export class Sysmon {
  private cpuTimer?: NodeJS.Timeout;
  private memTimer?: NodeJS.Timeout;
  private readonly listenerTimer: NodeJS.Timeout;
  private readonly unwatch: () => void;
  private lastCpu = cpuTimes();

  constructor(
    private readonly app: FastifyInstance,
    private readonly alarms: AlarmService,
  ) {
    this.unwatch = app.config.watch('sysmon', this.onConfig);
    app.broker.events.on('client.connected', this.onConnected);
    // a listener's count drops when the socket closes, after client.disconnected: the 1 s sweep clears it
    this.listenerTimer = setInterval(this.checkListeners, 1000);
    this.listenerTimer.unref();
    this.schedule();
  }

  private sysmon(): { os: Record<string, unknown> } {
    return this.app.config.get('sysmon');
  }

  private readonly onConfig = () => {
    this.schedule();
    this.checkMemory();
  };

  private schedule(): void {
    for (const t of [this.cpuTimer, this.memTimer]) if (t) clearInterval(t);
    const os = this.sysmon().os;
    const cpuMs = parseDuration(os.cpu_check_interval);
    const memMs = parseDuration(os.mem_check_interval);
    this.cpuTimer = cpuMs ? setInterval(() => this.checkCpu(), cpuMs) : undefined;
    this.memTimer = memMs ? setInterval(() => this.checkMemory(), memMs) : undefined;
    this.cpuTimer?.unref();
    this.memTimer?.unref();
  }

  checkCpu(): void {
    const now = cpuTimes();
    const total = now.total - this.lastCpu.total;
    const busy = total > 0 ? (now.busy - this.lastCpu.busy) / total : 0;
    this.lastCpu = now;
    if (busy === 0) return; // EMQX ignores a 0 reading
    const os = this.sysmon().os;
    const high = percent(os.cpu_high_watermark, 0.8);
    const low = percent(os.cpu_low_watermark, 0.6);
    const details = { usage: Number((busy * 100).toFixed(2)), high_watermark: high * 100, low_watermark: low * 100 };
    if (busy > high) this.alarms.activate('high_cpu_usage', details, usageMsg(busy, 'cpu'));
    else if (busy < low) this.alarms.deactivate('high_cpu_usage', details, usageMsg(busy, 'cpu'));
  }

  checkMemory(): void {
    const os = this.sysmon().os;
    const sysHigh = percent(os.sysmem_high_watermark, 0.7);
    const used = systemMemoryUsage();
    const details = { usage: Number((used * 100).toFixed(2)), high_watermark: sysHigh * 100 };
    if (used > sysHigh) this.alarms.activate('high_system_memory_usage', details, usageMsg(used, 'mem'));
    else this.alarms.deactivate('high_system_memory_usage', details, usageMsg(used, 'mem'));

    const procHigh = percent(os.procmem_high_watermark, 0.05);
    const rss = process.memoryUsage.rss() / totalmem();
    const procDetails = { pid: String(process.pid), high_watermark: procHigh * 100, usage: Number((rss * 100).toFixed(2)) };
    if (rss > procHigh) this.alarms.activate('high_process_memory_usage', procDetails, `Process memory usage is higher than ${procHigh * 100}%`);
    else this.alarms.deactivate('high_process_memory_usage', procDetails);
  }

  readonly checkListeners = (): void => {
    for (const [id, listener] of this.app.listeners) this.checkListener(id, listener);
  };

  /** a connect can only raise the count of the listener it came through: that one is checked, the others by the sweep */
  private readonly onConnected = (c: ClientInfo): void => {
    const listener = this.app.listeners.get(c.listener);
    if (listener) this.checkListener(c.listener, listener);
    else this.checkListeners();
  };

  private checkListener(id: string, listener: Listener): void {
    const max = listener.config.maxConnections;
    const name = `too_many_connections/${id}`;
    const current = listener.currentConnections;
    if (max !== null && listener.running && current >= max) {
      this.alarms.activate(
        name,
        { listener: id, current_connections: current, max_connections: max },
        `Listener ${id} reached its max_connections (${current}/${max}): new connections are refused`,
      );
    } else if (this.alarms.isActive(name)) {
      this.alarms.deactivate(name, { listener: id, current_connections: current, max_connections: max ?? 'infinity' });
    }
  }

  close(): void {
    for (const t of [this.cpuTimer, this.memTimer, this.listenerTimer]) if (t) clearInterval(t);
    this.unwatch();
    this.app.broker.events.off('client.connected', this.onConnected);
  }
}
