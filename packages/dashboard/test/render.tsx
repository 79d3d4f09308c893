// Test rendering with the real providers: QueryClient (no retries), i18n in English, antd App, a memory router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '../src/app/Providers';
import { RootBridge } from '../src/app/RootBridge';
import { buildRoutes } from '../src/app/routes';
import { createQueryClient } from '../src/app/queryClient';
import { setSession, clearSession, type Session } from '../src/app/session';
import type { FeatureRoute } from '../src/app/types';

export const TEST_SESSION: Session = { token: 'test-token', username: 'admin', role: 'administrator', edition: 'ee' };

export interface RenderOptions {
  /** Initial URL, e.g. '/clients?page=2'. Default '/'. */
  route?: string;
  /** Route pattern the element is mounted at (for useParams), e.g. '/clients/detail/:clientId'. Default '*'. */
  path?: string;
  /** Logged-in user; `null` for none. Default an administrator (TEST_SESSION). */
  session?: Session | null;
}

function applySession(session: Session | null | undefined) {
  if (session === null) clearSession();
  else setSession(session ?? TEST_SESSION);
}

/** Renders `ui` at `route`. '/login' (when not `path`) shows a 'login page' marker, for redirect assertions. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  applySession(options.session);
  const routes = [{ element: <RootBridge />, children: [{ path: options.path ?? '*', element: ui }] }];
  if (options.path !== '/login') routes[0].children.push({ path: '/login', element: <div data-testid="login-page">login page</div> });
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { user, router, queryClient, ...result };
}

/** Renders the whole console (login, guard, layout, feature routes) at `route`. */
export function renderApp(options: { route?: string; session?: Session | null; features?: FeatureRoute[] } = {}) {
  applySession(options.session);
  const router = createMemoryRouter(buildRoutes(options.features ?? []), { initialEntries: [options.route ?? '/'] });
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { user, router, queryClient, ...result };
}

// Dialogs are found by their title (antd's test ids give them all one accessible name): see test/dialogs.ts.
export { findDialog } from './dialogs';
