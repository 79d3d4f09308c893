import { defineConfig } from 'vitest/config';

// Browser tests: run after `npm run build -w @mqdeck/dashboard`; one node per spec file, long timeouts. Two spec
// files at a time: a file keeps about half a core busy (chromium and its node mostly wait on each other, on
// the network and on timers), so two fill the CI machine's two cores; every file has its own node, chromium,
// data dir and ephemeral ports.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
