import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { WebSocketServer, createWebSocketStream, type WebSocket } from 'ws';
import type { ConnInfo, Listener, ListenerConfig } from '../types';
import type { BrokerImpl } from '../broker';
import { peerCertOf, tlsOptions } from './tls';
import { closeServer, listenOn } from './serve';

const DEFAULT_SUBPROTOCOLS = ['mqtt', 'mqtt-v3', 'mqtt-v3.1.1', 'mqtt-v5', 'mqttv3.1', 'mqttv3.1.1'];

/** MQTT over WebSocket (binary frames) at the configured path, optional TLS (wss). */
export class WsListener implements Omit<Listener, 'update'> {
  private server?: http.Server | https.Server;
  private wss?: WebSocketServer;
  private readonly clients = new Set<WebSocket>();
  private boundPort = 0;

  constructor(
    private readonly broker: BrokerImpl,
    readonly config: ListenerConfig,
  ) {}

  get running(): boolean {
    return !!this.server?.listening;
  }

  get currentConnections(): number {
    return this.clients.size;
  }

  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const c = this.config;
    const ws = c.websocket ?? { path: '/mqtt', subprotocols: DEFAULT_SUBPROTOCOLS, failIfNoSubprotocol: true, maxFrameSize: null, compress: false };
    const server = c.type === 'wss' ? https.createServer(tlsOptions(c)) : http.createServer();
    server.on('request', (_req, res) => {
      // plain HTTP on a WebSocket listener: say what it is instead of hanging
      res.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' });
      res.end('WebSocket upgrade required');
    });
    server.on('tlsClientError', (_err: Error, socket: Socket) => socket.destroy());
    const supported = new Set(ws.subprotocols.length > 0 ? ws.subprotocols : DEFAULT_SUBPROTOCOLS);
    const wss = new WebSocketServer({
      server,
      path: ws.path,
      maxPayload: ws.maxFrameSize ?? 256 * 1024 * 1024,
      perMessageDeflate: ws.compress,
      handleProtocols: (offered: Set<string>) => {
        for (const p of offered) if (supported.has(p)) return p;
        return false;
      },
      verifyClient: (info: { req: IncomingMessage }) => {
        if (c.maxConnections !== null && this.clients.size >= c.maxConnections) return false;
        const offered = info.req.headers['sec-websocket-protocol'];
        if (ws.failIfNoSubprotocol && !offered) return false;
        return true;
      },
    });
    wss.on('connection', (socket, req) => this.accept(socket, req));
    wss.on('error', () => {});
    this.server = server;
    this.wss = wss;
    this.boundPort = await listenOn(server, c);
  }

  private accept(socket: WebSocket, req: IncomingMessage): void {
    const c = this.config;
    this.clients.add(socket);
    socket.on('close', () => this.clients.delete(socket));
    socket.on('error', () => socket.terminate());
    const stream = createWebSocketStream(socket);
    stream.on('error', () => stream.destroy());
    const raw = req.socket;
    const isSsl = c.type === 'wss';
    const info: ConnInfo = {
      listener: c.id,
      peerhost: (raw.remoteAddress ?? '').replace(/^::ffff:/, ''),
      peerport: raw.remotePort ?? 0,
      sockport: raw.localPort ?? this.boundPort,
      isSsl,
      peerCert: isSsl ? peerCertOf(raw as TLSSocket) : undefined,
      mountpoint: c.mountpoint,
      enableAuthn: c.enableAuthn,
      zone: c.zone,
    };
    this.broker.handle(stream, info);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.clients) s.terminate();
    this.clients.clear();
    this.wss?.close();
    server.closeAllConnections?.();
    await closeServer(server);
  }
}
