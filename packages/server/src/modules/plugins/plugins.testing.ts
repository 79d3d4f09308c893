// Helpers of the plugins tests: packages built with tar-stream (the example plugin, hand-written ones, hostile
// archives with raw headers), the upload through multipart, and the install grant as the CLI writes it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pack as tarPack, type Headers } from 'tar-stream';
import type { TestNode } from '../../../test/test-node';
import { runCtl } from './plugins.ctl';

export const EXAMPLE_DIR = fileURLToPath(new URL('./example/', import.meta.url));
export const EXAMPLE = 'mqdeck_plugin_stamp-1.0.0';

/** the example plugin's files (example/ without its build script) */
export function exampleFiles(): Record<string, Buffer | string> {
  const files: Record<string, Buffer> = {};
  for (const name of readdirSync(EXAMPLE_DIR)) if (name !== 'build.mjs') files[name] = readFileSync(join(EXAMPLE_DIR, name));
  return files;
}

/** a tar.gz with raw headers, for archives a build never writes */
export async function rawArchive(entries: { header: Headers; data?: string | Buffer }[]): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => pack.on('end', r));
  for (const e of entries) {
    await new Promise<void>((resolve, reject) => {
      const data = e.data === undefined ? Buffer.alloc(0) : Buffer.from(e.data);
      pack.entry({ mode: 0o644, ...e.header, size: e.header.type === 'file' || e.header.type === undefined ? data.length : 0 }, data, (err) => (err ? reject(err) : resolve()));
    });
  }
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

/** NAME-VSN.tar.gz of `files` (paths inside NAME-VSN/) */
export const packPlugin = (nameVsn: string, files: Record<string, Buffer | string>) =>
  rawArchive(Object.entries(files).map(([name, data]) => ({ header: { name: `${nameVsn}/${name}`, type: 'file' as const }, data })));

/** a plugin from release fields and an entry module's source */
export function pluginFiles(name: string, vsn: string, entry: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'release.json': JSON.stringify({ name, rel_vsn: vsn, description: `${name} for tests`, authors: ['tests'], rel_apps: [] }),
    'index.mjs': entry,
    ...extra,
  };
}

export async function upload(node: TestNode, filename: string, data: Buffer, field = 'plugin') {
  const boundary = '----mqdeckPluginBoundary9x';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/gzip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const res = await node.app.inject({
    method: 'POST',
    url: '/api/v5/plugins/install',
    headers: { ...node.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, data, tail]),
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as { code: string; message: string }) : undefined };
}

/** `mqdeck ctl plugins allow NAME-VSN` on the node's data dir (in this process) */
export function allow(node: TestNode, nameVsn: string, ...extra: string[]): void {
  const code = runCtl(
    ['plugins', 'allow', nameVsn, ...extra, '--data-dir', node.dataDir],
    {},
    () => undefined,
    () => undefined,
  );
  if (code !== 0) throw new Error(`ctl allow ${nameVsn} exited ${code}`);
}
