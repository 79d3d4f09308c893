#!/usr/bin/env node
// `npm start`: builds what is missing or stale (the node into packages/server/dist, the console into
// packages/dashboard/dist), then runs the compiled node (packages/server/bin/mqdeck.mjs) as one child process.
// A console given with --dashboard-dir or MQDECK_DASHBOARD_DIR is served as is (not built); a console that cannot
// build does not stop the API from starting. This launcher only waits: SIGINT/SIGTERM sent to it are passed on, the
// node's exit code comes back as its own, and the node stops by itself when the launcher dies (its IPC channel
// closes) or when npm above it dies (the launcher's parent or, under npm, grandparent changes).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, staleReason } from './build-node.mjs';
import { NODE_FLAGS } from '../packages/server/bin/node-flags.mjs';

const dashboard = 'packages/dashboard';
const dist = join(dashboard, 'dist');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

try {
  const built = await ensureBuilt();
  if (built) console.log(built);
} catch (err) {
  if (!existsSync('packages/server/dist/main.js')) {
    console.error(`the node could not be built: ${err.message}`);
    process.exit(1);
  }
  console.warn(`WARNING: the node build failed (${staleReason()}); running the previous build.`);
}

const builtAt = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
const sourcesAt = Math.max(...['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((p) => newestMtime(join(dashboard, p))), newestMtime('packages/api/src'));
const given = process.argv.includes('--dashboard-dir') || Boolean(process.env.MQDECK_DASHBOARD_DIR);
let dashboardDir = given ? '' : dist;
if (!given && (builtAt === 0 || sourcesAt > builtAt)) {
  console.log(builtAt === 0 ? 'building the console (first start)…' : 'console sources changed, rebuilding…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@mqdeck/dashboard'], { stdio: 'inherit' });
  if (build.status !== 0) {
    if (existsSync(join(dist, 'index.html'))) console.warn('WARNING: the console build failed; serving the previous build.');
    else {
      console.warn('WARNING: the console could not be built; starting the API only (no web console).');
      dashboardDir = '';
    }
  }
}

const args = [...NODE_FLAGS, 'packages/server/bin/mqdeck.mjs', 'start', ...process.argv.slice(2)];
if (dashboardDir) args.push('--dashboard-dir', dashboardDir);
const child = spawn(process.execPath, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// The launcher's parent, and under `npm start` also npm above the `sh -c` it runs us with: if one of them dies (even
// by SIGKILL), its child is handed to another parent, and the node is stopped.
const parentOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};
const ancestors = () => {
  const parent = process.ppid;
  return process.env.npm_lifecycle_event ? [parent, parentOf(parent)] : [parent];
};
const watched = ancestors().join();
setInterval(() => {
  if (ancestors().join() !== watched) child.kill('SIGTERM');
}, 500).unref();
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
