import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, clearSession } from './session';
import { abortAllRequests } from '../api/client';
import { loginPath } from './auth';

/** Protected routes: without a token, the same clean-up as logout, then /login?to=<this path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    if (!session) {
      abortAllRequests();
      // Leftovers such as the edition go too.
      clearSession();
    }
  }, [session]);
  if (!session) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
