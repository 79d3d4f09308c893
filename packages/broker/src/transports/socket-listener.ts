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
import type { ByteStream } from './byte-stream';
import { RawTcpStream, listeningHandle, type RawOwner, type TcpHandle } from './raw-tcp';

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

// Per-socket state lives on the socket itself under these symbols, and the socket's listeners are shared functions
// (`this` is the socket): an accepted connection costs no closures, contexts or once-wrappers of its own.
/** the listener that accepted the socket */
const OWNER = Symbol('mqdeck.listener');
/** the stream the broker writes MQTT to over this socket (the socket itself for tcp), set once it is served */
const OUTPUT = Symbol('mqdeck.output');
/** the socket that carries that stream (the TLS socket for ssl/wss, else the accepted socket itself) */
const CARRIER = Symbol('mqdeck.carrier');
/** since when its unsent bytes have stayed above high_watermark (0: not busy) */
const BUSY_SINCE = Symbol('mqdeck.busySince');
type Accepted = net.Socket & { [OWNER]: SocketListener; [OUTPUT]: Duplex | null; [CARRIER]: net.Socket | null; [BUSY_SINCE]: number };

function onSocketClose(this: Accepted): void {
  this[OWNER].forget(this);
}

function onSocketError(this: net.Socket): void {
  this.destroy();
}

/**
 * Accepted sockets inherit TCP_NODELAY from the listening socket on Linux: set once on the listener, it costs no
 * setsockopt per connection. Elsewhere each accepted socket gets its own call.
 */
const NODELAY_INHERITED = process.platform === 'linux';

const plainHost = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

type Accept = (this: unknown, err: number, handle: TcpHandle) => void;

export abstract class SocketListener implements Omit<Listener, 'update'>, RawOwner {
  private server?: net.Server;
  /** ssl/wss: starts the handshake of an accepted socket */
  private handshake?: (accepted: net.Socket) => void;
  /** the client of each accepted socket, read again once its TLS handshake is done */
  private readonly peers = new WeakMap<net.Socket, Peer>();
  private readonly sockets = new Set<Accepted>();
  /** connections taken as libuv handles (raw-tcp.ts: plain TCP without a PROXY header) */
  private readonly raw = new Set<RawTcpStream>();
  /** watched outputs whose accepted socket could not be found (not expected: a TLS socket names it as _parent) */
  private readonly loose = new Set<Accepted>();
  /** TCP_NODELAY was set on the listening socket: accepted ones have it already */
  private nodelayInherited = false;
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
    return this.sockets.size + this.raw.size;
  }

  get port(): number {
    return this.boundPort;
  }

  /** the transport's part: MQTT over this (already secured) stream */
  protected abstract serve(stream: net.Socket, peer: Peer): void;

  /** whether the next accepted connection is served on its raw handle (serveRaw) rather than a net.Socket */
  protected takesRaw(): boolean {
    return false;
  }

  /** the transport's part for a raw TCP connection (only called when takesRaw() said so) */
  protected serveRaw(_stream: RawTcpStream, _peer: Peer): void {
    throw new Error(`${this.config.id} does not serve raw TCP connections`);
  }

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
    this.nodelayInherited = c.tcp?.nodelay !== false && NODELAY_INHERITED && setListenerNoDelay(server);
    this.takeRawAccepts(server);
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
    for (const s of this.raw) s.destroy();
    this.raw.clear();
    this.loose.clear();
    await closeServer(server);
  }

  /**
   * Node's net.Server wraps each accepted handle in a net.Socket (its `onconnection`); this listener's accept comes
   * first and keeps the handle raw when the transport serves it so. Anything else goes the usual way.
   */
  private takeRawAccepts(server: net.Server): void {
    const listening = listeningHandle(server);
    if (listening === null) return;
    const nodeAccept = listening.onconnection as Accept;
    listening.onconnection = (err: number, handle: TcpHandle) => {
      if (err === 0 && handle && this.takesRaw()) this.acceptRaw(handle);
      else nodeAccept.call(listening, err, handle);
    };
  }

  private acceptRaw(handle: TcpHandle): void {
    const c = this.config;
    if (c.maxConnections !== null && this.currentConnections >= c.maxConnections) {
      handle.close(() => undefined);
      return;
    }
    const stream = new RawTcpStream(handle, this);
    this.raw.add(stream);
    const nodelay = c.tcp?.nodelay !== false;
    if (nodelay !== this.nodelayInherited) stream.setNoDelay(nodelay);
    const p = stream.peer();
    this.serveRaw(stream, { host: plainHost(p.address), port: p.port ?? 0, sockport: this.boundPort });
  }

  forgetRaw(stream: RawTcpStream): void {
    this.raw.delete(stream);
  }

  private accept(accepted: net.Socket): void {
    const c = this.config;
    if (c.maxConnections !== null && this.currentConnections >= c.maxConnections) {
      accepted.destroy();
      return;
    }
    const socket = accepted as Accepted;
    socket[OWNER] = this;
    socket[OUTPUT] = null;
    socket[CARRIER] = null;
    socket[BUSY_SINCE] = 0;
    this.sockets.add(socket);
    socket.on('close', onSocketClose);
    socket.on('error', onSocketError);
    const nodelay = c.tcp?.nodelay !== false;
    if (nodelay !== this.nodelayInherited) {
      // the listener's setting changed since it started (update()): this socket gets the current one itself
      // (Node skips setNoDelay(false) on a socket it never set: true first, so the inherited option is cleared)
      if (nodelay) socket.setNoDelay(true);
      else socket.setNoDelay(true).setNoDelay(false);
    }
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

  /** a socket closed: it leaves the listener's count (and the send_timeout watch) */
  forget(socket: net.Socket): void {
    if (!this.sockets.delete(socket as Accepted)) this.loose.delete(socket as Accepted);
  }

  // an accepted socket's local port is the listening port: no getsockname call (and no address object) per connection
  private peerOf(socket: net.Socket): Peer {
    return { host: plainHost(socket.remoteAddress), port: socket.remotePort ?? 0, sockport: this.boundPort };
  }

  /** ConnInfo of a stream served by this listener */
  protected connInfo(stream: ByteStream, peer: Peer): ConnInfo {
    const c = this.config;
    // one literal, every key always present (undefined when absent): every ConnInfo gets the same shape at once,
    // where spreads of optional parts added keys one by one (a map transition each) at every accept
    return {
      listener: c.id,
      peerhost: peer.host,
      peerport: peer.port,
      sockport: peer.sockport,
      socketPeerhost: peer.socketHost,
      isSsl: this.isSsl,
      peerCert: this.isSsl ? peerCertOf(stream as unknown as tls.TLSSocket) : undefined,
      mountpoint: c.mountpoint,
      enableAuthn: c.enableAuthn,
      zone: c.zone,
      highWatermark: c.tcp?.highWatermark,
      messagesRate: undefined,
      bytesRate: undefined,
    };
  }

  /** watch `stream` (written by the broker, carried by `socket`) for send_timeout */
  protected watchOutput(stream: Duplex, socket: net.Socket): void {
    // the state goes on the accepted socket (a TLS socket wraps it as _parent), which the sweep walks
    let holder = socket as Accepted;
    if (holder[OWNER] !== this) {
      const parent = (socket as net.Socket & { _parent?: Accepted })._parent;
      if (parent !== undefined && parent[OWNER] === this) holder = parent;
      else {
        holder[OWNER] = this;
        this.loose.add(holder);
        socket.once('close', onSocketClose);
      }
    }
    holder[OUTPUT] = stream;
    holder[CARRIER] = socket;
    holder[BUSY_SINCE] = 0;
  }

  private armSweep(): void {
    const t = this.config.tcp;
    if (!t || !t.sendTimeoutClose || !(t.sendTimeout > 0)) return;
    this.sweeper = setInterval(() => this.sweep(t.highWatermark, t.sendTimeout), Math.max(50, Math.min(1000, t.sendTimeout / 4)));
    this.sweeper.unref();
  }

  private sweep(highWatermark: number, sendTimeout: number): void {
    const now = Date.now();
    for (const held of this.sockets) this.check(held, now, highWatermark, sendTimeout);
    for (const held of this.loose) this.check(held, now, highWatermark, sendTimeout);
    for (const held of this.raw) this.checkRaw(held, now, highWatermark, sendTimeout);
  }

  private checkRaw(held: RawTcpStream, now: number, highWatermark: number, sendTimeout: number): void {
    if (held.destroyed) return;
    const unsent = held.writableLength;
    if (held.busySince === 0) {
      if (unsent > highWatermark) held.busySince = now;
    } else if (unsent <= LOW_WATERMARK) {
      held.busySince = 0;
    } else if (now - held.busySince >= sendTimeout) {
      this.sendTimedOut(held);
      held.destroy();
    }
  }

  /** the connection on `stream` is closed for send_timeout: it says so */
  private sendTimedOut(stream: ByteStream): void {
    for (const conn of this.core.sessions.connections) if (conn.stream === stream && !conn.closeReason) conn.closeReason = 'send_timeout';
  }

  /** one socket's output: busy since when, and closed once busy past send_timeout */
  private check(held: Accepted, now: number, highWatermark: number, sendTimeout: number): void {
    const stream = held[OUTPUT];
    const socket = held[CARRIER];
    if (stream === null || socket === null || stream.destroyed || socket.destroyed) return;
    const unsent = socket.writableLength + (stream === socket ? 0 : stream.writableLength);
    if (held[BUSY_SINCE] === 0) {
      if (unsent > highWatermark) held[BUSY_SINCE] = now;
    } else if (unsent <= LOW_WATERMARK) {
      held[BUSY_SINCE] = 0;
    } else if (now - held[BUSY_SINCE] >= sendTimeout) {
      held[OUTPUT] = null;
      this.sendTimedOut(stream);
      socket.destroy();
      stream.destroy();
    }
  }
}

/** TCP_NODELAY on the listening socket itself (inherited by every accepted one); false where it cannot be set */
function setListenerNoDelay(server: net.Server): boolean {
  const handle = (server as net.Server & { _handle?: { setNoDelay?: (on: boolean) => number } })._handle;
  return typeof handle?.setNoDelay === 'function' && handle.setNoDelay(true) === 0;
}
