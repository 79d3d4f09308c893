#!/usr/bin/env -S node --retain-maps-for-n-gc=64
// The node's entry: runs the compiled node (packages/server/dist/main.js, from `npm run build` or `npm start`) in
// this very process, with source maps for stack traces; no TypeScript compiler at run time. SIGINT/SIGTERM stop it
// gracefully (exit 0). Started by a launcher with an IPC channel (scripts/start.mjs), it also stops when that channel
// closes, i.e. when the launcher dies, even by SIGKILL, so no orphan keeps the ports.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('mqdeck: the node is not built yet: run `npm run build` (or `npm start`) in the checkout first.');
  process.exit(1);
}
// in a checkout, say when the build is older than the sources (npm start rebuilds; a supervisor runs what is built)
const builder = new URL('../../../scripts/build-node.mjs', import.meta.url);
if (existsSync(builder)) {
  const stale = (await import(builder.href)).staleReason();
  if (stale) console.warn(`mqdeck: WARNING: the built node is out of date (${stale}); run \`npm run build\` to rebuild.`);
}
if (process.send) {
  process.on('disconnect', () => {
    console.error('mqdeck: the launcher is gone, stopping');
    process.kill(process.pid, 'SIGTERM');
  });
}
process.setSourceMapsEnabled(true);
await import(main.href);
