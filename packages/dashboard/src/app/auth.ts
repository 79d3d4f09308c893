// Login state transitions shared by the login page, the header, the route guard and the API middleware.
import type { QueryClient } from '@tanstack/react-query';
import { api, abortAllRequests } from '../api/client';
import { i18n } from '../i18n/i18n';
import { clearSession, getSession } from './session';
import { currentPath, navigateTo, toast } from './bridge';

let queryClient: QueryClient | undefined;
let expiryShown = false;

export function registerQueryClient(qc: QueryClient): void {
  queryClient = qc;
}

/** '/login?to=<path>' for the given (or current) path; no `to` when it is the login page itself or the root. */
export function loginPath(from = currentPath()): string {
  if (!from || from === '/' || from.startsWith('/login')) return '/login';
  return `/login?to=${encodeURIComponent(from)}`;
}

/** Reset the session-expired toast once the user logged in again. */
export function markLoggedIn(): void {
  expiryShown = false;
}

/**
 * Clears user info, edition, pending requests and cached data, then goes to login with `to`.
 * `callApi` also tells the server (`POST /logout {username}`); its failure is ignored.
 */
export async function logout(opts: { callApi?: boolean; from?: string } = {}): Promise<void> {
  const session = getSession();
  const from = opts.from ?? currentPath();
  abortAllRequests();
  if (opts.callApi && session) {
    await api.POST('/logout', { body: { username: session.username } }).catch(() => undefined);
  }
  clearSession();
  queryClient?.cancelQueries().catch(() => undefined);
  queryClient?.clear();
  navigateTo(loginPath(from), { replace: true });
}

/** A 401 for a request that carried our token: BAD_TOKEN/TOKEN_TIME_OUT mean the session is gone. */
export function handleUnauthorized(code: string): void {
  if (code !== 'BAD_TOKEN' && code !== 'TOKEN_TIME_OUT') return;
  if (!getSession()) return;
  if (!expiryShown) {
    expiryShown = true;
    void toast().warning(i18n.t('common:loginExpired'));
  }
  void logout();
}
