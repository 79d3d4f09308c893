// Redis (ioredis, single node) for the redis authenticator and source. A command template such as
// `HMGET mqtt_user:${username} password_hash salt` is split into words and each word rendered on its
// own, so a placeholder value is one argument and can never add words to the command.
import { once } from 'node:events';
import type { Redis } from 'ioredis';
import { ioredis } from '../../../shared/drivers';
import { bad, intField, optionalString, parseServer, probe, requiredString, sslField, withTimeout, type Status } from './options';

export interface RedisConnector {
  call(args: string[]): Promise<unknown>;
  /** waits for the first connection (or its error, e.g. ECONNREFUSED / WRONGPASS), then PING */
  ping(): Promise<void>;
  status(): Promise<Status>;
  close(): Promise<void>;
}

/** the words of a command template; the first is the command name (upper-cased) */
export function parseCommand(cmd: string, allowed: readonly string[]): string[] {
  const words = cmd.trim().split(/\s+/);
  words[0] = (words[0] ?? '').toUpperCase();
  if (!allowed.includes(words[0])) throw bad(`cmd: unsupported Redis command ${JSON.stringify(words[0])} (expected ${allowed.join(' or ')})`);
  if (words.length < 2) throw bad('cmd: the command needs a key');
  return words;
}

export function normalizeRedis(raw: Record<string, unknown>, allowed: readonly string[]): Record<string, unknown> {
  const type = raw.redis_type ?? 'single';
  if (type !== 'single') throw bad(`redis_type: only "single" is supported by this node, got ${JSON.stringify(type)}`);
  parseServer(raw.server, 6379);
  const cmd = requiredString(raw, 'cmd');
  parseCommand(cmd, allowed);
  const out: Record<string, unknown> = {
    ...raw,
    redis_type: 'single',
    cmd,
    pool_size: intField(raw, 'pool_size', 8, 1, 1024),
    database: intField(raw, 'database', 0, 0, 1024),
    auto_reconnect: raw.auto_reconnect ?? true,
    ssl: sslField(raw),
  };
  for (const k of ['username', 'password']) if (optionalString(raw, k) === undefined) delete out[k];
  return out;
}

/**
 * `pool_size` connections used in turn. Commands fail at once while the server is away (no offline
 * queue) and the timeout bounds a slow one, so a CONNECT never waits on a dead Redis.
 */
export function redisConnector(cfg: Record<string, unknown>, timeoutMs = 5000): RedisConnector {
  const { host, port } = parseServer(cfg.server, 6379);
  const { Redis } = ioredis();
  const clients = Array.from({ length: cfg.pool_size as number }, () => {
    const client = new Redis({
      host,
      port,
      db: cfg.database as number,
      username: cfg.username as string | undefined,
      password: cfg.password as string | undefined,
      connectTimeout: timeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: () => 1000,
    });
    client.on('error', () => undefined); // it reconnects on its own; status() tells the console
    return client;
  });
  let next = 0;
  return {
    async call(args) {
      const client = clients[next++ % clients.length];
      // a first connection still being made is waited for (bounded); a lost one fails fast
      if (client.status === 'connecting' || client.status === 'connect') await withTimeout(once(client, 'ready'), timeoutMs, 'Redis connect');
      return withTimeout(client.call(args[0], ...args.slice(1)), timeoutMs, 'Redis command');
    },
    async ping() {
      const client = clients[0];
      if (client.status !== 'ready') await withTimeout(readyOrError(client), timeoutMs, 'Redis connect');
      await withTimeout(client.ping(), timeoutMs, 'Redis PING');
    },
    status: () => (clients[0].status === 'connecting' || clients[0].status === 'connect' ? Promise.resolve('connecting') : probe(() => clients[0].ping(), timeoutMs)),
    close: async () => {
      for (const c of clients) c.disconnect();
    },
  };
}

/** resolves on the client's next `ready`, rejects with its next `error` (a refused or failed login) */
function readyOrError(client: Redis): Promise<void> {
  return new Promise((resolve, reject) => {
    const onReady = () => {
      client.off('error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      client.off('ready', onReady);
      reject(err);
    };
    client.once('ready', onReady);
    client.once('error', onError);
  });
}
