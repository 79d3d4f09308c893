import type { FeatureRoute } from './types';
import { metricsRoutes } from '../features/metrics/metrics.routes';
import { nodesRoutes } from '../features/nodes/nodes.routes';
import { overviewRoutes } from '../features/overview/overview.routes';

// One import line per feature area (`src/features/<area>/<area>.routes.tsx`); each engineer adds only their own line.
export const featureRoutes: FeatureRoute[] = [
  ...overviewRoutes, ...nodesRoutes, ...metricsRoutes,
];
