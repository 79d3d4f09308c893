import { defineConfig } from 'vitest/config';

// Browser tests: run after `npm run build -w @mqdeck/dashboard`; one node per spec file, long timeouts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
