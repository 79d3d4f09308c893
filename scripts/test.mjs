#!/usr/bin/env node
// The README's test command: lint + typecheck + contract freshness, unit tests of every package,
// the console build, and the browser tests (installs Debian's chromium and a CJK font if missing).
// Ends with the line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const results = { passed: 0, failed: 0 };
const failures = [];
mkdirSync('.test-results', { recursive: true });

function run(name, cmd, args, opts = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function step(name, cmd, args) {
  if (run(name, cmd, args)) results.passed += 1;
  else results.failed += 1;
}

function vitest(name, args) {
  // absolute: a config with its own root (e2e) would otherwise write the report under that root
  const out = resolve(`.test-results/${name}.json`);
  rmSync(out, { force: true });
  run(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (!existsSync(out)) {
    results.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  results.passed += report.numPassedTests;
  results.failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium') && existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')) return;
  console.log('installing Debian chromium and fonts-noto-cjk for the browser tests');
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo'];
  const apt = (...a) => spawnSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...a] : a, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt('update');
  apt('install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk');
}

const only = process.argv[2];
if (!only || only === 'static') {
  step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
  step('typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
  step('contract types are fresh', 'node', ['packages/api/scripts/gen.mjs', '--check']);
}
if (!only || only === 'unit') {
  vitest('unit', ['--project', 'broker', '--project', 'server', '--project', 'dashboard']);
}
if (!only || only === 'e2e') {
  step('console build', 'npm', ['run', 'build', '-w', '@mqdeck/dashboard']);
  ensureChromium();
  vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
}
if (failures.length) console.log(`\nfailed steps: ${failures.join(', ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
