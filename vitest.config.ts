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
const mocking = ['src', 'test'].flatMap((dir) =>
  readdirSync(join(dashboardRoot, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => `${dir}/${f.split('\\').join('/')}`)
    .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.mock\(/.test(readFileSync(join(dashboardRoot, f), 'utf8'))),
);

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
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
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
