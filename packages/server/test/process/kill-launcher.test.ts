// SIGKILL of what an operator sees: `npm start`'s launcher (scripts/start.mjs) and npm itself. The compiled node
// must not survive as an orphan holding the ports: every process of ours is gone and a restart binds the same ports.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureBuilt } from '../../../../scripts/build-node.mjs';
import { readFileSync } from 'node:fs';
import { NODE_FLAGS } from '../../bin/node-flags.mjs';
import { allGone, npmStarts, portOpen } from './npm-start.testing';

const starts = npmStarts('mqdeck-kill-launcher-');
beforeAll(() => ensureBuilt(), 120_000);
afterAll(() => starts.cleanup());

test('SIGKILL of the launcher stops the node; a restart binds the same ports', async () => {
  const first = await starts.start();
  expect(first.launcher).not.toBe(first.node);
  // the node runs with the V8 flags of bin/node-flags.mjs (they only hold when given at start)
  expect(readFileSync(`/proc/${first.node}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining(NODE_FLAGS));
  process.kill(first.launcher, 'SIGKILL');
  await allGone(first.all, 'every process of npm start to end after SIGKILL of the launcher');
  expect(await portOpen(first.ports.tcp)).toBe(false);

  const second = await starts.start();
  expect(second.ports).toEqual(first.ports);
  expect(await portOpen(second.ports.tcp)).toBe(true);
  expect(second.output()).not.toMatch(/EADDRINUSE/);

  // npm itself, the process at the top
  process.kill(second.npm.pid!, 'SIGKILL');
  await allGone(second.all, 'every process of npm start to end after SIGKILL of npm');
  const third = await starts.start();
  expect(await portOpen(third.ports.tcp)).toBe(true);
  expect(third.output()).not.toMatch(/EADDRINUSE/);
  // SIGTERM to the launcher: a graceful stop, and the node's exit code 0 comes back through npm
  process.kill(third.launcher, 'SIGTERM');
  expect(await third.exited).toBe(0);
  await allGone(third.all, 'every process to end after SIGTERM');
}, 400_000);
