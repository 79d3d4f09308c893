// Test projects: `unit` projects run in `npm test`; `integration` needs the machine's services
// (PostgreSQL, MariaDB, Redis, RabbitMQ, Mosquitto) and runs from .ci/run; e2e has its own config.
import { defineConfig } from 'vitest/config';

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
        },
      },
      'packages/dashboard/vitest.config.ts',
    ],
  },
});
