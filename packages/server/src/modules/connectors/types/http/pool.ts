// The connector's connections, as EMQX's ehttpc pool: `pool_size` keep-alive connections to one origin, each
// carrying up to `enable_pipelining` requests before an answer comes back. A request goes to a random connection
// (pool_type random) or, for pool_type hash, to the one its client id hashes to, so one client's messages keep their
// order. The health check is EMQX's: can a connection (TCP, and TLS when https) be opened within connect_timeout.
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { buildConnector, Client } from 'undici';
import { undici } from '../../../../shared/drivers';
import type { Health } from '../../resource/types';
import type { ConnectorSettings } from './config';
import { errorReason } from './outcome';

export class HttpPool {
  private readonly clients: Client[];
  private closed = false;

  constructor(
    private readonly settings: ConnectorSettings,
    private readonly tls: ConnectionOptions | undefined,
  ) {
    const { base, poolSize, pipelining, connectTimeoutMs } = settings;
    const { Client, buildConnector } = undici(); // loaded when the first http connector starts
    this.clients = Array.from(
      { length: poolSize },
      () =>
        new Client(base.origin, {
          pipelining,
          connect: coalescing(buildConnector({ timeout: connectTimeoutMs, ...(tls ?? {}) })),
          // no client-side cap: the action's request timeout (per request) is what limits a slow answer
          headersTimeout: 0,
          bodyTimeout: 0,
        }),
    );
  }

  /** the connection of this turn of the event loop (random), so the turn's requests leave in one write */
  private turn: Client | undefined;
  private turnCount = 0;

  /** the connection for one request; `key` (the client id) only matters for pool_type hash */
  pick(key: string | undefined): Client {
    const n = this.clients.length;
    if (n === 1) return this.clients[0];
    if (this.settings.poolType === 'hash' && key !== undefined) return this.clients[hash(key) % n];
    // random as EMQX's, drawn once per turn and again when a turn has filled a connection's pipeline
    if (this.turn === undefined || this.turnCount >= this.settings.pipelining) {
      if (this.turn === undefined) setImmediate(() => (this.turn = undefined));
      this.turn = this.clients[Math.floor(Math.random() * n)];
      this.turnCount = 0;
    }
    this.turnCount++;
    return this.turn;
  }

  /** a fresh connection to host:port (and a TLS handshake for https), closed at once */
  health(): Promise<Health> {
    if (this.closed) return Promise.resolve({ status: 'disconnected', reason: 'Connection closed' });
    const { base, connectTimeoutMs } = this.settings;
    return new Promise((resolve) => {
      const https = base.scheme === 'https';
      let socket: Socket;
      const done = (health: Health) => {
        clearTimeout(timer);
        socket.removeAllListeners();
        socket.on('error', () => undefined);
        socket.destroy();
        resolve(health);
      };
      const timer = setTimeout(() => done({ status: 'disconnected', reason: 'timeout' }), connectTimeoutMs);
      if (https) {
        socket = tlsConnect({ host: base.host, port: base.port, servername: isIp(base.host) ? undefined : base.host, ...(this.tls ?? {}) });
        socket.once('secureConnect', () => done({ status: 'connected' }));
      } else {
        socket = netConnect({ host: base.host, port: base.port });
        socket.once('connect', () => done({ status: 'connected' }));
      }
      socket.once('error', (err) => done({ status: 'disconnected', reason: errorReason(err) }));
    });
  }

  /** closes every connection; requests still in flight fail (the layer keeps them when it restarts the pool) */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.clients.map((c) => c.destroy().catch(() => undefined)));
  }
}

/**
 * A connector whose sockets send what is written in one turn of the event loop as one write: undici writes each
 * request on its own (cork, write, uncork), so a burst of pipelined requests would cost one system call each.
 * The first cork of a turn holds the socket until the turn's I/O is done (setImmediate); uncork waits for that.
 */
function coalescing(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) =>
    connect(options, (...args) => {
      const socket = args[1];
      if (socket) {
        const cork = socket.cork.bind(socket);
        const uncork = socket.uncork.bind(socket);
        let held = false;
        const release = () => {
          held = false;
          uncork();
        };
        socket.cork = () => {
          if (held) return;
          held = true;
          cork();
          setImmediate(release);
        };
        socket.uncork = () => undefined;
      }
      callback(...args);
    });
}

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

/** a small stable string hash (FNV-1a), so a client id always lands on the same connection */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
