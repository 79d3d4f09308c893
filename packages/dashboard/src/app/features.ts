import type { FeatureRoute } from './types';
import { usersRoutes } from '../features/users/users.routes';
import { apiKeysRoutes } from '../features/api-keys/api-keys.routes';
import { clientsRoutes } from '../features/clients/clients.routes';
import { retainedRoutes } from '../features/retained/retained.routes';
import { subscriptionsRoutes } from '../features/subscriptions/subscriptions.routes';
import { metricsRoutes } from '../features/metrics/metrics.routes';
import { nodesRoutes } from '../features/nodes/nodes.routes';
import { overviewRoutes } from '../features/overview/overview.routes';
import { websocketRoutes } from '../features/websocket/websocket.routes';
import { bannedClientsRoutes } from '../features/banned-clients/banned-clients.routes';
import { authenticationRoutes } from '../features/authentication/authentication.routes';
import { flappingRoutes } from '../features/flapping/flapping.routes';
import { mqttSettingsRoutes } from '../features/mqtt-settings/mqtt-settings.routes';
import { listenersRoutes } from '../features/listeners/listeners.routes';
import { loggingRoutes } from '../features/logging/logging.routes';
import { flowControlRoutes } from '../features/flow-control/flow-control.routes';
import { topicRewriteRoutes } from '../features/topic-rewrite/topic-rewrite.routes';
import { autoSubscribeRoutes } from '../features/auto-subscribe/auto-subscribe.routes';
import { delayedPublishRoutes } from '../features/delayed-publish/delayed-publish.routes';
import { alarmsRoutes } from '../features/alarms/alarms.routes';
import { alarmSettingsRoutes } from '../features/alarm-settings/alarm-settings.routes';
import { clusterRoutes } from '../features/cluster/cluster.routes';
import { authorizationRoutes } from '../features/authorization/authorization.routes';
import { rulesRoutes } from '../features/rules/rules.routes';
import { logTraceRoutes } from '../features/log-trace/log-trace.routes';
import { schemaRegistryRoutes } from '../features/schema-registry/schema-registry.routes';
import { schemaValidationRoutes } from '../features/schema-validation/schema-validation.routes';
import { messageTransformRoutes } from '../features/message-transform/message-transform.routes';
import { topicMetricsRoutes } from '../features/topic-metrics/topic-metrics.routes';
import { slowSubscriptionsRoutes } from '../features/slow-subscriptions/slow-subscriptions.routes';
import { auditRoutes } from '../features/audit/audit.routes';
import { licenseRoutes } from '../features/license/license.routes';
import { prometheusRoutes } from '../features/prometheus/prometheus.routes';
import { exhookRoutes } from '../features/exhook/exhook.routes';
import { gatewaysRoutes } from '../features/gateways/gateways.routes';
import { pluginsRoutes } from '../features/plugins/plugins.routes';
import { backupRoutes } from '../features/backup/backup.routes';
import { webhookRoutes } from '../features/webhook/webhook.routes';
import { flowRoutes } from '../features/flow/flow.routes';

import { connectorsRoutes } from '../features/connectors/connectors.routes';
import { actionsRoutes } from '../features/actions/actions.routes';
import { sourcesRoutes } from '../features/sources/sources.routes';
// One import line per feature area (`src/features/<area>/<area>.routes.tsx`); each engineer adds only their own line.
export const featureRoutes: FeatureRoute[] = [
  ...usersRoutes,
  ...apiKeysRoutes,
  ...overviewRoutes,
  ...nodesRoutes,
  ...metricsRoutes,
  ...clientsRoutes,
  ...subscriptionsRoutes,
  ...retainedRoutes,
  ...websocketRoutes,
  ...bannedClientsRoutes,
  ...authenticationRoutes,
  ...flappingRoutes,
  ...mqttSettingsRoutes,
  ...listenersRoutes,
  ...loggingRoutes,
  ...flowControlRoutes,
  ...topicRewriteRoutes,
  ...autoSubscribeRoutes,
  ...delayedPublishRoutes,
  ...alarmsRoutes,
  ...alarmSettingsRoutes,
  ...clusterRoutes,
  ...authorizationRoutes,
  ...rulesRoutes,
  ...logTraceRoutes,
  ...schemaRegistryRoutes,
  ...schemaValidationRoutes,
  ...messageTransformRoutes,
  ...topicMetricsRoutes,
  ...slowSubscriptionsRoutes,
  ...auditRoutes,
  ...licenseRoutes,
  ...prometheusRoutes,
  ...exhookRoutes,
  ...gatewaysRoutes,
  ...pluginsRoutes,
  ...backupRoutes,
  ...webhookRoutes,
  ...flowRoutes,
  ...connectorsRoutes,
  ...actionsRoutes,
  ...sourcesRoutes,
];
