#!/usr/bin/env node
// Builds the example plugin package: `node packages/server/src/modules/plugins/example/build.mjs [out-dir]` writes
// <out-dir>/mqdeck_plugin_stamp-1.0.0.tar.gz (default: the current directory) and prints its path and sha256.
// The package holds everything beside this script except the script itself, under the folder NAME-VSN/.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** packs `files` (path inside NAME-VSN/ → content) into NAME-VSN.tar.gz bytes */
export async function packPlugin(nameVsn, files) {
  const pack = tarPack();
  const chunks = [];
  pack.on('data', (c) => chunks.push(c));
  const ended = new Promise((r) => pack.on('end', r));
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    await new Promise((res, rej) => pack.entry({ name: `${nameVsn}/${name}`, size: data.length, mode: 0o644 }, data, (e) => (e ? rej(e) : res())));
  }
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

export function exampleFiles() {
  const files = {};
  for (const name of readdirSync(HERE)) if (name !== 'build.mjs') files[name] = readFileSync(join(HERE, name));
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const release = JSON.parse(readFileSync(join(HERE, 'release.json'), 'utf8'));
  const nameVsn = `${release.name}-${release.rel_vsn}`;
  const out = join(resolve(process.argv[2] ?? '.'), `${nameVsn}.tar.gz`);
  const data = await packPlugin(nameVsn, exampleFiles());
  writeFileSync(out, data);
  console.log(`${out}\nsha256 ${createHash('sha256').update(data).digest('hex')}`);
}
