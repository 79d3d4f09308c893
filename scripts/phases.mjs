// Phase runner shared by test.mjs and integration.mjs: each phase is a child process whose output goes
// to .test-results/<phase>.log; phases of one stage run at the same time (the CI machine has 2 cores),
// and the last line of every run is the README's "N passed, N failed".
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

export const RESULTS = resolve('.test-results');
mkdirSync(RESULTS, { recursive: true });

const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
const seconds = (t0) => (performance.now() - t0) / 1000;

/**
 * A phase counts as one passed/failed step, or, with `report`, as the tests of a vitest JSON report.
 * `live` streams its output while it runs (one phase per stage, the longest); the others print theirs
 * when they end, so two phases' lines never interleave.
 */
export function vitestPhase(name, args, opts = {}) {
  // absolute: a config with its own root (e2e) would otherwise write the report under that root
  const report = resolve(RESULTS, `${slug(name)}.json`);
  return {
    ...opts,
    name,
    cmd: 'npx',
    args: ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
  };
}

function runPhase(p) {
  const log = resolve(RESULTS, `${slug(p.name)}.log`);
  if (p.report) rmSync(p.report, { force: true });
  console.log(`\n=== ${p.name}: ${p.cmd} ${p.args.join(' ')}${p.live ? '' : `  (output: ${log})`}`);
  const t0 = performance.now();
  return new Promise((done) => {
    const out = createWriteStream(log);
    const child = spawn(p.cmd, p.args, { env: { ...process.env, ...p.env, FORCE_COLOR: p.live ? process.env.FORCE_COLOR : '0' } });
    for (const s of [child.stdout, child.stderr]) {
      s.pipe(out, { end: false });
      if (p.live) s.pipe(s === child.stdout ? process.stdout : process.stderr, { end: false });
    }
    child.on('error', (err) => out.write(`${err.stack}\n`));
    child.on('close', (code) => {
      out.end(() => {
        const r = { name: p.name, ok: code === 0, seconds: seconds(t0), passed: 0, failed: 0 };
        if (p.report) {
          if (existsSync(p.report)) {
            const j = JSON.parse(readFileSync(p.report, 'utf8'));
            r.passed = j.numPassedTests;
            // a file that fails to load has no failed test of its own; a failing test also fails its file
            r.failed = Math.max(j.numFailedTests, j.numFailedTestSuites ?? 0);
            r.tests = `${j.numPassedTests}/${j.numTotalTests}`;
            // vitest exits 1 with every test green on an unhandled error or rejection: count it
            if (!r.ok && r.failed === 0) r.failed = 1;
            r.failures = failuresOf(j);
          } else r.failed = 1;
        } else if (r.ok) r.passed = 1;
        else r.failed = 1;
        if (!p.live) process.stdout.write(`\n--- ${p.name} output\n${readFileSync(log, 'utf8')}`);
        console.log(`--- ${p.name}: ${r.ok ? 'ok' : `FAILED (exit ${code})`} in ${r.seconds.toFixed(1)} s`);
        done(r);
      });
    });
  });
}

/** Runs each stage's lanes at the same time; a lane is a phase or an array of phases run in order. */
export async function runStages(stages) {
  const t0 = performance.now();
  const results = [];
  for (const stage of stages) {
    const lanes = stage.map(async (lane) => {
      for (const p of [lane].flat()) results.push(await runPhase(p));
    });
    await Promise.all(lanes);
  }
  return summarize(results, seconds(t0));
}

/** "file > test: first line of the error" for each failed test or file of a vitest JSON report */
function failuresOf(report) {
  const firstLine = (m) =>
    String(m ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = file.name?.replace(`${process.cwd()}/`, '') ?? '?';
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`${name} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (!failed.length && file.status === 'failed') out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

function summarize(results, wall) {
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const width = Math.max(24, ...results.map((r) => r.name.length));
  console.log(`\n${'phase'.padEnd(width)}  seconds  result`);
  for (const r of results) console.log(`${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(7)}  ${r.ok ? 'ok' : 'FAILED'}${r.tests ? ` (${r.tests} tests)` : ''}`);
  console.log(`${'wall clock'.padEnd(width)}  ${wall.toFixed(1).padStart(7)}`);
  const bad = results.filter((r) => !r.ok).map((r) => r.name);
  if (bad.length) console.log(`\nfailed steps: ${bad.join(', ')}`);
  // last, so the tail of a long CI log still names what failed
  const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.name}: ${f}`));
  if (failures.length) console.log(`\nfailed tests:\n${failures.slice(0, 40).join('\n')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed;
}
