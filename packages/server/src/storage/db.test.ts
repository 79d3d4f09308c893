import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './db';

const dir = mkdtempSync(join(tmpdir(), 'mqdeck-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('storage', () => {
  it('opens <dataDir>/mqdeck.db in WAL mode with the foundation tables', () => {
    const db = openDatabase(join(dir, 'data'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['schema_migrations', 'dashboard_users', 'dashboard_tokens', 'api_keys']));
    db.close();
  });

  it('applies migrations in numeric order, once', () => {
    const db = openDatabase(join(dir, 'data2'));
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(join(migrations, '901_b.sql'), 'INSERT INTO t VALUES (901);');
    writeFileSync(join(migrations, '900_a.sql'), 'CREATE TABLE t (v INTEGER);');
    writeFileSync(join(migrations, 'notes.txt'), 'ignored');
    expect(migrate(db, migrations)).toEqual(['900_a.sql', '901_b.sql']);
    expect(migrate(db, migrations)).toEqual([]);
    expect(db.prepare('SELECT v FROM t').all()).toEqual([{ v: 901 }]);
    db.close();
  });
});
