import { defineConfig } from 'vitest/config';

// Browser tests: run after `npm run build -w @mqdeck/dashboard`; one node per spec file, long timeouts. Two spec
// files at a time: every file has its own node, chromium, data dir and ephemeral ports. Three at a time took the
// tests 1,729 s (sum) instead of 678 s and the phase 590 s instead of 619 s: two already fill the two cores.
// One module registry per worker (isolate: false, as for the server's unit tests: each file starts its own node and
// no spec mocks a module), so a file does not import the node's sources again (about 3 s) before its first test.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    isolate: false,
    maxWorkers: 2,
  },
});
