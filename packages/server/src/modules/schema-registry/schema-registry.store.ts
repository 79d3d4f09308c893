// The registered schemas (migration 820_schema_registry.sql), one row each.
import type { Db } from '../../storage/db';
import type { SerdeType } from './serde';

export interface StoredSchema {
  name: string;
  type: SerdeType;
  source: string;
  description: string;
}

interface Row extends StoredSchema {
  created_at: number;
}

const fromRow = ({ name, type, source, description }: Row): StoredSchema => ({ name, type, source, description });

export class SchemaRegistryStore {
  constructor(private readonly db: Db) {}

  all(): StoredSchema[] {
    return this.db.prepare<[], Row>('SELECT * FROM schema_registry_schemas ORDER BY name').all().map(fromRow);
  }

  get(name: string): StoredSchema | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM schema_registry_schemas WHERE name = ?').get(name);
    return row && fromRow(row);
  }

  /** inserts or replaces; a replaced schema keeps its creation time */
  put(s: StoredSchema): void {
    this.db
      .prepare(
        `INSERT INTO schema_registry_schemas (name, type, source, description, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET type = excluded.type, source = excluded.source, description = excluded.description`,
      )
      .run(s.name, s.type, s.source, s.description, Date.now());
  }

  delete(name: string): boolean {
    return this.db.prepare('DELETE FROM schema_registry_schemas WHERE name = ?').run(name).changes > 0;
  }
}
