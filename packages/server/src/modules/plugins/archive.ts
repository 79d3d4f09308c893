// A plugin package (`NAME-VSN.tar.gz`) read safely: the whole archive is unpacked in memory through tar-stream with
// every limit checked before a byte is kept (compressed size, unpacked size, entry count, one file's size), and any
// entry that is not a plain file or a folder (symlinks, hard links, devices, FIFOs) or whose name could leave the
// package's folder (absolute, `..`, a drive letter, NUL) refuses the whole package. Every entry must sit under the
// one top folder `NAME-VSN/`, as EMQX's packages do. Nothing is written here: the caller writes the checked files.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { extract as tarExtract, type Headers } from 'tar-stream';
import { ApiError } from '../../errors';
import { unsafeName } from '../../shared/archive-names';

export const LIMITS = {
  /** the largest package taken */
  archiveBytes: 32 * 1024 * 1024,
  /** the largest total of unpacked bytes (a small gzip can unpack to gigabytes) */
  unpackedBytes: 128 * 1024 * 1024,
  entries: 2_000,
};

const gunzipAsync = promisify(gunzip);

export const badPackage = (message: string) => new ApiError(400, 'BAD_PLUGIN_INFO', message);

const ALLOWED_TYPES = new Set<Headers['type']>(['file', 'contiguous-file', 'directory']);

/**
 * The files of the package, by their path inside `NAME-VSN/` (folders dropped). Throws 400 BAD_PLUGIN_INFO with a
 * plain sentence for anything that is not a safe archive within the limits.
 */
export async function readPackage(nameVsn: string, data: Buffer, limits = LIMITS): Promise<Map<string, Buffer>> {
  if (data.length > limits.archiveBytes) throw badPackage(`The plugin package is too large: ${data.length} bytes, the limit is ${limits.archiveBytes} bytes`);
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) throw badPackage('The plugin package is not a gzip-compressed tar archive (.tar.gz)');
  let tar: Buffer;
  try {
    tar = await gunzipAsync(data, { maxOutputLength: limits.unpackedBytes });
  } catch (err) {
    if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw badPackage(`The plugin package unpacks to more than ${limits.unpackedBytes} bytes`);
    }
    throw badPackage(`The plugin package is not a valid gzip file: ${(err as Error).message}`);
  }
  const top = `${nameVsn}/`;
  const files = new Map<string, Buffer>();
  const extract = tarExtract();
  let count = 0;
  let problem: ApiError | undefined;
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header: Headers, stream: NodeJS.ReadableStream, next: (err?: unknown) => void) => {
      const fail = (message: string) => {
        problem ??= badPackage(message);
        stream.resume();
        stream.on('end', () => next(problem));
      };
      count += 1;
      const name = header.name.replace(/^\.\//, '');
      const why = unsafeName(name);
      if (count > limits.entries) return fail(`The plugin package holds more than ${limits.entries} entries`);
      if (why) return fail(`The plugin package has an unsafe entry '${header.name}': ${why}`);
      if (!ALLOWED_TYPES.has(header.type)) {
        return fail(`The plugin package has an unsafe entry '${header.name}': a ${header.type ?? 'special'} entry, only files and folders are allowed`);
      }
      if (name !== nameVsn && name !== top && !name.startsWith(top)) return fail(`The plugin package has an entry '${header.name}' outside its folder ${top}`);
      if (header.type === 'directory') {
        stream.resume();
        stream.on('end', () => next());
        return;
      }
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on('end', () => {
        const inside = name.slice(top.length).replace(/\/+$/, '');
        if (!inside) return next(badPackage(`The plugin package has an entry '${header.name}' outside its folder ${top}`));
        if (files.has(inside)) return next(badPackage(`The plugin package holds '${name}' twice`));
        files.set(inside, Buffer.concat(parts));
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
    throw badPackage(`The plugin package is not a valid tar archive: ${(err as Error).message}`);
  }
  if (problem) throw problem;
  return files;
}
