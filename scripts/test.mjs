#!/usr/bin/env node
// The README's test command: lint + typecheck + contract freshness + formatting (Prettier), unit tests of every package,
// the console build, and the browser tests (installs Debian's chromium and a CJK font if missing).
// `node scripts/test.mjs static|unit|fuzz|e2e` runs one part. Prints every phase's duration in a table and
// ends with the line "N passed, N failed".
//
// Plan for the 2-core CI machine (figures: one run each, machine shared, see the commit that set it):
//   1. lint ∥ typecheck ∥ contract check ∥ format check ∥ console build: CPU-bound single-threaded tools, ~40 s together
//   2. dashboard unit tests ∥ (server, then broker), all CPU-bound. The console's jsdom files are the longest lane
//      (921 s of tests against 484 s for server and broker), so they get 2 workers: 3 processes on 2 cores while the
//      server lane runs, then both cores for the rest of the console's files
//   3. the fuzzers, MQTT ∥ API, 30 s each against their own fresh node (~45 s with start-up)
//   4. browser tests alone, two spec files at a time (e2e/vitest.config.ts): each has its own node and chromium;
//      then the spec files that time the page, one at a time (E2E_ALONE)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runStages, vitestPhase } from './phases.mjs';

// Debian packages the tests use, each with a file that shows it is there: chromium and fonts for the browser tests
// (Liberation Sans stands in for Arial: without it chromium falls back to the wider DejaVu Sans and the layout checks
// of the browser tests measure another font than operators see), libcoap's client as the CoAP gateway's peer, Python's
// gRPC as the second stack serving ExProto.
const DEBIAN_PACKAGES = {
  chromium: '/usr/bin/chromium',
  'fonts-noto-cjk': '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  'fonts-liberation': '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  'libcoap3-bin': '/usr/bin/coap-client-notls',
  'python3-grpcio': '/usr/lib/python3/dist-packages/grpc/__init__.py',
  'python3-grpc-tools': '/usr/lib/python3/dist-packages/grpc_tools/protoc.py',
};

function ensureDebianPackages(names) {
  const missing = names.filter((n) => !existsSync(DEBIAN_PACKAGES[n]));
  if (!missing.length) return;
  console.log(`installing Debian ${missing.join(', ')} for the tests`);
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo'];
  const apt = (...a) => spawnSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...a] : a, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt('update');
  apt('install', '-y', '--no-install-recommends', ...missing);
}

// Spec files that time the page (frames, input to paint) run alone after the others. Beside a second spec's
// chromium and node, one input event of the WebSocket flood waited 1,144 ms for its paint in a CI run; alone it
// takes 48 ms, and 64 ms beside three busy loops.
const E2E_ALONE = ['websocket.spec.ts'];

const only = process.argv[2];
const all = !only;
const lint = { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] };
const typecheck = { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--workspaces', '--if-present'], live: true };
const contract = { name: 'contract types are fresh', cmd: 'node', args: ['packages/api/scripts/gen.mjs', '--check'] };
const format = { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] };
const build = { name: 'console build', cmd: 'npm', args: ['run', 'build', '-w', '@mqdeck/dashboard'], live: only === 'e2e' };
const unit = (name, projects, live, workers = 1) => vitestPhase(`unit ${name}`, [...projects.flatMap((p) => ['--project', p]), `--maxWorkers=${workers}`], { live });

const stages = [];
if (all || only === 'static') stages.push([typecheck, lint, contract, format, ...(all ? [build] : [])]);
if (only === 'e2e') stages.push([build]);
if (all || only === 'unit') {
  ensureDebianPackages(['libcoap3-bin', 'python3-grpcio', 'python3-grpc-tools']);
  stages.push([unit('dashboard', ['dashboard', 'dashboard-mocks'], true, 2), [unit('server', ['server', 'server-isolated']), unit('broker', ['broker'])]]);
}
// the project's own fuzzers (bench/fuzz, issue 21), a short seeded run of each against a fresh node; the
// README's tests section gives the long-run command
const fuzz = (what) => ({ name: `fuzz ${what}`, cmd: 'npx', args: ['tsx', `bench/fuzz/${what}.ts`, '--seconds', '30', '--seed', '1'] });
if (all || only === 'fuzz') stages.push([fuzz('mqtt'), fuzz('api')]);
if (all || only === 'e2e') {
  ensureDebianPackages(['chromium', 'fonts-noto-cjk', 'fonts-liberation']);
  const alone = E2E_ALONE.flatMap((f) => ['--exclude', `**/${f}`]);
  stages.push([vitestPhase('e2e', ['--config', 'e2e/vitest.config.ts', ...alone], { live: true })]);
  stages.push([vitestPhase('e2e alone', ['--config', 'e2e/vitest.config.ts', '--maxWorkers=1', ...E2E_ALONE.map((f) => `specs/${f}`)], { live: true })]);
}
if (!stages.length) {
  console.error(`unknown part '${only}': static, unit, fuzz or e2e`);
  process.exit(2);
}
const failed = await runStages(stages);
process.exit(failed ? 1 : 0);
