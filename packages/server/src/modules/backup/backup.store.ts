// The backup files of this node: <dataDir>/backup/*.tar.gz, as EMQX keeps them under data/backup. Names come
// from the API, so every one is checked to be a bare `<name>.tar.gz` before a path is built from it.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ApiError } from '../../errors';
import { rfc3339 } from '../../shared/time';

export const TAR_SUFFIX = '.tar.gz';

export interface BackupFileInfo {
  node: string;
  filename: string;
  size: number;
  created_at: string;
  created_at_sec: number;
}

/** EMQX's texts (emqx_mgmt_data_backup:format_error) */
export const notFound = () => new ApiError(404, 'NOT_FOUND', 'backup file not found');
const badName = () => new ApiError(400, 'BAD_REQUEST', `invalid backup name: file name must have ${TAR_SUFFIX} extension`);
const unsafeName = () => new ApiError(400, 'BAD_REQUEST', 'unsafe backup name');

/** The file name checked: `<name>.tar.gz`, no folder, no `..`, only characters a file name needs. */
export function checkName(name: string): string {
  if (!name.endsWith(TAR_SUFFIX) || name.length === TAR_SUFFIX.length) throw badName();
  if (name !== basename(name) || name.includes('..') || !/^[\w .@+()-]+$/.test(name)) throw unsafeName();
  return name;
}

/** `emqx-export-2024-01-02-03-04-05.678`: the local time of `ms`, as EMQX names an export. */
export function exportBaseName(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `emqx-export-${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}-${p(d.getMinutes())}-${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

export class BackupFiles {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly nodeName: string,
  ) {
    this.dir = join(dataDir, 'backup');
  }

  private path(name: string): string {
    return join(this.dir, checkName(name));
  }

  exists(name: string): boolean {
    return existsSync(this.path(name));
  }

  info(name: string): BackupFileInfo {
    const st = statSync(this.path(name));
    const ms = Math.min(st.birthtimeMs || st.mtimeMs, st.mtimeMs);
    return { node: this.nodeName, filename: name, size: st.size, created_at: rfc3339(ms, 's'), created_at_sec: Math.floor(ms / 1000) };
  }

  /** every backup file, by name (EMQX lists its folder's wildcard, sorted; export names sort by time) */
  list(): BackupFileInfo[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith(TAR_SUFFIX) && !f.startsWith('.'))
      .sort()
      .flatMap((f) => {
        try {
          return [this.info(f)];
        } catch {
          return []; // removed meanwhile
        }
      });
  }

  read(name: string): Buffer {
    const path = this.path(name);
    if (!existsSync(path)) throw notFound();
    return readFileSync(path);
  }

  /** writes a whole file at once (a temporary name first), so a listed file is always complete */
  write(name: string, data: Buffer): void {
    const path = this.path(name);
    mkdirSync(this.dir, { recursive: true });
    const tmp = join(this.dir, `.${name}.tmp`);
    writeFileSync(tmp, data, { mode: 0o600 });
    renameSync(tmp, path);
  }

  delete(name: string): void {
    const path = this.path(name);
    if (!existsSync(path)) throw notFound();
    unlinkSync(path);
  }
}
