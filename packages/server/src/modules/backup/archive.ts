// The backup file itself: a gzip-compressed tar of plain files under one `<backup name>/` folder, as EMQX's
// erl_tar writes it. Writing packs in memory-sized pieces through tar-stream; reading unpacks into memory with
// every limit checked before a byte is kept (compressed size, unpacked size, entry count), and refuses any entry
// that is not a plain file or a folder (links, devices) or whose name could leave the folder (`..`, absolute).
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { pack as tarPack, extract as tarExtract, type Headers } from 'tar-stream';
import { ApiError } from '../../errors';
import { unsafeName } from '../../shared/archive-names';

export const LIMITS = {
  /** the largest backup file taken (upload and import) */
  archiveBytes: 64 * 1024 * 1024,
  /** the largest total of unpacked bytes (a small gzip can unpack to gigabytes) */
  unpackedBytes: 256 * 1024 * 1024,
  entries: 10_000,
};

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const badArchive = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/** Packs `files` (path inside the archive → content) into a .tar.gz buffer. */
export async function packArchive(files: [string, Buffer | string][], mtime = new Date()): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const [name, content] of files) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    await new Promise<void>((resolve, reject) => {
      pack.entry({ name, size: data.length, mode: 0o644, mtime, type: 'file' }, data, (err) => (err ? reject(err) : resolve()));
    });
  }
  pack.finalize();
  await ended;
  return gzipAsync(Buffer.concat(chunks));
}

const ALLOWED_TYPES = new Set<Headers['type']>(['file', 'contiguous-file', 'directory']);

/**
 * Unpacks a .tar.gz held in memory: path → content of every plain file (folders are dropped). Throws 400 with a
 * plain sentence for anything that is not a safe archive within the limits; nothing is written anywhere.
 */
export async function readArchive(data: Buffer, limits = LIMITS): Promise<Map<string, Buffer>> {
  if (data.length > limits.archiveBytes) throw badArchive(`The backup file is too large: ${data.length} bytes, the limit is ${limits.archiveBytes} bytes`);
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) throw badArchive('The backup file is not a gzip-compressed tar archive (.tar.gz)');
  let tar: Buffer;
  try {
    tar = await gunzipAsync(data, { maxOutputLength: limits.unpackedBytes });
  } catch (err) {
    if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw badArchive(`The backup file unpacks to more than ${limits.unpackedBytes} bytes`);
    }
    throw badArchive(`The backup file is not a valid gzip file: ${(err as Error).message}`);
  }
  const files = new Map<string, Buffer>();
  const extract = tarExtract();
  let count = 0;
  let problem: ApiError | undefined;
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header: Headers, stream: NodeJS.ReadableStream, next: (err?: unknown) => void) => {
      const fail = (message: string) => {
        problem ??= badArchive(message);
        stream.resume();
        stream.on('end', () => next(problem));
      };
      count += 1;
      const why = unsafeName(header.name);
      if (count > limits.entries) return fail(`The backup file holds more than ${limits.entries} entries`);
      if (why) return fail(`The backup file has an unsafe entry '${header.name}': ${why}`);
      if (!ALLOWED_TYPES.has(header.type))
        return fail(`The backup file has an unsafe entry '${header.name}': a ${header.type ?? 'special'} entry, only files and folders are allowed`);
      if (header.type === 'directory') {
        stream.resume();
        stream.on('end', () => next());
        return;
      }
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on('end', () => {
        const name = header.name.replace(/^\.\//, '');
        if (files.has(name)) return next(badArchive(`The backup file holds '${name}' twice`));
        files.set(name, Buffer.concat(parts));
        next();
      });
      stream.on('error', next);
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(tar);
  try {
    await done;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badArchive(`The backup file is not a valid tar archive: ${(err as Error).message}`);
  }
  if (problem) throw problem;
  return files;
}
