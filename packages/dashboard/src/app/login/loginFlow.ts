import { api, unwrap } from '../../api/client';
import { markLoggedIn } from '../auth';
import { setSession } from '../session';

/** Usernames the official console nags about when their password is still 'public'. */
export const DEFAULT_ADMIN_NAMES = ['admin', 'root', 'administrator'];
export const DEFAULT_PASSWORD = 'public';

export function usesDefaultPassword(username: string, password: string): boolean {
  return DEFAULT_ADMIN_NAMES.includes(username) && password === DEFAULT_PASSWORD;
}

/** POST /login, then keeps token, username, role and `license.edition`. Throws ApiRequestError on failure. */
export async function signIn(username: string, password: string): Promise<void> {
  const data = await api.POST('/login', { body: { username, password } }).then(unwrap);
  if (!data?.token) throw new Error('login answer without token');
  const edition: string = data.license?.edition ?? 'ee';
  setSession({ token: data.token, username, role: data.role || 'administrator', edition });
  markLoggedIn();
}

/** Only in-app paths: '/clients?x' yes; '//evil', 'http:…' or nothing → the overview. */
export function safeTarget(to: string | null): string {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/login') ? to : '/dashboard';
}
