import { RouterProvider, createHashRouter } from 'react-router';
import { Providers } from './Providers';
import { buildRoutes } from './routes';
import { featureRoutes } from './features';
import { createQueryClient } from './queryClient';

// Hash routing like the official console: deep links and reload work from any sub-path without server rewrites.
// Created first: the router's preload loaders run at once and may start the first screen's queries.
const queryClient = createQueryClient();
const router = createHashRouter(buildRoutes(featureRoutes, { queryClient }));

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
