// What the operator reads when MySQL refuses or fails, and which failures the resource layer retries, as EMQX 5.8's
// emqx_mysql decides it (do_sql_query): a connection that is gone (the worker is disconnected, the server is
// shutting down: error 1053) is recoverable — the message stays in the buffer and is sent again; any error the
// server answers to the statement (syntax, a missing table, a bad value…) is unrecoverable — counted failed.
import type { SendOutcome } from '../../resource/types';

interface DriverError {
  code?: string;
  errno?: number;
  fatal?: boolean;
  message?: string;
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the server',
  EPIPE: 'Connection closed by the server',
  ETIMEDOUT: 'Connection timed out',
  ENOTFOUND: 'Could not resolve host',
  EAI_AGAIN: 'Could not resolve host',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
  PROTOCOL_CONNECTION_LOST: 'The connection to the MySQL server was lost',
  PROTOCOL_SEQUENCE_TIMEOUT: 'The MySQL server did not answer in time',
};

/** ER_SERVER_SHUTDOWN: EMQX retries it */
const SERVER_SHUTDOWN = 1053;

/** the operator's words for a connection or statement error: the server's own sentence when it gave one */
export function mysqlReason(err: unknown): string {
  const e = (err ?? {}) as DriverError;
  if (e.code && NETWORK[e.code]) return NETWORK[e.code];
  if (e.message === 'Pool is closed.' || /closed state/.test(e.message ?? '')) return 'The connection to the MySQL server is closed';
  return e.message || String(err);
}

/** whether the connection, not the statement, failed (EMQX's recoverable_error) */
export function isMysqlRecoverable(err: unknown): boolean {
  const e = (err ?? {}) as DriverError;
  if (e.errno === SERVER_SHUTDOWN) return true;
  if (e.fatal === true) return true;
  if (e.code && NETWORK[e.code]) return true;
  return e.message === 'Pool is closed.' || /closed state/.test(e.message ?? '');
}

export function mysqlOutcome(err: unknown): SendOutcome {
  const reason = mysqlReason(err);
  return isMysqlRecoverable(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
}

/** MySQL's ER_NO_SUCH_TABLE: EMQX's undefined_table */
export const isMissingTable = (err: unknown): boolean => (err as DriverError | undefined)?.errno === 1146;
