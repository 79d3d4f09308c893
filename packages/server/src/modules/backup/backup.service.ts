// Backup and restore (EMQX emqx_mgmt_data_backup): export the node's configuration and data tables to
// `emqx-export-<local time>.tar.gz` in <dataDir>/backup, check uploaded files, and import a file: the whole archive
// is read and checked first (safe names, limits, META.hocon, cluster.hocon, every table file), and only then is
// anything written, inserting or updating, never deleting. The answer counts, per part, what was new (success),
// changed (override), already the same (skipped) and refused (failed).
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { EMQX_VERSION } from '../status/version';
import { HoconError, parseHocon } from '../configs/hocon-parse';
import { toHocon } from '../configs/hocon';
import { badArchive, packArchive, readArchive } from './archive';
import { BackupFiles, exportBaseName, type BackupFileInfo, TAR_SUFFIX } from './backup.store';
import { applyConfig, dataDirOf, emptyCounts, exportConfig, knownRoots, planConfig, type ConfigPlan, type Counts } from './cluster-config';
import { TABLES, TABLE_SETS, type Table } from './tables';
import { fromJsonValue, toJsonValue } from './json-value';

export const META_FILENAME = 'META.hocon';
export const CLUSTER_HOCON_FILENAME = 'cluster.hocon';
const EDITION = 'ee';

export interface ExportOptions {
  table_sets?: string[];
  root_keys?: string[];
}

export interface ImportResult {
  /** counts per part: the config parts (settings, authentication, authorization, rules) and each table by its file name */
  result: ({ name: string } & Counts)[];
  /** the reason of each failed item, as a plain sentence */
  errors: string[];
}

interface Checked {
  config?: ConfigPlan;
  tables: { table: Table<unknown>; rows: ({ row: unknown } | { error: string })[] }[];
  /** tables in a format this node does not read (a real EMQX backup's Mnesia files), left out with a reason */
  unread: string[];
}

/** the first byte of Erlang's external term format, what EMQX writes its Mnesia table backups in */
const ERLANG_TERM = 0x83;

const unique = (list: string[]) => [...new Set(list)].sort();

/** `5.8.9` → [5, 8]; undefined when the text is not a version */
function majorMinor(version: string): [number, number] | undefined {
  const m = /^(\d+)\.(\d+)(\.\d+)?/.exec(version);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

export class BackupService {
  readonly files: BackupFiles;

  constructor(private readonly app: FastifyInstance) {
    this.files = new BackupFiles(dataDirOf(app), app.nodeName);
  }

  /** 400s with EMQX's texts for unknown table sets and root keys */
  parseExportOptions(body: Record<string, unknown>): ExportOptions {
    const list = (key: string): string[] | undefined => {
      const v = body[key];
      if (v === undefined) return undefined;
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new ApiError(400, 'BAD_REQUEST', `${key}: expected a list of names`);
      return unique(v as string[]);
    };
    const rootKeys = list('root_keys');
    const unknownRoots = (rootKeys ?? []).filter((k) => !knownRoots(this.app).includes(k));
    if (unknownRoots.length) throw new ApiError(400, 'BAD_REQUEST', `Invalid root keys: ${unknownRoots.join(', ')}`);
    const tableSets = list('table_sets');
    const unknownSets = (tableSets ?? []).filter((s) => !TABLE_SETS.includes(s));
    if (unknownSets.length) throw new ApiError(400, 'BAD_REQUEST', `Invalid table sets: ${unknownSets.join(', ')}`);
    return { root_keys: rootKeys, table_sets: tableSets };
  }

  async export(opts: ExportOptions = {}): Promise<BackupFileInfo> {
    let ms = Date.now();
    while (this.files.exists(`${exportBaseName(ms)}${TAR_SUFFIX}`)) ms += 1; // two exports in one millisecond
    const base = exportBaseName(ms);
    const files: [string, string][] = [
      [`${base}/${META_FILENAME}`, toHocon({ edition: EDITION, version: EMQX_VERSION })],
      [`${base}/${CLUSTER_HOCON_FILENAME}`, toHocon(exportConfig(this.app, opts.root_keys))],
    ];
    for (const table of TABLES) {
      if (opts.table_sets && !opts.table_sets.includes(table.set)) continue;
      files.push([`${base}/mnesia/${table.name}`, JSON.stringify(toJsonValue(table.rows(this.app)), null, 1)]);
    }
    const name = `${base}${TAR_SUFFIX}`;
    this.files.write(name, await packArchive(files, new Date(ms)));
    return this.files.info(name);
  }

  /** EMQX's upload: refused when the name is taken or the archive does not check; a refused file is not kept */
  async upload(name: string, data: Buffer): Promise<void> {
    if (this.files.exists(name)) throw new ApiError(400, 'BAD_REQUEST', `Backup file "${name}" already exists`);
    await this.check(data);
    this.files.write(name, data);
  }

  async import(name: string): Promise<ImportResult> {
    const checked = await this.check(this.files.read(name));
    const errors: string[] = [...checked.unread];
    const result: ImportResult['result'] = [];
    if (checked.config) {
      const counts = await applyConfig(this.app, checked.config, errors);
      for (const [part, c] of Object.entries(counts)) if (c.total > 0) result.push({ name: part, ...c });
    }
    for (const { table, rows } of checked.tables) {
      const counts = emptyCounts();
      for (const r of rows) {
        counts.total += 1;
        if ('error' in r) {
          counts.failed += 1;
          errors.push(`${table.name}: ${r.error}`);
          continue;
        }
        try {
          counts[table.put(this.app, r.row)] += 1;
        } catch (err) {
          counts.failed += 1;
          errors.push(`${table.name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      table.after?.(this.app);
      result.push({ name: table.name, ...counts });
    }
    this.app.log.info({ file: name, result, errors }, 'emqx_data_import_success');
    return { result, errors };
  }

  /** Reads and checks a whole backup file; 400 with a plain sentence when it is not one this node can import. */
  private async check(data: Buffer): Promise<Checked> {
    const entries = await readArchive(data);
    const tops = new Set([...entries.keys()].map((n) => n.split('/')[0]));
    if (tops.size !== 1) throw badArchive('invalid backup archive content: all files in the archive must be under <backup name> directory');
    const [top] = tops;
    const at = (file: string) => entries.get(`${top}/${file}`);

    const meta = at(META_FILENAME);
    if (!meta) throw badArchive(`invalid backup archive file: missing ${META_FILENAME}`);
    const metaDoc = this.parseHoconFile(META_FILENAME, meta);
    if (metaDoc.edition !== 'ce' && metaDoc.edition !== 'ee') throw badArchive(`invalid backup archive content: wrong EMQX edition value in ${META_FILENAME}`);
    const version = typeof metaDoc.version === 'string' ? majorMinor(metaDoc.version) : undefined;
    if (!version) throw badArchive(`invalid backup archive content: wrong EMQX version value in ${META_FILENAME}`);
    const ours = majorMinor(EMQX_VERSION)!;
    if (version[0] > ours[0] || (version[0] === ours[0] && version[1] > ours[1])) {
      throw badArchive(`Backup version ${String(metaDoc.version)} is newer than EMQX version ${EMQX_VERSION}, import is not allowed.`);
    }

    const checked: Checked = { tables: [], unread: [] };
    const hocon = at(CLUSTER_HOCON_FILENAME);
    if (hocon) checked.config = planConfig(this.app, this.parseHoconFile(CLUSTER_HOCON_FILENAME, hocon));

    for (const table of TABLES) {
      const file = at(`mnesia/${table.name}`);
      if (!file) continue;
      if (file[0] === ERLANG_TERM) {
        checked.unread.push(`mnesia/${table.name} is in EMQX's own (Erlang) format, which this node does not read: the table was left out`);
        continue;
      }
      let rows: unknown;
      try {
        rows = fromJsonValue(JSON.parse(file.toString('utf8')));
      } catch (err) {
        throw badArchive(`mnesia/${table.name}: not valid JSON (${(err as Error).message})`);
      }
      if (!Array.isArray(rows)) throw badArchive(`mnesia/${table.name}: expected a JSON list of rows`);
      checked.tables.push({
        table,
        rows: rows.map((row, i) => {
          if (row === null || typeof row !== 'object' || Array.isArray(row)) throw badArchive(`mnesia/${table.name}: row ${i + 1} is not an object`);
          try {
            return { row: table.parse(row as Record<string, unknown>) };
          } catch (err) {
            return { error: `row ${i + 1}: ${(err as Error).message}` };
          }
        }),
      });
    }
    return checked;
  }

  private parseHoconFile(name: string, data: Buffer): Record<string, unknown> {
    try {
      return parseHocon(data.toString('utf8'));
    } catch (err) {
      if (err instanceof HoconError) throw badArchive(`${name}: invalid HOCON (${err.message})`);
      throw err;
    }
  }
}
