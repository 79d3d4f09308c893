#!/usr/bin/env node
// `npm start`: builds the console when packages/dashboard/dist is missing or older than its sources,
// then runs the node with tsx. A console that cannot build yet does not stop the API from starting.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

const builtAt = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
const sourcesAt = Math.max(...['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((p) => newestMtime(join(dashboard, p))), newestMtime('packages/api/src'));
let dashboardDir = dist;
if (builtAt === 0 || sourcesAt > builtAt) {
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

const args = ['--import', 'tsx', 'packages/server/src/main.ts', 'start', ...process.argv.slice(2)];
if (dashboardDir) args.push('--dashboard-dir', dashboardDir);
const child = spawn(process.execPath, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
