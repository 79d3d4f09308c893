import net from 'node:net';
import tls from 'node:tls';
import type { ConnInfo, Listener, ListenerConfig } from '../types';
import type { BrokerImpl } from '../broker';
import { peerCertOf, tlsOptions } from './tls';
import { listenOn, closeServer } from './serve';

/** MQTT over TCP or TLS: one socket per client, handed to broker.handle. */
export class TcpListener implements Omit<Listener, 'update'> {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private boundPort = 0;

  constructor(
    private readonly broker: BrokerImpl,
    readonly config: ListenerConfig,
  ) {}

  get running(): boolean {
    return !!this.server?.listening;
  }

  get currentConnections(): number {
    return this.sockets.size;
  }

  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const c = this.config;
    const onSocket = (socket: net.Socket) => this.accept(socket);
    const server = c.type === 'ssl' ? tls.createServer(tlsOptions(c), onSocket) : net.createServer(onSocket);
    // a client failing the TLS handshake must not take the listener down
    server.on('tlsClientError', (_err: Error, socket: net.Socket) => socket.destroy());
    this.server = server;
    this.boundPort = await listenOn(server, c, c.tcp?.backlog);
  }

  private accept(socket: net.Socket): void {
    const c = this.config;
    if (c.maxConnections !== null && this.sockets.size >= c.maxConnections) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (c.tcp?.nodelay !== false) socket.setNoDelay(true);
    const isSsl = c.type === 'ssl';
    const info: ConnInfo = {
      listener: c.id,
      peerhost: (socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      peerport: socket.remotePort ?? 0,
      sockport: socket.localPort ?? this.boundPort,
      isSsl,
      peerCert: isSsl ? peerCertOf(socket as tls.TLSSocket) : undefined,
      mountpoint: c.mountpoint,
      enableAuthn: c.enableAuthn,
      zone: c.zone,
    };
    this.broker.handle(socket, info);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closeServer(server);
  }
}
