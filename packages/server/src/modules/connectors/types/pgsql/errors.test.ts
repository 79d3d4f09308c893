// Which PostgreSQL failures the layer retries (EMQX's recoverable_error) and which it counts failed, and the words the
// operator reads, on pg's own error shapes.
import { describe, expect, test } from 'vitest';
import { isPgsqlRecoverable, pgsqlOutcome, pgsqlReason } from './errors';

const err = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message ?? '')), fields);

describe('pgsql (emqx_postgresql on_sql_query, handle_result)', () => {
  test('no connection (refused, terminated, pool timeout) and connection SQLSTATEs are recoverable', () => {
    expect(isPgsqlRecoverable(err({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isPgsqlRecoverable(err({ message: 'Connection terminated unexpectedly' }))).toBe(true);
    expect(isPgsqlRecoverable(err({ message: 'timeout exceeded when trying to connect' }))).toBe(true);
    expect(isPgsqlRecoverable(err({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(true);
    expect(isPgsqlRecoverable(err({ code: '08006', message: 'connection failure' }))).toBe(true);
    expect(pgsqlReason(err({ message: 'Connection terminated unexpectedly' }))).toBe('The connection to the PostgreSQL server was lost');
  });

  test('what the server answers to the statement, and anything else, is unrecoverable', () => {
    expect(pgsqlOutcome(err({ code: '42P01', message: 'relation "x" does not exist' }))).toEqual({ ok: false, recoverable: false, reason: 'relation "x" does not exist' });
    expect(isPgsqlRecoverable(err({ code: '22P02', message: 'invalid input syntax for type integer: "a"' }))).toBe(false);
    expect(isPgsqlRecoverable(err({ message: 'Prepared statements must be unique' }))).toBe(false);
  });
});
