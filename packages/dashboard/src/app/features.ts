import type { FeatureRoute } from './types';

// One import line per feature area (`src/features/<area>/<area>.routes.tsx`); each engineer adds only their own line.
export const featureRoutes: FeatureRoute[] = [
];
