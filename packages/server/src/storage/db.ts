// One SQLite file per node (<dataDir>/mqdeck.db) with versioned migrations.
// Migrations are `migrations/NNN_<name>.sql`, applied in numeric order once each and recorded in
// `schema_migrations`; 001–099 belong to the foundation, 100+ to feature modules (monitor ...).
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Db = Database.Database;

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'mqdeck.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/** `sql` is a `SELECT COUNT(*) AS n ...`; an aggregate without GROUP BY always yields one row */
export function countRows(db: Db, sql: string, ...params: unknown[]): number {
  return db.prepare<unknown[], { n: number }>(sql).get(...params)?.n ?? 0;
}

export function migrate(db: Db, dir = MIGRATIONS_DIR): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((r) => r.version),
  );
  const files = readdirSync(dir)
    .map((file) => /^(\d{3})_([\w-]+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  const done: string[] = [];
  for (const [file, version, name] of files) {
    if (applied.has(Number(version))) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(Number(version), name, Date.now());
    })();
    done.push(file);
  }
  return done;
}
