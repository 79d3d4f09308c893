// The i18next resources, typed from every `defineMessages` call: `t('key')` is checked against the namespace
// `useTranslation(ns)` names (or `ns:key`), so a mistyped key fails `tsc`. Values are `string`, not the English
// literal, so changing a text never changes a type. A namespace registered by a new `defineMessages` call is added here.
import type { alarmSettingsMessages } from '../features/alarm-settings/alarm-settings.messages';
import type { alarmsMessages } from '../features/alarms/alarms.messages';
import type { auditMessages } from '../features/audit/audit.messages';
import type { apiKeysMessages } from '../features/api-keys/api-keys.messages';
import type { authenticationMessages } from '../features/authentication/authentication.messages';
import type { authorizationMessages } from '../features/authorization/authorization.messages';
import type { autoSubscribeMessages } from '../features/auto-subscribe/auto-subscribe.messages';
import type { backupMessages } from '../features/backup/backup.messages';
import type { bannedClientsMessages } from '../features/banned-clients/banned-clients.messages';
import type { clientsMessages } from '../features/clients/clients.messages';
import type { clusterMessages } from '../features/cluster/cluster.messages';
import type { commonMessages } from './common.messages';
import type { fieldsMessages } from '../shared/forms/fields.messages';
import type { delayedPublishMessages } from '../features/delayed-publish/delayed-publish.messages';
import type { flappingMessages } from '../features/flapping/flapping.messages';
import type { flowMessages } from '../features/flow/flow.messages';
import type { flowControlMessages } from '../features/flow-control/flow-control.messages';
import type { layoutMessages } from '../app/layout/layout.messages';
import type { listenersMessages } from '../features/listeners/listeners.messages';
import type { logTraceMessages } from '../features/log-trace/log-trace.messages';
import type { schemaRegistryMessages } from '../features/schema-registry/schema-registry.messages';
import type { schemaValidationMessages } from '../features/schema-validation/schema-validation.messages';
import type { messageTransformMessages } from '../features/message-transform/message-transform.messages';
import type { loggingMessages } from '../features/logging/logging.messages';
import type { licenseMessages } from '../features/license/license.messages';
import type { loginMessages } from '../app/login/login.messages';
import type { menuMessages } from '../app/menu.messages';
import type { metricNames } from '../features/metrics/metrics.names.messages';
import type { metricsMessages } from '../features/metrics/metrics.messages';
import type { mongoMessages } from '../shared/mongo.messages';
import type { mqttSettingsMessages } from '../features/mqtt-settings/mqtt-settings.messages';
import type { nodesMessages } from '../features/nodes/nodes.messages';
import type { notFoundMessages } from '../app/not-found/notFound.messages';
import type { overloadProtectionMessages } from '../features/mqtt-settings/OverloadProtectionNote';
import type { overviewMessages } from '../features/overview/overview.messages';
import type { passwordMessages } from '../shared/password.messages';
import type { exhookMessages } from '../features/exhook/exhook.messages';
import type { gatewaysMessages } from '../features/gateways/gateways.messages';
import type { opentelemetryMessages } from '../features/opentelemetry/opentelemetry.messages';
import type { prometheusMessages } from '../features/prometheus/prometheus.messages';
import type { retainedMessages } from '../features/retained/retained.messages';
import type { rolesMessages } from '../shared/roles.messages';
import type { rulesMessages } from '../features/rules/rules.messages';
import type { statNames } from '../features/metrics/metrics.names.messages';
import type { slowSubscriptionsMessages } from '../features/slow-subscriptions/slow-subscriptions.messages';
import type { subscriptionsMessages } from '../features/subscriptions/subscriptions.messages';
import type { topicMessages } from '../shared/topic.messages';
import type { topicMetricsMessages } from '../features/topic-metrics/topic-metrics.messages';
import type { topicRewriteMessages } from '../features/topic-rewrite/topic-rewrite.messages';
import type { unitsMessages } from '../shared/units.messages';
import type { usersMessages } from '../features/users/users.messages';
import type { websocketMessages } from '../features/websocket/websocket.messages';
import type { webhookMessages } from '../features/webhook/webhook.messages';
import type { actionsMessages } from '../features/actions/actions.messages';
import type { connectorsMessages } from '../features/connectors/connectors.messages';
import type { schemaFormMessages } from '../shared/schema-form/schema-form.messages';
import type { sourcesMessages } from '../features/sources/sources.messages';

type Texts<M> = { readonly [K in keyof M]: string };

export interface Resources {
  alarmSettings: Texts<typeof alarmSettingsMessages>;
  alarms: Texts<typeof alarmsMessages>;
  apiKeys: Texts<typeof apiKeysMessages>;
  audit: Texts<typeof auditMessages>;
  authentication: Texts<typeof authenticationMessages>;
  authorization: Texts<typeof authorizationMessages>;
  autoSubscribe: Texts<typeof autoSubscribeMessages>;
  backup: Texts<typeof backupMessages>;
  bannedClients: Texts<typeof bannedClientsMessages>;
  clients: Texts<typeof clientsMessages>;
  cluster: Texts<typeof clusterMessages>;
  common: Texts<typeof commonMessages>;
  configFields: Texts<typeof fieldsMessages>;
  delayedPublish: Texts<typeof delayedPublishMessages>;
  flapping: Texts<typeof flappingMessages>;
  flow: Texts<typeof flowMessages>;
  flowControl: Texts<typeof flowControlMessages>;
  layout: Texts<typeof layoutMessages>;
  listeners: Texts<typeof listenersMessages>;
  logTrace: Texts<typeof logTraceMessages>;
  schemaRegistry: Texts<typeof schemaRegistryMessages>;
  schemaValidation: Texts<typeof schemaValidationMessages>;
  messageTransform: Texts<typeof messageTransformMessages>;
  logging: Texts<typeof loggingMessages>;
  license: Texts<typeof licenseMessages>;
  login: Texts<typeof loginMessages>;
  menu: Texts<typeof menuMessages>;
  metricNames: Texts<typeof metricNames>;
  metrics: Texts<typeof metricsMessages>;
  mongo: Texts<typeof mongoMessages>;
  mqttSettings: Texts<typeof mqttSettingsMessages>;
  nodes: Texts<typeof nodesMessages>;
  notFound: Texts<typeof notFoundMessages>;
  overloadProtection: Texts<typeof overloadProtectionMessages>;
  overview: Texts<typeof overviewMessages>;
  password: Texts<typeof passwordMessages>;
  exhook: Texts<typeof exhookMessages>;
  gateways: Texts<typeof gatewaysMessages>;
  opentelemetry: Texts<typeof opentelemetryMessages>;
  prometheus: Texts<typeof prometheusMessages>;
  retained: Texts<typeof retainedMessages>;
  roles: Texts<typeof rolesMessages>;
  rules: Texts<typeof rulesMessages>;
  statNames: Texts<typeof statNames>;
  slowSubscriptions: Texts<typeof slowSubscriptionsMessages>;
  subscriptions: Texts<typeof subscriptionsMessages>;
  topic: Texts<typeof topicMessages>;
  topicMetrics: Texts<typeof topicMetricsMessages>;
  topicRewrite: Texts<typeof topicRewriteMessages>;
  units: Texts<typeof unitsMessages>;
  users: Texts<typeof usersMessages>;
  websocket: Texts<typeof websocketMessages>;
  webhook: Texts<typeof webhookMessages>;
  actions: Texts<typeof actionsMessages>;
  connectors: Texts<typeof connectorsMessages>;
  schemaForm: Texts<typeof schemaFormMessages>;
  sources: Texts<typeof sourcesMessages>;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
