// Access control in the node: builds the banned, flapping, authentication and authorization services,
// decorates them on the app and attaches their broker hooks (client.connect, client.authenticate,
// client.authorize, deny_action). app.ts calls this once, before the listeners start.
import type { FastifyInstance } from 'fastify';
import type { BrokerHooks, ClientInfo } from '@mqdeck/broker';
import { BannedService } from '../banned-clients/banned-clients.service';
import { FlappingDetector } from '../flapping/detector';
import { AuthenticationService } from '../authentication/authentication.service';
import { UsersRepo } from '../authentication/built-in-users.store';
import { AuthorizationService } from './authorization.service';
import { BuiltInRules } from './sources/built-in-rules';
import { ClientAcls } from './client-acl';

declare module 'fastify' {
  interface FastifyInstance {
    banned: BannedService;
    flapping: FlappingDetector;
    authn: AuthenticationService;
    authnUsers: UsersRepo;
    authz: AuthorizationService;
    authzRules: BuiltInRules;
  }
}

/** v5 CONNACK reason code 0x8A "Banned" (v3 return code 5, not authorized). */
const BANNED = 0x8a;

export function setupAccessControl(app: FastifyInstance, dataDir: string): BrokerHooks {
  const banned = new BannedService(app.db, app.broker);
  const flapping = new FlappingDetector(app.broker, app.config, banned);
  app.decorate('banned', banned);
  app.decorate('flapping', flapping);
  const authnUsers = new UsersRepo(app.db);
  const listenerAuthn = (id: string) => app.listeners.get(id)?.config.enableAuthn ?? true;
  const clientAcls = new ClientAcls(app.broker);
  const authn = new AuthenticationService(app.config, { users: authnUsers, clientAcls }, app.nodeName, listenerAuthn);
  app.decorate('authnUsers', authnUsers);
  app.decorate('authn', authn);
  const authzRules = new BuiltInRules(app.db);
  const authz = new AuthorizationService(app.config, app.broker, authzRules, dataDir, app.nodeName, clientAcls);
  app.decorate('authzRules', authzRules);
  app.decorate('authz', authz);
  // settings written through /configs (another route) apply live as well
  const unwatch = app.config.watch('authorization', () => authz.applySettings());
  const dropCache = (client: ClientInfo) => {
    authz.cache.clear(client.clientid);
    clientAcls.disconnected(client);
  };
  app.broker.events.on('client.disconnected', dropCache);
  app.addHook('onClose', async () => {
    unwatch();
    app.broker.events.off('client.disconnected', dropCache);
    flapping.close();
    banned.close();
    clientAcls.close();
    await authn.close();
    await authz.close();
  });

  return {
    clientConnect: (info, clientid, username) => (banned.refuses(clientid, username, info.peerhost) ? BANNED : undefined),
    authenticate: (req) => authn.authenticate(req),
    authorize: (req) => authz.authorize(req),
    denyAction: () => authz.denyAction(),
  };
}
