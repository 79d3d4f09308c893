// Which MySQL failures the layer retries (EMQX's recoverable_error) and which it counts failed, and the
// words the operator reads, on the drivers' own error shapes.
import { describe, expect, test } from 'vitest';
import { isMysqlRecoverable, mysqlOutcome, mysqlReason } from './errors';

const err = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message ?? '')), fields);

describe('mysql (emqx_mysql do_sql_query)', () => {
  test('a connection that is gone, or a server shutting down (1053), is recoverable', () => {
    expect(isMysqlRecoverable(err({ code: 'ECONNREFUSED', fatal: true, message: 'connect ECONNREFUSED 127.0.0.1:1' }))).toBe(true);
    expect(isMysqlRecoverable(err({ code: 'PROTOCOL_CONNECTION_LOST', fatal: true }))).toBe(true);
    expect(isMysqlRecoverable(err({ errno: 1053, message: 'Server shutdown in progress' }))).toBe(true);
    expect(isMysqlRecoverable(err({ message: "Can't add new command when connection is in closed state" }))).toBe(true);
    expect(mysqlReason(err({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }))).toBe('Connection refused');
  });

  test('what the server answers to the statement is unrecoverable, in its own words', () => {
    const missing = err({ code: 'ER_NO_SUCH_TABLE', errno: 1146, message: "Table 'test.x' doesn't exist" });
    expect(mysqlOutcome(missing)).toEqual({ ok: false, recoverable: false, reason: "Table 'test.x' doesn't exist" });
    expect(isMysqlRecoverable(err({ code: 'ER_PARSE_ERROR', errno: 1064, message: 'You have an error in your SQL syntax' }))).toBe(false);
    expect(isMysqlRecoverable(err({ code: 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD', errno: 1366 }))).toBe(false);
  });
});
