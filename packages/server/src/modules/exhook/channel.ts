// The gRPC side of one ExHook server: EMQX's exhook.proto (vendored beside this file, Apache-2.0, loaded at run time
// with @grpc/proto-loader, found through import.meta.url so the bundled node finds it too) and a pool of
// `pool_size` clients of emqx.exhook.v2.HookProvider, each on its own connection. A call goes to the client its key
// picks (the client id, as EMQX's key_dispatch), with the server's request_timeout as the gRPC deadline.
// https URLs use TLS with the server's ssl options (CA, client certificate and key as PEM files, verify).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChannelCredentials, Client, ServiceClientConstructor } from '@grpc/grpc-js';
import { grpc, protoLoader } from '../../shared/drivers';
import type { ExhookServerConfig } from './exhook.config';

export const PROTO_FILE = fileURLToPath(new URL('./exhook.proto', import.meta.url));

let ctor: ServiceClientConstructor | undefined;
/** the HookProvider client class, loaded once */
function hookProvider(): ServiceClientConstructor {
  if (!ctor) {
    const def = protoLoader().loadSync(PROTO_FILE, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
    const pkg = grpc().loadPackageDefinition(def) as unknown as { emqx: { exhook: { v2: { HookProvider: ServiceClientConstructor } } } };
    ctor = pkg.emqx.exhook.v2.HookProvider;
  }
  return ctor;
}

const file = (path?: string) => (path ? readFileSync(path) : null);

function channelCredentials(c: ExhookServerConfig): ChannelCredentials {
  const { credentials } = grpc(); // loaded with the first ExHook server that is enabled
  if (new URL(c.url).protocol !== 'https:') return credentials.createInsecure();
  const ssl = c.ssl;
  const verify = ssl.verify === 'verify_peer';
  return credentials.createSsl(file(ssl.cacertfile), file(ssl.keyfile), file(ssl.certfile), {
    rejectUnauthorized: verify,
    ...(verify ? {} : { checkServerIdentity: () => undefined }),
  });
}

type Unary = (req: unknown, options: { deadline: number }, cb: (err: Error | null, res: unknown) => void) => void;

export class HookChannel {
  private readonly clients: Client[];

  constructor(config: ExhookServerConfig) {
    const u = new URL(config.url);
    const address = `${u.hostname.includes(':') ? `[${u.hostname}]` : u.hostname}:${u.port || (u.protocol === 'https:' ? 443 : 80)}`;
    const creds = channelCredentials(config);
    const sni = config.ssl.server_name_indication;
    const options: Record<string, string | number> = {
      // each pool member its own connection, not a shared subchannel
      'grpc.use_local_subchannel_pool': 1,
      'grpc.keepalive_permit_without_calls': config.socket_options.keepalive ? 1 : 0,
      ...(sni && sni !== 'disable' ? { 'grpc.ssl_target_name_override': sni } : {}),
    };
    const Ctor = hookProvider();
    this.clients = Array.from({ length: config.pool_size }, () => new Ctor(address, creds, options));
  }

  /** One unary call; rejects on a gRPC error or when the deadline passes. */
  call<T>(method: string, req: unknown, timeoutMs: number, key = ''): Promise<T> {
    let h = 0;
    for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
    const client = this.clients[Math.abs(h) % this.clients.length] as unknown as Record<string, Unary>;
    return new Promise<T>((resolve, reject) => {
      client[method].call(client, req, { deadline: Date.now() + timeoutMs }, (err, res) => (err ? reject(err) : resolve(res as T)));
    });
  }

  close(): void {
    for (const c of this.clients) c.close();
  }
}
