// What a request's result means, as EMQX 5.8's emqx_bridge_http_connector:transform_result decides it, and the
// plain words the operator reads (emqx_utils:readable_error_msg: "Connection refused", "Could not resolve host",
// "timeout").
//   2xx                                   → success
//   429, 503                              → recoverable (kept in the buffer, retried)
//   any other status (4xx, 500, 502, 504) → unrecoverable (counted failed)
//   connection refused, timeout, the connection closed or lost (EMQX: econnrefused, timeout, normal, closed)
//                                         → recoverable
//   anything else (host not found, unreachable network, TLS refused, a header the client refuses)
//                                         → unrecoverable, as EMQX's `{error, Reason}` for other reasons
// A reset or broken pipe is how Node reports the connection EMQX's gun sees as `closed`: recoverable here too.
import { STATUS_CODES } from 'node:http';
import type { SendOutcome } from '../../resource/types';

const RECOVERABLE_STATUS = new Set([429, 503]);

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ENOTFOUND: 'Could not resolve host',
  EAI_AGAIN: 'Could not resolve host',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ECONNRESET: 'Connection reset by the server',
  EPIPE: 'Connection closed by the server',
  UND_ERR_SOCKET: 'Connection closed by the server',
  UND_ERR_CLOSED: 'Connection closed',
  UND_ERR_DESTROYED: 'Connection closed',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
};

const RECOVERABLE_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);

/** undici wraps the socket's error as `cause`; a TLS failure has an ERR_TLS_… / ERR_SSL_… code or a cert reason */
function rootCode(err: unknown): { code: string | undefined; message: string } {
  let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  for (let i = 0; i < 3 && e; i++) {
    if (e.code && e.code !== 'UND_ERR_SOCKET' && e.code !== 'UND_ERR') return { code: e.code, message: e.message ?? '' };
    if (!e.cause) break;
    e = e.cause;
  }
  const top = err as { code?: string; message?: string } | undefined;
  return { code: top?.code, message: top?.message ?? String(err) };
}

const isTls = (code: string | undefined, message: string) =>
  (code !== undefined && /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code)) || /certificate|handshake|ssl|tls/i.test(message);

/** the operator's words for a connection or request error */
export function errorReason(err: unknown): string {
  const { code, message } = rootCode(err);
  if (code && REASONS[code]) return REASONS[code];
  if (code === 'UND_ERR_INVALID_ARG') return `The request cannot be sent: ${message}`;
  if (isTls(code, message)) return `TLS handshake failed: ${message}`;
  return message || 'the request failed';
}

/** whether EMQX would keep the message for another try after this error */
export function isRecoverableError(err: unknown): boolean {
  const { code } = rootCode(err);
  return code !== undefined && RECOVERABLE_CODES.has(code);
}

/** what a status code means; `body` is the start of the answer, shown in the reason (EMQX logs it too) */
export function statusOutcome(status: number, body: string): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const said = body.trim() ? `: ${body.trim().slice(0, 200)}` : '';
  const reason = `The HTTP server answered ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd() + said;
  return RECOVERABLE_STATUS.has(status) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
}

export function errorOutcome(err: unknown): SendOutcome {
  const reason = errorReason(err);
  return isRecoverableError(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
}
