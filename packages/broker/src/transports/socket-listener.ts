// What every MQTT listener does before MQTT: accept a TCP socket (max_connections), read the PROXY protocol header
// when the listener expects one (proxy_protocol, proxy_protocol_timeout), run the TLS handshake for ssl/wss
// (handshake_timeout, verify, depth), then hand the byte stream to the transport (MQTT directly, or HTTP + WebSocket).
// It also watches each connection's output for tcp_options send_timeout: a socket whose unsent bytes stay above
// high_watermark that long is closed, as EMQX closes a connection suspended on a busy socket.
import net from 'node:net';
import type tls from 'node:tls';
import type { Duplex } from 'node:stream';
import type { ConnInfo, Listener, ListenerConfig } from '../types';
import type { BrokerCore } from '../core';
import { ProxyHeaderError, readProxyHeader } from './proxy-protocol';
import { closeServer, listenOn } from './serve';
import { peerCertOf, tlsFront } from './tls';

/** where the client is: the socket's peer, or the one a PROXY header names */
export interface Peer {
  host: string;
  port: number;
  sockport: number;
  /** the TCP peer (the proxy) when a PROXY header replaced host/port */
  socketHost?: string;
}

/** EMQX's defaults (tcp_options, proxy_protocol_timeout) where a ListenerConfig leaves them out */
const PROXY_TIMEOUT_MS = 3000;
/** a busy socket is unbusy again once its unsent bytes fall to this (Erlang's default low watermark) */
const LOW_WATERMARK = 4 * 1024;

interface Output {
  /** the stream the broker writes MQTT to */
  stream: Duplex;
  /** the byte socket below it (the TLS socket for ssl/wss) */
  socket: net.Socket;
  busySince: number;
}

const plainHost = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

export abstract class SocketListener implements Omit<Listener, 'update'> {
  private server?: net.Server;
  /** ssl/wss: starts the handshake of an accepted socket */
  private handshake?: (accepted: net.Socket) => void;
  /** the client of each accepted socket, read again once its TLS handshake is done */
  private readonly peers = new WeakMap<net.Socket, Peer>();
  private readonly sockets = new Set<net.Socket>();
  private readonly outputs = new Set<Output>();
  private sweeper?: NodeJS.Timeout;
  private boundPort = 0;

  constructor(
    protected readonly core: BrokerCore,
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

  /** the transport's part: MQTT over this (already secured) stream */
  protected abstract serve(stream: net.Socket, peer: Peer): void;

  /** builds what `serve` needs before the port opens */
  protected prepare(): void {}

  /** closes what `prepare` built */
  protected shutdown(): void {}

  protected get isSsl(): boolean {
    return this.config.type === 'ssl' || this.config.type === 'wss';
  }

  async start(): Promise<void> {
    if (this.running) return;
    const c = this.config;
    this.handshake = this.isSsl ? tlsFront(c, (secured, accepted) => this.serve(secured, this.peers.get(accepted) ?? this.peerOf(secured))) : undefined;
    this.prepare();
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    this.boundPort = await listenOn(server, c, c.tcp?.backlog);
    this.armSweep();
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.shutdown();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.outputs.clear();
    await closeServer(server);
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
    const peer = this.peerOf(socket);
    if (c.proxyProtocol) this.readProxy(socket, peer);
    else this.secure(socket, peer);
  }

  /** PROXY header first: garbage or silence past proxy_protocol_timeout closes the socket */
  private readProxy(socket: net.Socket, peer: Peer): void {
    let buf: Buffer = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), this.config.proxyProtocolTimeout ?? PROXY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      let header;
      try {
        header = readProxyHeader(buf);
      } catch (err) {
        if (!(err instanceof ProxyHeaderError)) throw err;
        clearTimeout(timer);
        socket.destroy();
        return;
      }
      if (!header) return;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.pause();
      // the client's own first bytes (TLS ClientHello, CONNECT, HTTP upgrade) go back for the next reader
      if (buf.length > header.length) socket.unshift(buf.subarray(header.length));
      const proxied: Peer = header.source
        ? { host: plainHost(header.source.host), port: header.source.port, sockport: header.dest?.port ?? peer.sockport, socketHost: peer.host }
        : peer;
      this.secure(socket, proxied);
    };
    socket.on('close', () => clearTimeout(timer));
    socket.on('data', onData);
  }

  private secure(socket: net.Socket, peer: Peer): void {
    if (this.handshake) {
      this.peers.set(socket, peer);
      this.handshake(socket);
      return;
    }
    this.serve(socket, peer);
    socket.resume(); // paused after a PROXY header; a no-op otherwise
  }

  private peerOf(socket: net.Socket): Peer {
    return { host: plainHost(socket.remoteAddress), port: socket.remotePort ?? 0, sockport: socket.localPort ?? this.boundPort };
  }

  /** ConnInfo of a stream served by this listener */
  protected connInfo(stream: net.Socket, peer: Peer): ConnInfo {
    const c = this.config;
    return {
      listener: c.id,
      peerhost: peer.host,
      peerport: peer.port,
      sockport: peer.sockport,
      ...(peer.socketHost !== undefined ? { socketPeerhost: peer.socketHost } : {}),
      isSsl: this.isSsl,
      peerCert: this.isSsl ? peerCertOf(stream as tls.TLSSocket) : undefined,
      mountpoint: c.mountpoint,
      enableAuthn: c.enableAuthn,
      zone: c.zone,
      ...(c.tcp ? { highWatermark: c.tcp.highWatermark } : {}),
    };
  }

  /** watch `stream` (written by the broker, carried by `socket`) for send_timeout */
  protected watchOutput(stream: Duplex, socket: net.Socket): void {
    const out: Output = { stream, socket, busySince: 0 };
    this.outputs.add(out);
    stream.once('close', () => this.outputs.delete(out));
    socket.once('close', () => this.outputs.delete(out));
  }

  private armSweep(): void {
    const t = this.config.tcp;
    if (!t || !t.sendTimeoutClose || !(t.sendTimeout > 0)) return;
    this.sweeper = setInterval(() => this.sweep(t.highWatermark, t.sendTimeout), Math.max(50, Math.min(1000, t.sendTimeout / 4)));
    this.sweeper.unref();
  }

  private sweep(highWatermark: number, sendTimeout: number): void {
    const now = Date.now();
    for (const out of this.outputs) {
      const unsent = out.socket.writableLength + (out.stream === out.socket ? 0 : out.stream.writableLength);
      if (out.busySince === 0) {
        if (unsent > highWatermark) out.busySince = now;
      } else if (unsent <= LOW_WATERMARK) {
        out.busySince = 0;
      } else if (now - out.busySince >= sendTimeout) {
        this.outputs.delete(out);
        for (const conn of this.core.sessions.connections) if (conn.stream === out.stream && !conn.closeReason) conn.closeReason = 'send_timeout';
        out.socket.destroy();
        out.stream.destroy();
      }
    }
  }
}
