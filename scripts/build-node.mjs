#!/usr/bin/env node
// Builds the node (packages/server with the broker and the contract bundled in) to JavaScript with esbuild:
// packages/server/dist/main.js (the CLI) and dist/jq.worker.js (the rule engine's jq worker thread), with source
// maps. Packages from node_modules stay external (native modules such as better-sqlite3 load as usual).
// `node scripts/build-node.mjs` always builds; `--if-stale` builds only when dist/main.js is missing or older than
// the sources (npm start, the bin and the process tests call it so). Tests and dev keep running TypeScript.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'packages/server');
export const OUT_DIR = join(SERVER, 'dist');
export const MAIN = join(OUT_DIR, 'main.js');
const INPUTS = ['packages/server/src', 'packages/broker/src', 'packages/api/src', 'packages/api/openapi'];
const INPUT_FILES = ['package-lock.json', 'packages/server/package.json', 'packages/broker/package.json', 'packages/api/package.json', 'scripts/build-node.mjs'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a deleted file shows in its directory's mtime
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** why the build is out of date, or '' when dist/main.js is newer than every input */
export function staleReason() {
  if (!existsSync(MAIN)) return 'not built yet';
  const builtAt = statSync(MAIN).mtimeMs;
  const changed = [...INPUTS, ...INPUT_FILES].find((p) => newestMtime(join(ROOT, p)) > builtAt);
  return changed ? `${changed} changed` : '';
}

// Source files find files beside them (migrations, JSON dumps, the grammar) through `import.meta.url`. In the bundle
// that would be dist/main.js, so each such use becomes the URL of the source file itself, written relative to the
// bundle so the checkout can move.
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /[/\\]packages[/\\](server|broker|api)[/\\]src[/\\].*\.ts$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      if (text.includes('import.meta.url')) {
        const rel = relative(OUT_DIR, args.path).split('\\').join('/');
        text = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents: text, loader: 'ts' };
    });
  },
};

// bare imports stay external, except our own workspace packages (their exports point at TypeScript sources)
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mqdeck/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildNode() {
  const { build } = await import('esbuild');
  const started = Date.now();
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: join(SERVER, 'src/main.ts'), 'jq.worker': join(SERVER, 'src/modules/rules/funcs/jq.worker.ts') },
    outdir: OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externals, sourceUrls],
    // the rule engine's jq worker runs the compiled dist/jq.worker.js, not its TypeScript through tsx (funcs/jq.ts)
    banner: { js: "globalThis[Symbol.for('mqdeck.jqWorker')] = new URL('./jq.worker.js', import.meta.url);" },
  });
  return Date.now() - started;
}

/** builds when stale; returns what it did, for the caller to print */
export async function ensureBuilt() {
  const reason = staleReason();
  if (!reason) return '';
  const ms = await buildNode();
  return `built the node (${reason}) in ${ms} ms`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ifStale = process.argv.includes('--if-stale');
  const done = ifStale ? await ensureBuilt() : `built the node in ${await buildNode()} ms`;
  if (done) console.log(`${done}: ${relative(ROOT, MAIN)}`);
}
