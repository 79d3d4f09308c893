import http from 'node:http';
import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import net, { type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, createWebSocketStream, type PerMessageDeflateOptions, type WebSocket } from 'ws';
import type { ListenerConfig } from '../types';
import { SocketListener, type Peer } from './socket-listener';
import { bodyStart, remainingLength } from '../connection/fixed-header';

const DEFAULT_SUBPROTOCOLS = ['mqtt', 'mqtt-v3', 'mqtt-v3.1.1', 'mqtt-v5', 'mqttv3.1', 'mqttv3.1.1'];
type WsOptions = NonNullable<ListenerConfig['websocket']>;
const DEFAULT_WS: WsOptions = { path: '/mqtt', subprotocols: DEFAULT_SUBPROTOCOLS, failIfNoSubprotocol: true, maxFrameSize: null, compress: false };

/**
 * MQTT over WebSocket (binary frames) at the configured path; wss is the same over the TLS socket the base made.
 * The HTTP server never listens: the base hands it each accepted (and secured) socket.
 */
export class WsListener extends SocketListener {
  private http?: http.Server;
  private wss?: WebSocketServer;
  /** where each served socket's client is (after a PROXY header it is not the socket's peer) */
  private readonly servedPeers = new WeakMap<Socket, Peer>();
  /** websocket.idle_timeout: sockets waiting for their upgrade request */
  private readonly idle = new WeakMap<Socket, NodeJS.Timeout>();

  private get ws(): WsOptions {
    return this.config.websocket ?? DEFAULT_WS;
  }

  protected override prepare(): void {
    const ws = this.ws;
    const server = http.createServer();
    server.on('request', (_req, res) => {
      // plain HTTP on a WebSocket listener: say what it is instead of hanging
      res.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' });
      res.end('WebSocket upgrade required');
    });
    server.on('upgrade', (req: IncomingMessage) => this.stopIdle(req.socket));
    const supported = new Set(ws.subprotocols.length > 0 ? ws.subprotocols : DEFAULT_SUBPROTOCOLS);
    const origins = ws.checkOrigin ? new Set(ws.checkOrigin.origins) : null;
    const wss = new WebSocketServer({
      server,
      path: ws.path,
      maxPayload: ws.maxFrameSize ?? 256 * 1024 * 1024,
      perMessageDeflate: deflateOptions(ws),
      handleProtocols: (offered: Set<string>) => {
        for (const p of offered) if (supported.has(p)) return p;
        return false;
      },
      verifyClient: (info: { req: IncomingMessage; origin?: string }, done: (ok: boolean, code?: number, message?: string) => void) => {
        // check_origin_enable: an Origin outside check_origins (or none, unless allow_origin_absence) is 403
        if (origins && ws.checkOrigin) {
          const origin = info.req.headers.origin;
          if (origin === undefined ? !ws.checkOrigin.allowAbsence : !origins.has(origin)) return done(false, 403, 'Forbidden');
        }
        const offered = info.req.headers['sec-websocket-protocol'];
        if (ws.failIfNoSubprotocol && !offered) return done(false, 400, 'Bad Request');
        done(true);
      },
    });
    wss.on('connection', (socket, req) => this.open(socket, req));
    wss.on('error', () => {});
    this.http = server;
    this.wss = wss;
  }

  protected serve(socket: Socket, peer: Peer): void {
    this.servedPeers.set(socket, peer);
    const idle = this.ws.idleTimeout;
    if (idle != null)
      this.idle.set(
        socket,
        setTimeout(() => socket.destroy(), idle),
      );
    socket.once('close', () => this.stopIdle(socket));
    this.http!.emit('connection', socket);
  }

  private stopIdle(socket: Socket): void {
    clearTimeout(this.idle.get(socket));
    this.idle.delete(socket);
  }

  private open(client: WebSocket, req: IncomingMessage): void {
    client.on('error', () => client.terminate());
    const stream = createWebSocketStream(client);
    stream.on('error', () => stream.destroy());
    const socket = req.socket;
    this.watchOutput(stream, socket);
    if (this.ws.piggyback === 'single') sendOnePacketPerFrame(stream, client);
    const served = this.servedPeers.get(socket) ?? { host: socket.remoteAddress ?? '', port: socket.remotePort ?? 0, sockport: socket.localPort ?? this.port };
    // a PROXY header names the client already; otherwise the reverse proxy's forwarding headers do
    const peer = served.socketHost !== undefined ? served : forwardedPeer(req, this.ws, served);
    this.core.handle(stream, this.connInfo(socket, peer));
  }

  protected override shutdown(): void {
    for (const client of this.wss?.clients ?? []) client.terminate();
    this.wss?.close();
    this.http?.closeAllConnections();
    this.wss = undefined;
    this.http = undefined;
  }
}

/**
 * proxy_address_header / proxy_port_header, as EMQX reads them on upgrade: the first entry of a comma list; an absent
 * header, or an entry that is not an IP address (a port number), leaves the socket's own. The TCP peer stays the
 * socketHost, which the listener's access rules check.
 */
function forwardedPeer(req: IncomingMessage, ws: WsOptions, peer: Peer): Peer {
  const host = firstEntry(req.headers[(ws.proxyAddressHeader ?? 'x-forwarded-for').toLowerCase()]);
  const port = firstEntry(req.headers[(ws.proxyPortHeader ?? 'x-forwarded-port').toLowerCase()]);
  const forwardedHost = host !== undefined && net.isIP(host) ? host : undefined;
  const forwardedPort = port !== undefined && /^\d+$/.test(port) ? Number(port) : undefined;
  if (forwardedHost === undefined && forwardedPort === undefined) return peer;
  return { ...peer, host: forwardedHost ?? peer.host, port: forwardedPort ?? peer.port, socketHost: peer.host };
}

function firstEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.split(/[, ]+/).find(Boolean);
}

/**
 * mqtt_piggyback = single: the broker writes the packets of one turn together; each leaves in its own binary frame.
 * (multiple, the default, keeps them in one frame; incoming frames may carry any number of packets either way.)
 */
function sendOnePacketPerFrame(stream: Duplex, client: WebSocket): void {
  let pending: Buffer = Buffer.alloc(0);
  stream._write = (chunk: Buffer, _encoding, callback) => {
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    const frames: Buffer[] = [];
    for (let end = packetEnd(pending, 0); end > 0; end = packetEnd(pending, 0)) {
      frames.push(pending.subarray(0, end));
      pending = pending.subarray(end);
    }
    if (frames.length === 0) return callback();
    frames.forEach((frame, i) => client.send(frame, i === frames.length - 1 ? callback : undefined));
  };
}

/** the end offset of the whole MQTT packet at `at`, or 0 while it is incomplete */
function packetEnd(buf: Buffer, at: number): number {
  const body = bodyStart(buf, at);
  if (body === 0) return 0;
  if (body < 0) return buf.length; // a malformed length: send what there is rather than hold the stream
  const end = body + remainingLength(buf, at);
  return end <= buf.length ? end : 0;
}

/** compress (+ deflate_opts): ws's permessage-deflate with EMQX's window bits and memory level */
function deflateOptions(ws: WsOptions): PerMessageDeflateOptions | false {
  if (!ws.compress) return false;
  const d = ws.deflate;
  if (!d) return {};
  return {
    serverMaxWindowBits: d.serverMaxWindowBits,
    clientMaxWindowBits: d.clientMaxWindowBits,
    serverNoContextTakeover: d.serverContextTakeover === false,
    clientNoContextTakeover: d.clientContextTakeover === false,
    zlibDeflateOptions: {
      memLevel: d.memLevel,
      ...(d.strategy ? { strategy: STRATEGY[d.strategy] } : {}),
      ...(d.level ? { level: LEVEL[d.level] } : {}),
    },
  };
}

const STRATEGY = { default: zlib.constants.Z_DEFAULT_STRATEGY, filtered: zlib.constants.Z_FILTERED, huffman_only: zlib.constants.Z_HUFFMAN_ONLY, rle: zlib.constants.Z_RLE };
const LEVEL = {
  none: zlib.constants.Z_NO_COMPRESSION,
  default: zlib.constants.Z_DEFAULT_COMPRESSION,
  best_compression: zlib.constants.Z_BEST_COMPRESSION,
  best_speed: zlib.constants.Z_BEST_SPEED,
};
