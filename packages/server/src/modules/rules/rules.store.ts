// SQLite storage of rules (migration 600): what the API created, kept across restarts. The rule's SQL is
// stored as text and compiled again on load; `from` is derived from it, so it is not stored.
import type { Db } from '../../storage/db';
import { readJson, writeJson } from '../../storage/json-column';

/** A republish/console/other function action as stored: EMQX's `{function, args}`. */
export interface FunctionAction {
  function: string;
  args?: Record<string, unknown>;
}
/** `"<type>:<name>"` (a data-integration action) or a function action. */
export type RuleAction = string | FunctionAction;

export interface StoredRule {
  id: string;
  name: string;
  sql: string;
  actions: RuleAction[];
  enable: boolean;
  description: string;
  createdAt: number;
  lastModifiedAt: number;
}

interface Row {
  id: string;
  name: string;
  sql: string;
  actions: string;
  enable: number;
  description: string;
  created_at: number;
  last_modified_at: number;
}

const toRule = (r: Row): StoredRule => ({
  id: r.id,
  name: r.name,
  sql: r.sql,
  actions: readJson<RuleAction[]>(r.actions),
  enable: r.enable === 1,
  description: r.description,
  createdAt: r.created_at,
  lastModifiedAt: r.last_modified_at,
});

export class RulesStore {
  constructor(private readonly db: Db) {}

  /** every rule, oldest first (EMQX lists rules in creation order) */
  all(): StoredRule[] {
    return this.db.prepare<[], Row>('SELECT * FROM rules ORDER BY created_at, id').all().map(toRule);
  }

  put(rule: StoredRule): void {
    this.db
      .prepare(
        `INSERT INTO rules (id, name, sql, actions, enable, description, created_at, last_modified_at)
         VALUES (@id, @name, @sql, @actions, @enable, @description, @created_at, @last_modified_at)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, sql = excluded.sql, actions = excluded.actions, enable = excluded.enable,
           description = excluded.description, created_at = excluded.created_at, last_modified_at = excluded.last_modified_at`,
      )
      .run({
        id: rule.id,
        name: rule.name,
        sql: rule.sql,
        actions: writeJson(rule.actions),
        enable: rule.enable ? 1 : 0,
        description: rule.description,
        created_at: rule.createdAt,
        last_modified_at: rule.lastModifiedAt,
      });
  }

  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM rules WHERE id = ?').run(id).changes > 0;
  }
}
