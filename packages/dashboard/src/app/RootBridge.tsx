import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { App } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerBridge } from './bridge';

/** Root route element: hands the router and the themed message API to non-React code (API middleware, logout). */
export function RootBridge({ children }: { children?: ReactNode }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef('/');
  where.current = `${location.pathname}${location.search}`;
  // Registered while rendering (idempotent), not in an effect: children's effects run first and may already toast.
  registerBridge({ message, navigate: (to, opts) => void navigate(to, opts), currentPath: () => where.current });
  // The route on screen, set when its render commits: navigations render in a transition, so after a hash change the
  // previous screen stays (and takes clicks) until then. Browser tests wait for it (e2e/open-route.ts).
  useLayoutEffect(() => {
    document.documentElement.dataset.route = location.pathname;
  }, [location.pathname]);
  return <>{children ?? <Outlet />}</>;
}
