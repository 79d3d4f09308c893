// Every /api/v5 route module, registered by app.ts with { prefix: '/api/v5' }.
// Adding an area = one import + one entry in the list.
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.routes';
import usersRoutes from './users/users.routes';
import apiKeysRoutes from './api-keys/api-keys.routes';
import statusRoutes from './status/status.routes';
import clientsRoutes from './clients/clients.routes';
import subscriptionsRoutes from './subscriptions/subscriptions.routes';
import topicsRoutes from './topics/topics.routes';
import retainedRoutes from './retained/retained.routes';
import publishRoutes from './publish/publish.routes';
import overviewRoutes from './overview/overview.routes';
import nodesRoutes from './nodes/nodes.routes';
import metricsRoutes from './metrics/metrics.routes';
import bannedClientsRoutes from './banned-clients/banned-clients.routes';
import flappingRoutes from './flapping/flapping.routes';
import authenticationRoutes from './authentication/authentication.routes';
import authorizationRoutes from './authorization/authorization.routes';
import listenersRoutes from './listeners/listeners.routes';
import configsRoutes from './configs/configs.routes';
import retainedEnforcementModule from './retained/retained.module';
import zonesModule from './zones/zones.module';
import sysTopicsModule from './sys-topics/sys-topics.module';
import schemasRoutes from './schemas/hotconf.routes';
import delayedPublishRoutes from './delayed-publish/delayed-publish.routes';
import autoSubscribeRoutes from './auto-subscribe/auto-subscribe.routes';
import topicRewriteRoutes from './topic-rewrite/topic-rewrite.routes';
import clusterRoutes from './cluster/cluster.routes';
import loggingModule from './logging/logging.module';
import alarmsModule from './alarms/alarms.module';
import alarmsRoutes from './alarms/alarms.routes';
import durableSessionsModule from './durable-sessions/durable-sessions.module';
import extensionsRoutes from './extensions/extensions.routes';
import overloadModule from './overload/overload.module';
import rulesModule from './rules/rules.module';
import rulesRoutes from './rules/rules.routes';
import schemaRegistryModule from './schema-registry/schema-registry.module';
import schemaRegistryRoutes from './schema-registry/schema-registry.routes';
import schemaValidationRoutes from './schema-validation/schema-validation.routes';
import messageTransformationRoutes from './message-transformation/message-transformation.routes';
import auditModule from './audit/audit.module';
import auditRoutes from './audit/audit.routes';
import licenseRoutes from './license/license.routes';
import licenseModule from './license/license.module';
import prometheusModule from './prometheus/prometheus.module';
import prometheusRoutes from './prometheus/prometheus.routes';
import opentelemetryModule from './opentelemetry/opentelemetry.module';
import opentelemetryRoutes from './opentelemetry/opentelemetry.routes';
import exhookModule from './exhook/exhook.module';
import exhookRoutes from './exhook/exhook.routes';
import gatewaysModule from './gateways/gateways.module';
import gatewaysRoutes from './gateways/gateways.routes';
import pluginsModule from './plugins/plugins.module';
import pluginsRoutes from './plugins/plugins.routes';
import logTraceRoutes from './log-trace/log-trace.routes';
import topicMetricsRoutes from './topic-metrics/topic-metrics.routes';
import slowSubscriptionsRoutes from './slow-subscriptions/slow-subscriptions.routes';
import brokersRoutes from './brokers/brokers.routes';
import telemetryRoutes from './telemetry/telemetry.routes';
import connectorsModule from './connectors/connectors.module';
import connectorsRoutes from './connectors/connectors.routes';
import actionsRoutes from './actions/actions.routes';
import sourcesRoutes from './sources/sources.routes';
import backupRoutes from './backup/backup.routes';
import clusterLinkingRoutes from './cluster-linking/cluster-linking.routes';
import fileTransferRoutes from './file-transfer/file-transfer.routes';
import hotUpgradeRoutes from './hot-upgrade/hot-upgrade.routes';
import ssoRoutes from './sso/sso.routes';

export type RouteModule = (app: FastifyInstance) => Promise<void>;

export const routeModules: RouteModule[] = [
  // first: its onResponse hook (the audit log) must reach every route registered after it
  auditModule,
  authRoutes,
  usersRoutes,
  apiKeysRoutes,
  statusRoutes,
  clientsRoutes,
  subscriptionsRoutes,
  topicsRoutes,
  retainedRoutes,
  publishRoutes,
  overviewRoutes,
  nodesRoutes,
  metricsRoutes,
  bannedClientsRoutes,
  flappingRoutes,
  authenticationRoutes,
  authorizationRoutes,
  listenersRoutes,
  configsRoutes,
  retainedEnforcementModule,
  zonesModule,
  sysTopicsModule,
  schemasRoutes,
  loggingModule,
  topicRewriteRoutes,
  delayedPublishRoutes,
  autoSubscribeRoutes,
  clusterRoutes,
  alarmsModule,
  alarmsRoutes,
  durableSessionsModule,
  extensionsRoutes,
  overloadModule,
  rulesModule,
  rulesRoutes,
  connectorsModule, // after rulesModule: registers its action provider with app.rules
  connectorsRoutes,
  actionsRoutes,
  sourcesRoutes,
  schemaRegistryModule,
  schemaRegistryRoutes,
  schemaValidationRoutes, // after schemaRegistryModule: checks use app.schemaRegistry
  messageTransformationRoutes, // after schemaRegistryModule: decoders and encoders use app.schemaRegistry
  logTraceRoutes,
  topicMetricsRoutes,
  slowSubscriptionsRoutes,
  backupRoutes,
  auditRoutes,
  licenseRoutes,
  licenseModule,
  prometheusModule,
  prometheusRoutes,
  opentelemetryModule,
  opentelemetryRoutes,
  exhookModule,
  exhookRoutes,
  gatewaysModule,
  gatewaysRoutes,
  pluginsModule,
  pluginsRoutes,
  brokersRoutes,
  telemetryRoutes,
  // areas this node does not run, answered as EMQX answers with nothing configured
  clusterLinkingRoutes,
  fileTransferRoutes,
  hotUpgradeRoutes,
  ssoRoutes,
];
