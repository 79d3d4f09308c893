#!/usr/bin/env node
// Initial JavaScript (and CSS) of the login page and of the overview, gzip, from the Vite manifest:
// a route costs the entry's static import tree plus the static trees of the lazy chunks it opens.
// Usage (after `npm run build -w @mqdeck/dashboard`): node packages/dashboard/scripts/bundle-report.mjs [--json]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** The lazy modules each measured route loads on top of the entry (manifest keys = source paths). */
const ROUTES = {
  login: ['src/app/login/LoginPage.tsx'],
  overview: ['src/app/layout/AppLayout.tsx', 'src/features/overview/OverviewPage.tsx'],
};

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch (e) {
  console.error(`No build manifest in ${dist}/.vite (run \`npm run build -w @mqdeck/dashboard\` first): ${e.message}`);
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

const gzCache = new Map();
function gzipSize(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
}

/** Every file (JS and CSS) reached through static imports from the given manifest keys. */
function staticTree(keys) {
  const files = new Set();
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest (renamed or no longer lazy?)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    stack.push(...(chunk.imports ?? []));
  }
  return [...files];
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const report = {};
for (const [name, lazyKeys] of Object.entries(ROUTES)) {
  const files = staticTree([entryKey, ...lazyKeys]).map((f) => ({ file: f, gzip: gzipSize(f) }));
  files.sort((a, b) => b.gzip - a.gzip);
  const js = files.filter((f) => f.file.endsWith('.js')).reduce((s, f) => s + f.gzip, 0);
  const css = files.filter((f) => f.file.endsWith('.css')).reduce((s, f) => s + f.gzip, 0);
  report[name] = { js, css, files };
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [name, r] of Object.entries(report)) {
    console.log(`${name}: ${kb(r.js)} JS gzip${r.css ? ` + ${kb(r.css)} CSS` : ''} in ${r.files.length} files`);
    for (const f of r.files.slice(0, 8)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
    if (r.files.length > 8) console.log(`  … ${r.files.length - 8} smaller files`);
  }
}
