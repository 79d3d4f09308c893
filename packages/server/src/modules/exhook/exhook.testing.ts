// A real ExHook server for tests: emqx.exhook.v2.HookProvider served by @grpc/grpc-js from EMQX's exhook.proto on a
// free port. It registers the hooks it is given, records every call, and answers client.authenticate,
// client.authorize and message.publish as the test decides; `delayMs` makes every answer late (a slow server).
import { Server, ServerCredentials, loadPackageDefinition, type ServiceClientConstructor, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { generate } from 'selfsigned';
import { PROTO_FILE } from './channel';

export interface HookSpec {
  name: string;
  topics?: string[];
}

export interface TestHookServer {
  port: number;
  url: string;
  /** rpc name → requests received, in order */
  calls: Map<string, Record<string, any>[]>;
  count(rpc: string): number;
  /** answers of the valued hooks (defaults: CONTINUE with the request's own value) */
  answers: {
    authenticate?: (req: Record<string, any>) => Record<string, unknown>;
    authorize?: (req: Record<string, any>) => Record<string, unknown>;
    publish?: (req: Record<string, any>) => Record<string, unknown>;
  };
  delayMs: number;
  close(): Promise<void>;
}

/** a self-signed certificate for localhost and 127.0.0.1 (the TLS tests' server identity and CA at once) */
export async function selfSigned(): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    days: 1,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as Parameters<typeof generate>[1]);
  return { cert: pems.cert, key: pems.private };
}

export async function startHookServer(hooks: HookSpec[], tls?: { cert: string; key: string }): Promise<TestHookServer> {
  const def = loadSync(PROTO_FILE, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
  const pkg = loadPackageDefinition(def) as unknown as { emqx: { exhook: { v2: { HookProvider: ServiceClientConstructor } } } };
  const service = pkg.emqx.exhook.v2.HookProvider.service;
  const calls = new Map<string, Record<string, any>[]>();
  const state: TestHookServer = {
    port: 0,
    url: '',
    calls,
    count: (rpc) => calls.get(rpc)?.length ?? 0,
    answers: {},
    delayMs: 0,
    close: async () => undefined,
  };
  const impl: UntypedServiceImplementation = {};
  for (const rpc of Object.keys(service)) {
    impl[rpc] = (call: { request: Record<string, any> }, cb: (err: null, res: unknown) => void) => {
      const list = calls.get(rpc) ?? [];
      list.push(call.request);
      calls.set(rpc, list);
      const answer = (): unknown => {
        if (rpc === 'OnProviderLoaded') return { hooks };
        if (rpc === 'OnClientAuthenticate') return state.answers.authenticate?.(call.request) ?? { type: 'CONTINUE', bool_result: call.request.result };
        if (rpc === 'OnClientAuthorize') return state.answers.authorize?.(call.request) ?? { type: 'CONTINUE', bool_result: call.request.result };
        if (rpc === 'OnMessagePublish') return state.answers.publish?.(call.request) ?? { type: 'CONTINUE', message: call.request.message };
        return {};
      };
      if (state.delayMs > 0) setTimeout(() => cb(null, answer()), state.delayMs).unref();
      else cb(null, answer());
    };
  }
  const server = new Server();
  server.addService(service, impl);
  const creds = tls ? ServerCredentials.createSsl(null, [{ private_key: Buffer.from(tls.key), cert_chain: Buffer.from(tls.cert) }]) : ServerCredentials.createInsecure();
  state.port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', creds, (e, p) => (e ? reject(e) : resolve(p))));
  state.url = `${tls ? 'https' : 'http'}://127.0.0.1:${state.port}`;
  state.close = async () => server.forceShutdown();
  return state;
}
