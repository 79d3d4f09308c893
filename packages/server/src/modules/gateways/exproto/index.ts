/**
 * The ExProto gateway (emqx_gateway_exproto): raw TCP/SSL/UDP listeners whose connections are handled by the
 * operator's gRPC service (handler.address, ConnectionUnaryHandler or ConnectionHandler), which drives them back
 * through the ConnectionAdapter service this node serves on server.bind. Conn ids are EMQX's: the base64 of an
 * Erlang external-term pid, opaque to the handler.
 *
 * The gRPC server and the handler client belong to the gateway, not to a listener: they start with the gateway's
 * first listener and stop with its last (a gateway without listeners serves no ConnectionAdapter).
 */
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import type { sendUnaryData, Server, ServerUnaryCall, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { GatewayContext, GatewayListenerConfig, GatewayProtocol, RunningGatewayListener } from '../protocol';
import { ExprotoConn, bin, type Transport } from './connection';
import { bindTarget, Code, handlerTarget, HandlerClient, startAdapterServer, type CodeResponse } from './grpc';

const NODE = 'emqx@127.0.0.1';

interface Runtime {
  key: string;
  ctx: GatewayContext;
  server: Server;
  port: number;
  handler?: HandlerClient;
  conns: Map<string, ExprotoConn>;
  users: number;
  nextId: number;
  creation: number;
}

/** one runtime per server.bind: tests and the node each have their own */
const runtimes = new Map<string, Runtime>();
const starting = new Map<string, Promise<Runtime>>();

/** the port the ConnectionAdapter of this gateway listens on (tests bind port 0) */
export function adapterPort(ctxOrBind: GatewayContext | string): number | undefined {
  const bind = typeof ctxOrBind === 'string' ? ctxOrBind : bindTarget((ctxOrBind.config().server as { bind?: unknown })?.bind);
  return runtimes.get(bind)?.port;
}

/** EMQX's conn string: base64(term_to_binary(Pid)), NEW_PID_EXT with a SMALL_ATOM_UTF8_EXT node name */
function connId(rt: Runtime): string {
  const node = Buffer.from(NODE, 'utf8');
  const b = Buffer.alloc(4 + node.length + 12);
  b[0] = 131;
  b[1] = 88;
  b[2] = 119;
  b[3] = node.length;
  node.copy(b, 4);
  b.writeUInt32BE(rt.nextId++ & 0x7fff, 4 + node.length);
  b.writeUInt32BE(0, 8 + node.length);
  b.writeUInt32BE(rt.creation, 12 + node.length);
  return b.toString('base64');
}

/** a conn string that decodes to a pid term (false = "The conn type error") */
function isPidTerm(conn: string): boolean {
  const b = Buffer.from(conn, 'base64');
  return b.length >= 16 && b[0] === 131 && (b[1] === 88 || b[1] === 103) && b.toString('base64') === conn;
}

type Call = ServerUnaryCall<Record<string, any>, CodeResponse>;
const reply = (fn: (req: Record<string, any>) => CodeResponse | Promise<CodeResponse>) => (call: Call, cb: sendUnaryData<CodeResponse>) => {
  Promise.resolve()
    .then(() => fn(call.request))
    .then(
      (r) => cb(null, r),
      (err: unknown) => cb(null, { code: Code.UNKNOWN, message: bin((err as Error).message) }),
    );
};
const isQos = (q: unknown): q is 0 | 1 | 2 => q === 0 || q === 1 || q === 2;

function adapter(rt: Runtime): UntypedServiceImplementation {
  const withConn = (req: Record<string, any>, fn: (c: ExprotoConn) => CodeResponse | Promise<CodeResponse>): CodeResponse | Promise<CodeResponse> => {
    const conn = String(req.conn ?? '');
    if (!isPidTerm(conn)) return { code: Code.PARAMS_TYPE_ERROR, message: bin('The conn type error') };
    const c = rt.conns.get(conn);
    if (!c) return { code: Code.CONN_PROCESS_NOT_ALIVE, message: bin('Connection process is not alive') };
    return fn(c);
  };
  return {
    Send: reply((req) => withConn(req, (c) => c.send(Buffer.from(req.bytes ?? [])))),
    Close: reply((req) => withConn(req, (c) => c.close())),
    Authenticate: reply((req) => {
      if (!req.clientinfo) return { code: Code.REQUIRED_PARAMS_MISSED };
      return withConn(req, (c) => c.authenticate(req.clientinfo, String(req.password ?? '')));
    }),
    StartTimer: reply((req) => {
      if (req.type !== 'KEEPALIVE' || !(Number(req.interval) > 0)) return { code: Code.PARAMS_TYPE_ERROR };
      return withConn(req, (c) => c.startKeepalive(Number(req.interval)));
    }),
    Publish: reply((req) => (isQos(req.qos) ? withConn(req, (c) => c.publish(String(req.topic), req.qos, Buffer.from(req.payload ?? []))) : { code: Code.PARAMS_TYPE_ERROR })),
    Subscribe: reply((req) => (isQos(req.qos) ? withConn(req, (c) => c.subscribe(String(req.topic), req.qos)) : { code: Code.PARAMS_TYPE_ERROR })),
    Unsubscribe: reply((req) => withConn(req, (c) => c.unsubscribe(String(req.topic)))),
    // publishing as no client needs a broker entry point the gateway core does not hand protocols
    RawPublish: reply(() => ({ code: Code.UNKNOWN, message: bin('RawPublish is not available on this node') })),
  };
}

async function acquire(ctx: GatewayContext): Promise<Runtime> {
  const conf = ctx.config();
  const bind = bindTarget((conf.server as { bind?: unknown })?.bind);
  const have = runtimes.get(bind);
  if (have) {
    have.users++;
    have.ctx = ctx;
    return have;
  }
  let p = starting.get(bind);
  if (!p) {
    p = (async () => {
      const server = conf.server as { ssl_options?: Record<string, unknown> };
      const ssl = server.ssl_options ?? {};
      let tlsMaterial: Parameters<typeof startAdapterServer>[2];
      if (ssl.enable === true) {
        const m = await ctx.tls({ raw: { ssl_options: ssl } } as unknown as GatewayListenerConfig);
        tlsMaterial = { ...m, verify: ssl.verify === 'verify_peer' };
      }
      const rt: Runtime = { key: bind, ctx, server: undefined as unknown as Server, port: 0, conns: new Map(), users: 0, nextId: 1, creation: (Date.now() / 1000) >>> 0 };
      let started: { server: Server; port: number };
      try {
        started = await startAdapterServer(bind, adapter(rt), tlsMaterial);
      } catch (err) {
        throw new Error(`the ConnectionAdapter gRPC server cannot listen on ${bind}: ${(err as Error).message}`);
      }
      rt.server = started.server;
      rt.port = started.port;
      rt.handler = new HandlerClient(conf.handler as { address: string });
      ctx.log.info({ bind, port: rt.port, handler: (conf.handler as { address: string }).address }, 'exproto gRPC server started');
      runtimes.set(bind, rt);
      return rt;
    })().finally(() => starting.delete(bind));
    starting.set(bind, p);
  }
  const rt = await p;
  rt.users++;
  return rt;
}

async function release(rt: Runtime): Promise<void> {
  if (--rt.users > 0) return;
  runtimes.delete(rt.key);
  rt.handler?.close();
  await new Promise<void>((resolve) => rt.server.tryShutdown(() => resolve()));
  rt.server.forceShutdown();
}

function validate(config: Record<string, unknown>): string | undefined {
  const server = config.server as Record<string, unknown> | undefined;
  const handler = config.handler as Record<string, unknown> | undefined;
  if (!server || typeof server !== 'object' || server.bind === undefined || server.bind === '')
    return 'server.bind is required (the address of the ConnectionAdapter gRPC server, such as "0.0.0.0:9100")';
  if (!handler || typeof handler !== 'object' || typeof handler.address !== 'string' || !handler.address)
    return 'handler.address is required (the address of your ConnectionHandler gRPC service, such as "http://127.0.0.1:9001")';
  for (const k of Object.keys(server)) if (!['bind', 'ssl_options'].includes(k)) return `Unknown field in server: ${k}`;
  for (const k of Object.keys(handler)) if (!['address', 'service_name', 'ssl_options'].includes(k)) return `Unknown field in handler: ${k}`;
  if (!['ConnectionUnaryHandler', 'ConnectionHandler'].includes(String(handler.service_name))) return 'handler.service_name must be ConnectionUnaryHandler or ConnectionHandler';
  try {
    bindTarget(server.bind);
    handlerTarget(handler.address);
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
}

const peerOf = (s: net.Socket) => ({ host: (s.remoteAddress ?? '').replace(/^::ffff:/, ''), port: s.remotePort ?? 0 });
const sockOf = (s: net.Socket) => ({ host: (s.localAddress ?? '').replace(/^::ffff:/, ''), port: s.localPort ?? 0 });

async function startListener(ctx: GatewayContext, listener: GatewayListenerConfig): Promise<RunningGatewayListener> {
  const rt = await acquire(ctx);
  const mine = new Set<ExprotoConn>();
  const deps = (forgetExtra?: (c: ExprotoConn) => void) => ({
    ctx,
    listener,
    handler: () => rt.handler,
    node: NODE,
    forget: (c: ExprotoConn) => {
      mine.delete(c);
      if (rt.conns.get(c.id) === c) rt.conns.delete(c.id);
      forgetExtra?.(c);
    },
  });
  const open = (t: Transport, forgetExtra?: (c: ExprotoConn) => void): ExprotoConn => {
    const c = new ExprotoConn(connId(rt), t, deps(forgetExtra));
    rt.conns.set(c.id, c);
    mine.add(c);
    return c;
  };
  try {
    if (listener.type === 'udp') return await udpListener(ctx, listener, rt, mine, open);
    return await streamListener(ctx, listener, rt, mine, open);
  } catch (err) {
    await release(rt);
    throw err;
  }
}

async function streamListener(
  ctx: GatewayContext,
  listener: GatewayListenerConfig,
  rt: Runtime,
  mine: Set<ExprotoConn>,
  open: (t: Transport) => ExprotoConn,
): Promise<RunningGatewayListener> {
  const sockets = new Set<net.Socket>();
  const onSocket = (socket: net.Socket) => {
    const peer = peerOf(socket);
    if (sockets.size >= listener.max_connections || !ctx.admit(listener.id, peer.host)) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const cert = socket instanceof tls.TLSSocket ? socket.getPeerCertificate() : undefined;
    const conn = open({
      socktype: listener.type === 'ssl' ? 'SSL' : 'TCP',
      peer,
      sock: sockOf(socket),
      peercert:
        cert && cert.subject
          ? {
              cn: String(cert.subject.CN ?? ''),
              dn: Object.entries(cert.subject)
                .map(([k, v]) => `${k}=${String(v)}`)
                .join(','),
            }
          : undefined,
      write: (b) => {
        if (!socket.destroyed) socket.write(b);
      },
      end: () => socket.destroy(),
    });
    socket.on('data', (b: Buffer) => conn.received(b));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      conn.closed('tcp_closed');
    });
  };
  let server: net.Server;
  if (listener.type === 'ssl') {
    const material = await ctx.tls(listener);
    const ssl = (listener.raw.ssl_options ?? {}) as Record<string, unknown>;
    const verify = ssl.verify === 'verify_peer';
    server = tls.createServer(
      { cert: material.cert, key: material.key, ca: material.ca, requestCert: verify, rejectUnauthorized: verify && ssl.fail_if_no_peer_cert === true },
      onSocket,
    );
    server.on('tlsClientError', () => undefined);
  } else {
    server = net.createServer(onSocket);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listener.port, listener.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => ctx.log.warn({ listener: listener.id, err }, 'exproto listener error'));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : listener.port,
    connections: () => mine.size,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await release(rt);
    },
  };
}

async function udpListener(
  ctx: GatewayContext,
  listener: GatewayListenerConfig,
  rt: Runtime,
  mine: Set<ExprotoConn>,
  open: (t: Transport, forgetExtra?: (c: ExprotoConn) => void) => ExprotoConn,
): Promise<RunningGatewayListener> {
  const family = net.isIPv6(listener.host) ? 'udp6' : 'udp4';
  const sock = dgram.createSocket(family);
  const peers = new Map<string, ExprotoConn>();
  sock.on('message', (msg, rinfo) => {
    const key = `${rinfo.address}:${rinfo.port}`;
    let conn = peers.get(key);
    if (!conn) {
      if (peers.size >= listener.max_connections || !ctx.admit(listener.id, rinfo.address)) return;
      const a = sock.address();
      const c: ExprotoConn = open(
        {
          socktype: 'UDP',
          peer: { host: rinfo.address, port: rinfo.port },
          sock: { host: a.address, port: a.port },
          write: (b) => sock.send(b, rinfo.port, rinfo.address),
          end: () => {
            if (peers.get(key) === c) peers.delete(key);
            c.closed('udp_closed');
          },
        },
        () => {
          if (peers.get(key) === c) peers.delete(key);
        },
      );
      conn = c;
      peers.set(key, conn);
    }
    conn.received(msg);
  });
  await new Promise<void>((resolve, reject) => {
    sock.once('error', reject);
    sock.bind(listener.port, listener.host, () => {
      sock.off('error', reject);
      resolve();
    });
  });
  sock.on('error', (err) => ctx.log.warn({ listener: listener.id, err }, 'exproto udp listener error'));
  return {
    port: sock.address().port,
    connections: () => mine.size,
    close: async () => {
      for (const c of [...peers.values()]) c.shutdown('listener_stopped');
      await new Promise<void>((resolve) => sock.close(() => resolve()));
      await release(rt);
    },
  };
}

export const exprotoProtocol: GatewayProtocol = {
  name: 'exproto',
  listenerTypes: ['tcp', 'ssl', 'udp'],
  description: 'The Extension Protocol gateway: your gRPC service speaks any TCP or UDP protocol and publishes and subscribes to MQTT topics.',
  defaults: () => ({
    // server and handler are required in every load and update body (EMQX's exproto and update_exproto schemas)
    server: {},
    handler: { service_name: 'ConnectionUnaryHandler' },
  }),
  validate,
  startListener,
};
