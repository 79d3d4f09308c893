// buildApp: the whole node (config, storage, broker, /api/v5, static console) without opening the HTTP
// port; MQTT listeners start only when `listen` is not false. main.ts / node.ts do the HTTP listening.
import Fastify, { type FastifyInstance } from 'fastify';
import { createBroker, type Broker, type Listener } from '@mqdeck/broker';
import { ConfigService } from './config/config.service';
import { toMqttSettings } from './config/mqtt-settings';
import { parseDuration } from './config/units';
import { openDatabase, type Db } from './storage/db';
import { setupErrorHandling } from './plugins/errors';
import { trackRoutes } from './plugins/route-table';
import { setupAuth } from './plugins/auth';
import { setupStatic } from './plugins/static';
import { emptyJsonIsNoBody, requireJsonBodies } from './plugins/content-type';
import { ListenerManager } from './modules/listeners/manager';
import { loadOrCreateCerts } from './plugins/certs';
import { TokenStore } from './modules/auth/tokens';
import { LoginLimiter } from './modules/auth/login-limiter';
import { UsersService } from './modules/users/users.service';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { routeModules } from './modules';
import rootRoutes from './modules/status/root.routes';
import { setupAccessControl } from './modules/authorization/access-control';
import { LogRouter } from './modules/logging/log-router';

export interface BuildOptions {
  dataDir: string;
  env?: Record<string, string | undefined>;
  configFile?: string;
  /** start MQTT listeners (default true) */
  listen?: boolean;
  dashboardDir?: string;
  /** Fastify logging (default off; main.ts turns it on) */
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    broker: Broker;
    config: ConfigService;
    db: Db;
    nodeName: string;
    startedAt: number;
    listeners: Map<string, Listener>;
    users: UsersService;
    tokens: TokenStore;
    apiKeys: ApiKeysService;
    loginLimiter: LoginLimiter;
    logRouter: LogRouter;
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  // a node started from a terminal (main.ts) logs to the console, as EMQX's container image does
  // with EMQX_LOG__CONSOLE__ENABLE=true; an explicit environment value still wins
  const env = options.logger ? { EMQX_LOG__CONSOLE__ENABLE: 'true', ...options.env } : options.env;
  const config = new ConfigService({ dataDir: options.dataDir, env, configFile: options.configFile });
  const logRouter = new LogRouter(config, options.dataDir);
  const db = openDatabase(options.dataDir);
  const nodeName = config.get<string>('node.name');
  const broker = createBroker({ nodeName, settings: toMqttSettings(config.get('mqtt')) });

  const app = Fastify({
    // every Fastify/pino line goes through the `log` config's console and file handlers (modules/logging)
    logger: { level: logRouter.pinoLevel(), stream: logRouter },
    disableRequestLogging: true,
    ajv: { customOptions: { coerceTypes: 'array', strict: false, removeAdditional: false, useDefaults: true, allErrors: false } },
    // EMQX names the failing field in readable text; Fastify's "body/username must be string" does that.
    schemaErrorFormatter: (errors, dataVar) => {
      const e = errors[0];
      const where = `${dataVar}${e?.instancePath ? e.instancePath.replace(/\//g, '.') : ''}`;
      return new Error(e ? `${where} ${e.message ?? 'is invalid'}` : `${dataVar} is invalid`);
    },
    bodyLimit: 16 * 1024 * 1024,
    // path parameters as long as a request line can be (Node reads 16 KiB of headers): Fastify's default of 100
    // answered longer client ids and ban `who`s with a 414 in its own body shape (issue 21)
    routerOptions: { maxParamLength: 16 * 1024 },
    // the router's own refusals (a path that is not valid percent-encoding, an over-long parameter) in EMQX's
    // {code, message} shape rather than Fastify's {statusCode, error, code, message}
    frameworkErrors: (error, _request, reply) => {
      reply.raw.writeHead(error.statusCode ?? 400, { 'content-type': 'application/json; charset=utf-8' });
      reply.raw.end(JSON.stringify({ code: 'BAD_REQUEST', message: error.message }));
    },
  });
  app.decorate('broker', broker);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('nodeName', nodeName);
  app.decorate('startedAt', Date.now());
  app.decorate('listeners', new Map<string, Listener>());
  app.decorate('logRouter', logRouter);
  logRouter.attach(app.log);
  app.decorate('closing', false);
  app.addHook('preClose', async () => {
    app.closing = true;
  });
  for (const warning of config.warnings) app.log.warn(warning);
  app.decorate(
    'listenerManager',
    new ListenerManager({ broker, config, runtime: app.listeners, dataDir: options.dataDir, nodeTls: () => loadOrCreateCerts(options.dataDir), log: app.log }),
  );

  const tokenTtl = () => parseDuration(config.get('dashboard.token_expired_time')) ?? 3_600_000;
  const users = new UsersService(db);
  users.ensureDefault(config.get('dashboard.default_username'), config.get('dashboard.default_password'));
  app.decorate('users', users);
  app.decorate('tokens', new TokenStore(db, tokenTtl));
  app.decorate('apiKeys', new ApiKeysService(db));
  app.decorate('loginLimiter', new LoginLimiter());

  const unwatchMqtt = config.watch('mqtt', () => broker.updateSettings(toMqttSettings(config.get('mqtt'))));
  const sweep = setInterval(() => app.tokens.sweep(), 10 * 60_000);
  sweep.unref();

  const allowedMethods = trackRoutes(app);
  const staticFallback = await setupStatic(app, options.dashboardDir);
  setupErrorHandling(app, allowedMethods, staticFallback);
  setupAuth(app, { tokens: app.tokens, apiKeys: app.apiKeys });
  requireJsonBodies(app);
  emptyJsonIsNoBody(app);

  // the access-control base set; feature modules chain their publish/subscribe hooks with broker.addHooks
  broker.setHooks(setupAccessControl(app, options.dataDir));

  await app.register(rootRoutes);
  for (const module of routeModules) await app.register(module, { prefix: '/api/v5' });

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    unwatchMqtt();
    for (const listener of app.listeners.values()) await listener.stop().catch(() => undefined);
    await broker.close();
    db.close();
    logRouter.close();
  });

  if (options.listen !== false) await app.listenerManager.startAll();
  return app;
}
