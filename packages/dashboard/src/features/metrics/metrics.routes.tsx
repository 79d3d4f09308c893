import type { FeatureRoute } from '../../app/types';

// Tab "Metrics" of Cluster Overview.
export const metricsRoutes: FeatureRoute[] = [{ path: 'dashboard/metrics', lazy: () => import('./MetricsPage') }];
