// Helpers of the backup tests: multipart upload and download on a test node, and hand-made archives.
import { gzipSync } from 'node:zlib';
import { pack as tarPack, type Headers } from 'tar-stream';
import type { TestNode } from '../../../test/test-node';

export function multipart(filename: string, data: Buffer, field = 'filename'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----mqdeckBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/gzip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(node: TestNode, filename: string, data: Buffer) {
  const { payload, headers } = multipart(filename, data);
  const res = await node.app.inject({ method: 'POST', url: '/api/v5/data/files', headers: { ...node.auth, ...headers }, payload });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

export async function download(node: TestNode, filename: string) {
  const res = await node.app.inject({ method: 'GET', url: `/api/v5/data/files/${encodeURIComponent(filename)}`, headers: node.auth });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload };
}

/** a tar.gz with raw headers, for archives an export never writes */
export async function rawArchive(entries: { header: Headers; data?: string }[]): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => pack.on('end', r));
  for (const e of entries) {
    await new Promise<void>((resolve, reject) => {
      const data = e.data === undefined ? undefined : Buffer.from(e.data);
      pack.entry({ ...e.header, size: data?.length ?? 0 }, data ?? Buffer.alloc(0), (err) => (err ? reject(err) : resolve()));
    });
  }
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

export const META = 'edition = "ee"\nversion = "5.8.9"\n';
