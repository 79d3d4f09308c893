// The trace definitions (name, subject, window, encodings) in SQLite, so they outlive a restart as EMQX's do.
import type { Db } from '../../storage/db';
import { countRows } from '../../storage/db';

export type TraceType = 'clientid' | 'topic' | 'ip_address' | 'ruleid';
export type PayloadEncode = 'text' | 'hex' | 'hidden';
export type TraceFormatter = 'text' | 'json';

export interface Trace {
  name: string;
  type: TraceType;
  filter: string;
  enable: boolean;
  payloadEncode: PayloadEncode;
  formatter: TraceFormatter;
  /** epoch seconds */
  startAt: number;
  endAt: number;
}

interface Row {
  name: string;
  type: TraceType;
  filter: string;
  enable: number;
  payload_encode: PayloadEncode;
  formatter: TraceFormatter;
  start_at: number;
  end_at: number;
}

const fromRow = (r: Row): Trace => ({
  name: r.name,
  type: r.type,
  filter: r.filter,
  enable: r.enable === 1,
  payloadEncode: r.payload_encode,
  formatter: r.formatter,
  startAt: r.start_at,
  endAt: r.end_at,
});

export class TraceStore {
  constructor(private readonly db: Db) {}

  all(): Trace[] {
    return this.db.prepare<[], Row>('SELECT * FROM traces').all().map(fromRow);
  }

  get(name: string): Trace | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM traces WHERE name = ?').get(name);
    return row && fromRow(row);
  }

  count(): number {
    return countRows(this.db, 'SELECT COUNT(*) AS n FROM traces');
  }

  insert(t: Trace): void {
    this.db
      .prepare('INSERT INTO traces (name, type, filter, enable, payload_encode, formatter, start_at, end_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(t.name, t.type, t.filter, t.enable ? 1 : 0, t.payloadEncode, t.formatter, t.startAt, t.endAt);
  }

  disable(name: string): boolean {
    return this.db.prepare('UPDATE traces SET enable = 0 WHERE name = ?').run(name).changes > 0;
  }

  delete(name: string): boolean {
    return this.db.prepare('DELETE FROM traces WHERE name = ?').run(name).changes > 0;
  }

  clear(): void {
    this.db.prepare('DELETE FROM traces').run();
  }
}
