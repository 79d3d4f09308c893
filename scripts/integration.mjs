#!/usr/bin/env node
// Integration tests against the machine's services (PostgreSQL, MariaDB, Redis, RabbitMQ, Mosquitto).
// Ends with the line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';

mkdirSync('.test-results', { recursive: true });
const out = '.test-results/integration.json';
rmSync(out, { force: true });
spawnSync('npx', ['vitest', 'run', '--project', 'integration', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { stdio: 'inherit' });
let passed = 0;
let failed = 1;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numFailedTestSuites ?? 0);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
