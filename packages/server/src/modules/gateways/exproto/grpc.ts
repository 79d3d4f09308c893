// The gRPC side of ExProto (emqx_exproto_gsvr, emqx_exproto_gcli): EMQX's exproto.proto (vendored beside this file,
// Apache-2.0, loaded at run time with @grpc/proto-loader and found through import.meta.url like exhook.proto), the
// client of the operator's handler (ConnectionUnaryHandler or the streaming ConnectionHandler at handler.address)
// and the ConnectionAdapter server this node serves on server.bind.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChannelCredentials, ClientWritableStream, Server, ServiceClientConstructor, UntypedServiceImplementation } from '@grpc/grpc-js';
import { grpc, protoLoader } from '../../../shared/drivers'; // loaded when an exproto gateway first starts

export const PROTO_FILE = fileURLToPath(new URL('./exproto.proto', import.meta.url));

interface ExprotoPackage {
  ConnectionAdapter: ServiceClientConstructor;
  ConnectionHandler: ServiceClientConstructor;
  ConnectionUnaryHandler: ServiceClientConstructor;
}

let pkg: ExprotoPackage | undefined;
/** the emqx.exproto.v1 services, loaded once (enums as names, bytes as Buffers, proto3 defaults filled) */
export function exprotoPackage(): ExprotoPackage {
  if (!pkg) {
    const def = protoLoader().loadSync(PROTO_FILE, { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true });
    pkg = (grpc().loadPackageDefinition(def) as unknown as { emqx: { exproto: { v1: ExprotoPackage } } }).emqx.exproto.v1;
  }
  return pkg;
}

/** EMQX's ResultCode */
export const Code = {
  SUCCESS: 'SUCCESS',
  UNKNOWN: 'UNKNOWN',
  CONN_PROCESS_NOT_ALIVE: 'CONN_PROCESS_NOT_ALIVE',
  REQUIRED_PARAMS_MISSED: 'REQUIRED_PARAMS_MISSED',
  PARAMS_TYPE_ERROR: 'PARAMS_TYPE_ERROR',
  PERMISSION_DENY: 'PERMISSION_DENY',
} as const;
export type ResultCode = (typeof Code)[keyof typeof Code];
export interface CodeResponse {
  code: ResultCode;
  message?: string;
}

/** the handler's five callbacks, in the proto's method names */
export type HandlerMethod = 'OnSocketCreated' | 'OnSocketClosed' | 'OnReceivedBytes' | 'OnTimerTimeout' | 'OnReceivedMessages';

export interface HandlerConfig {
  address: string;
  service_name?: string;
  ssl_options?: Record<string, unknown>;
}

const file = (path: unknown) => (typeof path === 'string' && path ? readFileSync(path) : null);

/** host:port of handler.address ("http://127.0.0.1:9001"; https means TLS); throws a plain sentence when unusable */
export function handlerTarget(address: string): { target: string; tls: boolean } {
  let u: URL;
  try {
    u = new URL(/^[a-z]+:\/\//i.test(address) ? address : `http://${address}`);
  } catch {
    throw new Error(`handler.address ${JSON.stringify(address)} is not an address such as "http://127.0.0.1:9001"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`handler.address must start with http:// or https://`);
  if (!u.port) throw new Error(`handler.address ${JSON.stringify(address)} has no port`);
  return { target: `${u.hostname}:${u.port}`, tls: u.protocol === 'https:' };
}

/** The client of the operator's handler: unary calls with a deadline, or one client stream per callback. */
export class HandlerClient {
  private readonly client: Record<string, unknown> & { close(): void };
  private readonly streaming: boolean;
  private readonly streams = new Map<HandlerMethod, ClientWritableStream<unknown>>();

  constructor(config: HandlerConfig) {
    const { target, tls } = handlerTarget(config.address);
    const ssl = config.ssl_options ?? {};
    const useTls = tls || ssl.enable === true;
    const { credentials } = grpc();
    let creds: ChannelCredentials = credentials.createInsecure();
    if (useTls) {
      const verify = ssl.verify === 'verify_peer';
      creds = credentials.createSsl(file(ssl.cacertfile), file(ssl.keyfile), file(ssl.certfile), {
        rejectUnauthorized: verify,
        ...(verify ? {} : { checkServerIdentity: () => undefined }),
      });
    }
    this.streaming = config.service_name === 'ConnectionHandler';
    const p = exprotoPackage();
    const Ctor = this.streaming ? p.ConnectionHandler : p.ConnectionUnaryHandler;
    this.client = new Ctor(target, creds, { 'grpc.use_local_subchannel_pool': 1 });
  }

  /** one callback; resolves when the handler took it, rejects when it is unreachable or answers an error */
  call(method: HandlerMethod, req: unknown, timeoutMs = 5000): Promise<void> {
    if (this.streaming) return this.write(method, req);
    const fn = this.client[method] as (r: unknown, o: { deadline: number }, cb: (err: Error | null) => void) => void;
    return new Promise((resolve, reject) => fn.call(this.client, req, { deadline: Date.now() + timeoutMs }, (err) => (err ? reject(err) : resolve())));
  }

  private write(method: HandlerMethod, req: unknown): Promise<void> {
    let stream = this.streams.get(method);
    if (!stream) {
      const fn = this.client[method] as (cb: (err: Error | null) => void) => ClientWritableStream<unknown>;
      const s = fn.call(this.client, () => {
        if (this.streams.get(method) === s) this.streams.delete(method);
      });
      s.on('error', () => {
        if (this.streams.get(method) === s) this.streams.delete(method);
      });
      this.streams.set(method, s);
      stream = s;
    }
    const s = stream;
    return new Promise((resolve, reject) => {
      s.write(req, (err: Error | null | undefined) => (err ? reject(err) : resolve()));
    });
  }

  close(): void {
    for (const s of this.streams.values()) s.end();
    this.streams.clear();
    this.client.close();
  }
}

/** server.bind ("127.0.0.1:9100", "9100", 9100) → host:port for gRPC */
export function bindTarget(bind: unknown): string {
  const s = String(bind ?? '').trim();
  if (/^\d+$/.test(s)) return `0.0.0.0:${s}`;
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(s);
  if (!m || Number(m[2]) > 65535) throw new Error(`server.bind ${JSON.stringify(bind)} is not a port or host:port such as "0.0.0.0:9100"`);
  return s;
}

/** start the ConnectionAdapter service; resolves to the bound port */
export async function startAdapterServer(
  bind: string,
  impl: UntypedServiceImplementation,
  tls?: { cert: string | Buffer; key: string | Buffer; ca?: string | Buffer; verify: boolean },
): Promise<{ server: Server; port: number }> {
  const { Server, ServerCredentials } = grpc();
  const server = new Server();
  server.addService(exprotoPackage().ConnectionAdapter.service, impl);
  const creds = tls
    ? ServerCredentials.createSsl(tls.ca ? Buffer.from(tls.ca) : null, [{ private_key: Buffer.from(tls.key), cert_chain: Buffer.from(tls.cert) }], tls.verify)
    : ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) => server.bindAsync(bind, creds, (err, p) => (err ? reject(err) : resolve(p))));
  return { server, port };
}
