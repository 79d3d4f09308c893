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
import retainerRoutes from './retainer/retainer.routes';
import publishRoutes from './publish/publish.routes';
import monitorRoutes from './monitor/monitor.routes';
import nodesRoutes from './nodes/nodes.routes';
import metricsRoutes from './metrics/metrics.routes';
import bannedRoutes from './banned/banned.routes';
import flappingRoutes from './flapping/flapping.routes';
import authenticationRoutes from './authentication/authentication.routes';
import authorizationRoutes from './authorization/authorization.routes';
import listenersRoutes from './listeners/listeners.routes';
import configsRoutes from './configs/configs.routes';
import retainerEnforcementModule from './configs/retainer.module';
import sysTopicsModule from './sys-topics/sys-topics.module';
import schemasRoutes from './schemas/hotconf.routes';
import delayedRoutes from './delayed/delayed.routes';
import autoSubscribeRoutes from './auto-subscribe/auto-subscribe.routes';
import topicRewriteRoutes from './topic-rewrite/topic-rewrite.routes';
import clusterRoutes from './cluster/cluster.routes';
import loggingModule from './logging/logging.module';
import alarmsModule from './alarms/alarms.module';
import alarmsRoutes from './alarms/alarms.routes';
import durableSessionsModule from './durable-sessions/durable-sessions.module';
import extensionsRoutes from './extensions/extensions.routes';
import overloadModule from './overload/overload.module';

export type RouteModule = (app: FastifyInstance) => Promise<void>;

export const routeModules: RouteModule[] = [
  authRoutes,
  usersRoutes,
  apiKeysRoutes,
  statusRoutes,
  clientsRoutes,
  subscriptionsRoutes,
  topicsRoutes,
  retainerRoutes,
  publishRoutes,
  monitorRoutes,
  nodesRoutes,
  metricsRoutes,
  bannedRoutes,
  flappingRoutes,
  authenticationRoutes,
  authorizationRoutes,
  listenersRoutes,
  configsRoutes,
  retainerEnforcementModule,
  sysTopicsModule,
  schemasRoutes,
  loggingModule,
  topicRewriteRoutes,
  delayedRoutes,
  autoSubscribeRoutes,
  clusterRoutes,
  alarmsModule,
  alarmsRoutes,
  durableSessionsModule,
  extensionsRoutes,
  overloadModule,
];
