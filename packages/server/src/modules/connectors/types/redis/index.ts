// The `redis` connector type (EMQX 5.8 emqx_bridge_redis over emqx_redis) in its three modes:
//   single   = a pool of `pool_size` connections to one server (database selected)
//   sentinel = a pool of `pool_size` connections to the master the sentinels name (`sentinel`), followed on failover
//   cluster  = one cluster client over the seed nodes `servers` (slots discovered, redirections followed)
// connector health = PING answered on every connection (cluster: by every master), EMQX do_get_status; a server
//                    asking for a password (NOAUTH) or refusing it is `disconnected` with the server's sentence
// action           = `command_template` rendered per rule output (./command.ts); a batch (batch_size > 1) is one
//                    pipeline on one connection in single/sentinel mode and command after command in cluster mode
//                    (EMQX: "Cluster mode is currently incompatible with batching"); any failed reply fails the batch
import type { Redis, Cluster, RedisOptions, ClusterOptions } from 'ioredis';
import { ioredis } from '../../../../shared/drivers';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, TypeContext } from '../../resource/types';
import { compileCommand, renderCommand, type RedisArg } from './command';
import { readCommandTemplate, readRedisConnector, type RedisSettings } from './config';
import { redisOutcome, redisReason } from './errors';

const CONNECT_TIMEOUT_MS = 5000;
const HEALTH_TIMEOUT_MS = 10_000;
/** EMQX's auto_reconnect interval is 2 s */
const RECONNECT_MS = 2000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

type Client = Redis | Cluster;

class RedisConnector implements ConnectorInstance {
  private next = 0;
  /** the last error a connection reported (why it is not ready) */
  lastError: string | undefined;

  constructor(
    readonly settings: RedisSettings,
    readonly clients: Client[],
  ) {
    let sentinelError: string | undefined;
    for (const c of clients) {
      // a failing connection reports here (and reconnects by itself): never an unhandled 'error' event
      c.on('error', (err: unknown) => {
        const reason = redisReason(err);
        // ioredis's "All sentinels are unreachable" follows the sentinels' own answer, which says more
        this.lastError = sentinelError && reason.startsWith('All sentinels') ? sentinelError : reason;
      });
      c.on('sentinelError', (err: unknown) => {
        const reason = redisReason(err);
        sentinelError = /invalid reply: null$|No such master with that name/.test(reason) ? `The sentinels do not know a master named "${settings.sentinel}"` : reason;
      });
      c.on('ready', () => {
        this.lastError = undefined;
      });
    }
  }

  /** a connection of the pool, in turn (ecpool's round robin) */
  pick(): Client {
    const c = this.clients[this.next % this.clients.length];
    this.next = (this.next + 1) % this.clients.length;
    return c;
  }

  async health(): Promise<Health> {
    try {
      for (const c of this.clients) {
        if (c.status !== 'ready') return { status: 'disconnected', reason: this.lastError ?? 'Not connected to the Redis server' };
        if (c instanceof ioredis().Cluster) {
          const masters = c.nodes('master');
          if (masters.length === 0) return { status: 'disconnected', reason: 'The cluster has no master nodes' };
          await withTimeout(Promise.all(masters.map((n) => n.ping())), HEALTH_TIMEOUT_MS, 'The Redis cluster');
        } else await withTimeout(c.ping(), HEALTH_TIMEOUT_MS, 'The Redis server');
      }
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: redisReason(err) };
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

function clientOptions(s: RedisSettings, ctx: TypeContext): RedisOptions {
  const tls = ctx.tls(s.ssl);
  return {
    ...(s.username ? { username: s.username } : {}),
    ...(s.password ? { password: s.password } : {}),
    ...(tls ? { tls } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
    lazyConnect: true,
    // no connection: a command fails at once (recoverable, the layer keeps it) instead of waiting in ioredis
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => RECONNECT_MS,
    // the server's NOAUTH / WRONGPASS stops the connection as EMQX's authentication_error does
    reconnectOnError: () => false,
  };
}

function createClients(s: RedisSettings, ctx: TypeContext): Client[] {
  const { Redis, Cluster } = ioredis(); // loaded when the first redis connector starts
  const base = clientOptions(s, ctx);
  if (s.mode === 'cluster') {
    const { tls, username, password } = base;
    const opts: ClusterOptions = {
      lazyConnect: true,
      enableOfflineQueue: false,
      clusterRetryStrategy: () => RECONNECT_MS,
      slotsRefreshTimeout: CONNECT_TIMEOUT_MS,
      redisOptions: { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 0, ...(tls ? { tls } : {}), ...(username ? { username } : {}), ...(password ? { password } : {}) },
    };
    return [new Cluster(s.servers, opts)];
  }
  const mode: RedisOptions =
    s.mode === 'single'
      ? { host: s.servers[0].host, port: s.servers[0].port }
      : { sentinels: s.servers, name: s.sentinel, sentinelRetryStrategy: () => RECONNECT_MS, ...(base.tls ? { enableTLSForSentinelMode: true } : {}) };
  return Array.from({ length: s.poolSize }, () => new Redis({ ...base, ...mode, db: s.database }));
}

/** connects every client; the first failure is the start's reason (a sentinel that does not know the master keeps
 *  ioredis retrying: the last error it reported is the reason then) */
async function connectAll(connector: RedisConnector): Promise<void> {
  try {
    await withTimeout(
      Promise.all(
        connector.clients.map(async (c) => {
          try {
            await c.connect();
          } catch (err) {
            throw new Error(connector.lastError ?? redisReason(err));
          }
        }),
      ),
      CONNECT_TIMEOUT_MS,
      'The Redis server',
    );
  } catch (err) {
    throw new Error(connector.lastError ?? redisReason(err));
  }
}

class RedisAction implements ActionInstance {
  private readonly command: ReturnType<typeof compileCommand>;

  constructor(
    private readonly connector: RedisConnector,
    template: string[],
  ) {
    this.command = compileCommand(template);
  }

  render(selected: Record<string, unknown>): RedisArg[] {
    return renderCommand(this.command, selected);
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const cmds = requests as RedisArg[][];
    const client = this.connector.pick();
    try {
      if (cmds.length === 1 || client instanceof ioredis().Cluster) {
        for (const [name, ...args] of cmds) await client.call(String(name), ...args);
        return { ok: true };
      }
      const pipeline = client.pipeline();
      for (const [name, ...args] of cmds) pipeline.call(String(name), ...args);
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([err]) => err);
      return failed ? redisOutcome(failed[0]) : { ok: true };
    } catch (err) {
      return redisOutcome(err);
    }
  }
}

export const redisType: ConnectorType = {
  type: 'redis',
  check(config) {
    readRedisConnector(config);
  },
  async start(config, ctx) {
    const settings = readRedisConnector(config);
    const connector = new RedisConnector(settings, createClients(settings, ctx));
    try {
      await connectAll(connector);
      const health = await connector.health();
      if (health.status !== 'connected') throw new Error(health.reason ?? 'The Redis server cannot be reached');
    } catch (err) {
      connector.clients.forEach((c) => c.disconnect());
      throw err;
    }
    ctx.log.info('redis connector started', { connector: ctx.connectorId, mode: settings.mode, servers: settings.servers, pool_size: connector.clients.length });
    return connector;
  },
  action: {
    batches: true,
    check(parameters) {
      readCommandTemplate(parameters);
    },
    start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof RedisConnector)) throw new Error('A redis action needs a redis connector.');
      return Promise.resolve(new RedisAction(connector, readCommandTemplate(parameters)));
    },
  },
};
