// `node_info` of GET /nodes. Erlang VM figures are replaced by their honest Node.js counterparts,
// documented in docs/node-counterparts.md:
// - process_available: the open-file limit. EMQX runs one Erlang process per connection; here each
//   connection is a socket handle holding one file descriptor, so the fd limit bounds them the same way.
// - process_used: live libuv resources (sockets, servers, timers, pending requests) from
//   process.getActiveResourcesInfo(), the runtime's count of things it is currently scheduling.
// - otp_release: the Node.js version ("node-v20.x.y") instead of an Erlang/OTP release.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { humanBytes } from './nodes.format';

export const NODE_VERSION = '5.8.9';
export const NODE_EDITION = 'Enterprise';

let maxFdsCache: number | undefined;

/** The soft "Max open files" limit from /proc/self/limits (0 where /proc is not available). */
export function maxFds(): number {
  if (maxFdsCache !== undefined) return maxFdsCache;
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    maxFdsCache = soft && /^\d+$/.test(soft) ? Number(soft) : 0;
  } catch {
    maxFdsCache = 0;
  }
  return maxFdsCache;
}

// The server package root stands in for EMQX's release root directory (code:root_dir()).
const SYS_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function configValue(app: FastifyInstance, path: string): unknown {
  try {
    return app.config.get<unknown>(path);
  } catch {
    return undefined;
  }
}

function logPath(app: FastifyInstance): string {
  const enabled = configValue(app, 'log.file.default.enable') ?? configValue(app, 'log.file.enable');
  const file = configValue(app, 'log.file.default.path') ?? configValue(app, 'log.file.path');
  // the log router expands ${EMQX_LOG_DIR} (<data dir>/log) and relative paths exactly as it writes the files
  if (enabled === true && typeof file === 'string' && file) return dirname(app.logRouter ? app.logRouter.resolvePath(file) : resolve(file));
  return 'log.file.enable is false, not logging to file.';
}

export function nodeInfo(app: FastifyInstance): ReplyOf<'/nodes/{node}', 'get', 200> {
  const counts = app.broker.clientCount();
  const [load1, load5, load15] = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const total = os.totalmem();
  return {
    node: app.nodeName,
    node_status: 'running',
    role: 'core',
    version: NODE_VERSION,
    edition: NODE_EDITION,
    uptime: Math.max(0, Date.now() - app.startedAt),
    connections: counts.sessions,
    live_connections: counts.liveConnections,
    cluster_sessions: counts.sessions,
    load1,
    load5,
    load15,
    max_fds: maxFds(),
    // As EMQX on Linux (load_ctl:get_sys_memory): total = MemTotal, used = MemTotal - MemAvailable.
    memory_total: humanBytes(total),
    memory_used: humanBytes(total - os.freemem()),
    process_available: maxFds(),
    process_used: process.getActiveResourcesInfo().length,
    otp_release: `node-${process.version}`,
    sys_path: SYS_PATH,
    log_path: logPath(app),
  };
}
