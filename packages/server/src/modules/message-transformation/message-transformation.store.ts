// The transformations in their order (migration 822_message_transformations.sql).
import type { Db } from '../../storage/db';
import type { Transformation } from './transformation';

export class MessageTransformationStore {
  constructor(private readonly db: Db) {}

  all(): Transformation[] {
    return this.db
      .prepare<[], { body: string }>('SELECT body FROM message_transformations ORDER BY position')
      .all()
      .map((r) => JSON.parse(r.body) as Transformation);
  }

  /** replaces the whole ordered list in one transaction */
  saveAll(list: Transformation[]): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM message_transformations').run();
      const insert = this.db.prepare('INSERT INTO message_transformations (name, position, body) VALUES (?, ?, ?)');
      list.forEach((t, i) => insert.run(t.name, i, JSON.stringify(t)));
    })();
  }
}
