import { i18n } from '../i18n/i18n';

/** A non-2xx answer of /api/v5, carrying EMQX's `{code, message}`. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** Set when the shell already handled it (session expiry): no second toast. */
  handled = false;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
  }
}

/** fetch itself failed (no answer): shown as 'Network Error'. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network Error', { cause });
    this.name = 'NetworkError';
  }
}

export function isAbortError(e: unknown): boolean {
  return e instanceof DOMException ? e.name === 'AbortError' : e instanceof Error && e.name === 'AbortError';
}

/** `code: message` for API errors, 'Network Error' for network failures, the message otherwise. */
export function formatError(e: unknown): string {
  if (e instanceof ApiRequestError) return e.code ? `${e.code}: ${e.message}` : e.message || String(e.status);
  if (e instanceof NetworkError) return i18n.t('common:networkError');
  if (e instanceof Error && e.message) return e.message;
  return i18n.t('common:operationFailed');
}

/** Builds the error from the parsed body; EMQX sometimes puts an object in `message`. */
export function toApiError(status: number, body: unknown, statusText = ''): ApiRequestError {
  if (body && typeof body === 'object' && 'code' in body) {
    const b = body as { code?: unknown; message?: unknown };
    const msg = typeof b.message === 'string' ? b.message : b.message === undefined ? '' : JSON.stringify(b.message);
    return new ApiRequestError(status, String(b.code), msg);
  }
  const text = typeof body === 'string' && body ? body : statusText || `HTTP ${status}`;
  return new ApiRequestError(status, '', text);
}
