// The validations in their order (migration 821_schema_validations.sql).
import type { Db } from '../../storage/db';
import type { Validation } from './checks';

export class SchemaValidationStore {
  constructor(private readonly db: Db) {}

  all(): Validation[] {
    return this.db
      .prepare<[], { body: string }>('SELECT body FROM schema_validations ORDER BY position')
      .all()
      .map((r) => JSON.parse(r.body) as Validation);
  }

  /** replaces the whole ordered list in one transaction */
  saveAll(list: Validation[]): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM schema_validations').run();
      const insert = this.db.prepare('INSERT INTO schema_validations (name, position, body) VALUES (?, ?, ?)');
      list.forEach((v, i) => insert.run(v.name, i, JSON.stringify(v)));
    })();
  }
}
