// Reading a peer broker's CPU time and memory from /proc, so that load generated in this process
// is not counted: broker CPU per delivered message is the steady figure on a 2-core machine.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux x86_64

/** system (kernel) CPU time of a process, in microseconds: socket I/O shows here, the broker's own code in user time */
export function sysMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) * 1_000_000) / TICKS_PER_SECOND;
}

/** user + system CPU time of a process, in microseconds */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the ")" that closes the command name: state is field 3, utime 14, stime 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND;
}

/**
 * user + system CPU time of a process's main thread (the event loop for node), in microseconds: cpuMicros minus this
 * is what its other threads took (V8's GC helpers and compiler, libuv's pool), the part that can use another core
 */
export function mainThreadMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}

/** resident set size in bytes */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** the middle value (the mean of the two middle ones for an even count) */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** read and write system calls made so far (/proc/<pid>/io): writes per delivery shows how well output is batched */
export function syscalls(pid: number): { reads: number; writes: number } {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const num = (k: string) => Number(new RegExp(`^${k}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return { reads: num('syscr'), writes: num('syscw') };
}
