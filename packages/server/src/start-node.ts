// startNode: buildApp + HTTP listening on the dashboard listener (dashboard.listeners.http.bind, or
// httpPort when given; 0 = ephemeral). Used by main.ts and by the browser tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { parseBind } from './config/units';

export interface StartNodeOptions {
  dataDir: string;
  env?: Record<string, string | undefined>;
  configFile?: string;
  httpPort?: number;
  dashboardDir?: string;
  logger?: boolean;
}

export interface RunningNode {
  app: FastifyInstance;
  httpUrl: string;
  mqttPort: number;
  wsPort: number;
  close(): Promise<void>;
}

/**
 * The warning printed at start while the default dashboard user still has the default password (issue 20 item 13):
 * anyone who can reach the console can log in. Louder when the console listens on every interface. Undefined once
 * the password has been changed (or the user removed).
 */
export function defaultPasswordWarning(app: FastifyInstance): string | undefined {
  const username = app.config.get<string>('dashboard.default_username');
  const password = app.config.get<string>('dashboard.default_password');
  if (!username || !password || !app.users.authenticate(username, password)) return undefined;
  const bind = parseBind(app.config.get('dashboard.listeners.http.bind'));
  const everywhere = !bind || bind.host === '0.0.0.0' || bind.host === '::';
  const where = everywhere ? `on every network interface (${bind ? `${bind.host}:${bind.port}` : '0.0.0.0'})` : `on ${bind.host}:${bind.port}`;
  return (
    `WARNING: the console listens ${where} and user "${username}" still has the default password. ` +
    'Anyone who can reach it can log in as administrator: change the password now (console: user menu > Change Password).'
  );
}

export async function startNode(opts: StartNodeOptions): Promise<RunningNode> {
  const app = await buildApp({ dataDir: opts.dataDir, env: opts.env, configFile: opts.configFile, dashboardDir: opts.dashboardDir, logger: opts.logger });
  const bind = parseBind(app.config.get('dashboard.listeners.http.bind')) ?? { host: '0.0.0.0', port: 18083 };
  const port = opts.httpPort ?? bind.port;
  try {
    await app.listen({ host: bind.host, port });
  } catch (err) {
    await app.close();
    throw new Error(`dashboard listener http:${bind.host}:${port} failed to start: ${(err as Error).message}`);
  }
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const host = bind.host === '0.0.0.0' || bind.host === '::' ? '127.0.0.1' : bind.host;
  return {
    app,
    httpUrl: `http://${host}:${boundPort}`,
    mqttPort: app.listeners.get('tcp:default')?.port ?? 0,
    wsPort: app.listeners.get('ws:default')?.port ?? 0,
    close: () => app.close(),
  };
}
