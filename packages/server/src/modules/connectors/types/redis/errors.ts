// What the operator reads when Redis fails, and which failures the resource layer retries, as EMQX 5.8's emqx_redis
// and the buffer worker decide it: no connection (the client is reconnecting, the stream is closed) is recoverable —
// the message stays in the buffer; an error the server answers (a wrong type, an unknown command, a bad argument)
// is unrecoverable — counted failed (EMQX treats every `{error, _}` that is not recoverable_error so).
import type { SendOutcome } from '../../resource/types';

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

interface DriverError {
  name?: string;
  code?: string;
  message?: string;
  lastNodeError?: unknown;
}

/** the server's own sentence for a reply error, else plain words for the connection problem */
export function redisReason(err: unknown): string {
  const e = (err ?? {}) as DriverError;
  if (e.code && NETWORK[e.code]) return NETWORK[e.code];
  if (e.lastNodeError) return redisReason(e.lastNodeError);
  const m = e.message ?? String(err);
  if (/isn't writeable|Connection is closed|enableOfflineQueue/.test(m)) return 'Not connected to the Redis server';
  return m;
}

/** a reply of the server (ioredis ReplyError): the command itself was refused */
export const isReplyError = (err: unknown): boolean => (err as DriverError | undefined)?.name === 'ReplyError';

export function redisOutcome(err: unknown): SendOutcome {
  const reason = redisReason(err);
  return isReplyError(err) ? { ok: false, recoverable: false, reason } : { ok: false, recoverable: true, reason };
}
