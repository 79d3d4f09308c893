// Test projects: `unit` projects run in `npm test`; `integration` needs the machine's services
// (PostgreSQL, MariaDB, Redis, RabbitMQ, Mosquitto) and runs from .ci/run; e2e has its own config.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import dashboard from './packages/dashboard/vitest.config.ts';

// The console's tests share one jsdom and one module registry per worker (isolate: false): a fresh jsdom,
// antd and the app's modules for each of its ~60 files was most of its time (12 files: 303 s isolated,
// 111 s shared, load ~15). Files that vi.mock a module need a registry where the module is not loaded yet,
// so they run isolated in a second project, `dashboard-mocks`.
const dashboardRoot = 'packages/dashboard';
/** The test files under `root`/`dirs` whose text matches `pattern`, relative to `root`. */
function testFiles(root: string, dirs: string[], pattern: RegExp): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((f) => `${dir}/${f.split('\\').join('/')}`)
      .filter((f) => /\.test\.tsx?$/.test(f) && !f.endsWith('.integration.test.ts') && pattern.test(readFileSync(join(root, f), 'utf8'))),
  );
}
const mocking = testFiles(dashboardRoot, ['src', 'test'], /\bvi\.mock\(/);

// The node's tests share one module registry per worker too (isolate: false): importing the node afresh for each of
// its ~200 files was two thirds of their time (601 of 900 s). Each test starts its own node (startNode), so no state
// is shared through modules. Files that swap a module, a global, the clock or the environment for their own (the vi
// calls and process.env writes matched below) run isolated, in the `server-isolated` project.
const serverRoot = 'packages/server';
const serverIsolated = testFiles(serverRoot, ['src', 'test'], /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|process\.env\.\w+ =|delete process\.env/);
const server = {
  name: 'server',
  root: serverRoot,
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  exclude: ['**/*.integration.test.ts'],
  environment: 'node' as const,
  testTimeout: 30_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'broker',
          root: 'packages/broker',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      { test: { ...server, isolate: false, exclude: [...server.exclude, ...serverIsolated] } },
      { test: { ...server, name: 'server-isolated', include: serverIsolated } },
      {
        test: {
          name: 'integration',
          root: '.',
          include: ['packages/*/src/**/*.integration.test.ts', 'packages/*/test/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // a node and the services' clients start in the hooks; beside npm test's lint, typecheck and build
          // (load ~15 on 2 cores) that took over the default 10 s
          hookTimeout: 60_000,
        },
      },
      { ...dashboard, test: { ...dashboard.test, isolate: false, exclude: [...configDefaults.exclude, ...mocking] } },
      { ...dashboard, test: { ...dashboard.test, name: 'dashboard-mocks', include: mocking } },
    ],
  },
});
