// SQLite persistence of the three config roots (migration 800): connectors, actions, sources. Rows hold the raw
// config (secrets sealed by SecretBox); the service keeps the opened copies in memory and writes through here.
import type { Db } from '../../../storage/db';
import { readJson } from '../../../storage/json-column';
import type { SecretBox } from './secret-box';

export type Kind = 'connectors' | 'actions' | 'sources';

export interface StoredResource {
  type: string;
  name: string;
  /** the raw config without type and name (secrets in clear: opened on read) */
  config: Record<string, unknown>;
  createdAt: number;
  lastModifiedAt: number;
}

interface Row {
  type: string;
  name: string;
  config: string;
  created_at: number;
  last_modified_at: number;
}

export class ResourceStore {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  /** every row of a root, oldest first (EMQX lists in config order, which is creation order) */
  all(kind: Kind): StoredResource[] {
    return this.db
      .prepare<[], Row>(`SELECT * FROM ${kind} ORDER BY created_at, type, name`)
      .all()
      .map((r) => ({
        type: r.type,
        name: r.name,
        config: this.box.openTree(readJson<Record<string, unknown>>(r.config)) as Record<string, unknown>,
        createdAt: r.created_at,
        lastModifiedAt: r.last_modified_at,
      }));
  }

  put(kind: Kind, r: StoredResource): void {
    this.db
      .prepare(
        `INSERT INTO ${kind} (type, name, config, created_at, last_modified_at) VALUES (@type, @name, @config, @created_at, @last_modified_at)
         ON CONFLICT(type, name) DO UPDATE SET config = excluded.config, created_at = excluded.created_at, last_modified_at = excluded.last_modified_at`,
      )
      .run({ type: r.type, name: r.name, config: JSON.stringify(this.box.sealTree(r.config)), created_at: r.createdAt, last_modified_at: r.lastModifiedAt });
  }

  delete(kind: Kind, type: string, name: string): boolean {
    return this.db.prepare(`DELETE FROM ${kind} WHERE type = ? AND name = ?`).run(type, name).changes > 0;
  }
}
