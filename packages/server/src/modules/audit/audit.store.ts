// The audit log's table (migration 720): insert, trim to the configured size, and EMQX's filtered list.
import type { Db } from '../../storage/db';
import { countRows } from '../../storage/db';
import { readJson } from '../../storage/json-column';

export interface AuditEntry {
  created_at: number; // epoch µs
  node: string;
  from: 'dashboard' | 'rest_api' | 'cli' | 'erlang_console' | 'unknown';
  source: string;
  source_ip: string;
  operation_id: string;
  operation_type: string;
  operation_result: 'success' | 'failure';
  http_status_code: number;
  http_method: 'post' | 'put' | 'delete';
  duration_ms: number;
  failure: unknown;
  http_request: { method: string; bindings: Record<string, unknown>; headers: Record<string, unknown>; body: unknown; query?: Record<string, unknown> };
}

/** Exact-match filters (column = value) and ranges of the list, as EMQX's qs2ms builds them. */
export interface AuditFilter {
  equals: Partial<Record<'node' | 'from' | 'source' | 'source_ip' | 'operation_id' | 'operation_type' | 'operation_result' | 'http_method', string>> & {
    http_status_code?: number;
  };
  createdFrom?: number; // µs, inclusive
  createdTo?: number;
  durationFrom?: number;
  durationTo?: number;
}

/** a stored row: the entry with its two JSON columns as text */
type Row = Omit<AuditEntry, 'failure' | 'http_request'> & { failure: string; http_request: string };

export class AuditStore {
  private lastMicros = 0;
  constructor(private readonly db: Db) {}

  /** Appends one entry and drops the oldest beyond `max` rows. */
  insert(entry: Omit<AuditEntry, 'created_at'> & { created_at?: number }, max: number): void {
    // created_at is EMQX's key: keep it unique and increasing within this process
    const micros = Math.max(entry.created_at ?? Date.now() * 1000, this.lastMicros + 1);
    this.lastMicros = micros;
    this.db
      .prepare(
        `INSERT INTO audit_log (created_at, node, "from", source, source_ip, operation_id, operation_type, operation_result,
           http_status_code, http_method, duration_ms, failure, http_request) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      )
      .run(
        micros,
        entry.node,
        entry.from,
        entry.source,
        entry.source_ip,
        entry.operation_id,
        entry.operation_type,
        entry.operation_result,
        entry.http_status_code,
        entry.http_method,
        entry.duration_ms,
        JSON.stringify(entry.failure ?? []),
        JSON.stringify(entry.http_request),
      );
    this.trim(max);
  }

  trim(max: number): void {
    const count = this.count();
    if (count <= max) return;
    this.db.prepare('DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY created_at ASC, id ASC LIMIT ?)').run(count - max);
  }

  count(): number {
    return countRows(this.db, 'SELECT COUNT(*) AS n FROM audit_log');
  }

  /** One page, newest first, and the number of matching rows. */
  list(filter: AuditFilter, page: number, limit: number): { rows: AuditEntry[]; count: number } {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [key, value] of Object.entries(filter.equals)) {
      if (value === undefined) continue;
      where.push(`"${key}" = ?`);
      params.push(value);
    }
    const range = (column: string, from?: number, to?: number) => {
      if (from !== undefined) {
        where.push(`${column} >= ?`);
        params.push(from);
      }
      if (to !== undefined) {
        where.push(`${column} <= ?`);
        params.push(to);
      }
    };
    range('created_at', filter.createdFrom, filter.createdTo);
    range('duration_ms', filter.durationFrom, filter.durationTo);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const count = countRows(this.db, `SELECT COUNT(*) AS n FROM audit_log ${clause}`, ...params);
    const rows = this.db
      .prepare<unknown[], Row>(
        `SELECT created_at, node, "from", source, source_ip, operation_id, operation_type, operation_result, http_status_code,
           http_method, duration_ms, failure, http_request FROM audit_log ${clause} ORDER BY created_at DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, (page - 1) * limit);
    return { rows: rows.map((r) => ({ ...r, failure: readJson<unknown>(r.failure), http_request: readJson<AuditEntry['http_request']>(r.http_request) })), count };
  }
}
