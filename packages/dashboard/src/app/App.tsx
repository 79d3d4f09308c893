import { RouterProvider, createHashRouter } from 'react-router';
import { Providers } from './Providers';
import { buildRoutes } from './routes';
import { featureRoutes } from './features';
import { createQueryClient } from './queryClient';

// Hash routing like the official console: deep links and reload work from any sub-path without server rewrites.
const router = createHashRouter(buildRoutes(featureRoutes));
const queryClient = createQueryClient();

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
