import type { FeatureRoute } from '../../app/types';

// Management › Monitoring › Integration, the Enterprise console's /monitoring/integration (CONSOLE-REFERENCE §5.2): a tab
// of the Monitoring item (features/alarm-settings registers the item and lists this tab); its second tab is OpenTelemetry.
export const prometheusRoutes: FeatureRoute[] = [{ path: 'monitoring/integration', lazy: () => import('./PrometheusPage'), enterpriseOnly: true, title: 'monitoringIntegration' }];
