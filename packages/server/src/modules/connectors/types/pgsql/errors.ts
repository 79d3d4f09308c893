// What the operator reads when PostgreSQL refuses or fails, and which failures the resource layer retries, as EMQX
// 5.8's emqx_postgresql decides it (on_sql_query, handle_result): a connection that is gone or not there (the pool
// is empty, the worker disconnected) is recoverable — the message stays in the buffer and is sent again; an error
// the server answers to the statement (a missing table, a syntax error, a bad value…) is unrecoverable.
import type { SendOutcome } from '../../resource/types';

interface DriverError {
  code?: string;
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
};

/** a SQLSTATE: the server answered */
const isSqlState = (code: string | undefined): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** connection exceptions (08…) and an operator or crash shutdown (57P01-57P03): the connection, not the statement */
const CONNECTION_STATES = /^(08|57P0[1-3])/;

/** pg's own sentences for a connection it lost or could not make */
const LOST = /^Connection terminated|timeout exceeded when trying to connect|not queryable|after calling end on the pool/;

/** the operator's words: the server's own sentence when it gave one (`database "x" does not exist` …) */
export function pgsqlReason(err: unknown): string {
  const e = (err ?? {}) as DriverError;
  if (e.code && NETWORK[e.code]) return NETWORK[e.code];
  const m = e.message ?? '';
  if (/^Connection terminated/.test(m)) return 'The connection to the PostgreSQL server was lost';
  if (/timeout exceeded when trying to connect/.test(m)) return 'Connection timed out';
  return m || String(err);
}

export function isPgsqlRecoverable(err: unknown): boolean {
  const e = (err ?? {}) as DriverError;
  if (isSqlState(e.code)) return CONNECTION_STATES.test(e.code);
  // no SQLSTATE: the socket failed, the pool could not connect, the client is not queryable any more
  if (e.code && NETWORK[e.code]) return true;
  return LOST.test(e.message ?? '');
}

export function pgsqlOutcome(err: unknown): SendOutcome {
  const reason = pgsqlReason(err);
  return isPgsqlRecoverable(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
}

/** 42P01 undefined_table */
export const isUndefinedTable = (err: unknown): boolean => (err as DriverError | undefined)?.code === '42P01';
