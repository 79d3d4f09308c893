// A ConnectionUnaryHandler written with @grpc/grpc-js for the ExProto tests, like EMQX's emqx_exproto_echo_svr but
// line based: the first line "AUTH <clientid> <username> <password>" authenticates the connection, then
// "SUB <topic>", "UNSUB <topic>", "PUB <topic> <payload>" and "CLOSE" act through the node's ConnectionAdapter; every
// answer and every delivered message ("MSG <topic> <payload>") goes back to the device through Send.
import dgram from 'node:dgram';
import net from 'node:net';
import { Client, credentials, Server, ServerCredentials } from '@grpc/grpc-js';
import { exprotoPackage, type CodeResponse } from './grpc';

type Req = Record<string, any>;
type Adapter = Record<string, (req: unknown, cb: (err: Error | null, res: CodeResponse) => void) => void>;

export interface EchoHandler {
  port: number;
  /** every callback the node made, in order: [method, request] */
  events: Array<[string, Req]>;
  /** the adapter's answers to the handler's calls: [method, response] */
  answers: Array<[string, CodeResponse]>;
  /** point the handler at the node's ConnectionAdapter */
  connectAdapter(port: number, tls?: boolean): void;
  /** one adapter call made by the test itself */
  call(method: string, req: unknown): Promise<CodeResponse>;
  close(): Promise<void>;
}

/** the echo handler; with `tls` it serves https (the given pair) and `connectAdapter` may reach a TLS adapter */
export async function startEchoHandler(opts: { tls?: { cert: string | Buffer; key: string | Buffer } } = {}): Promise<EchoHandler> {
  let adapter: Adapter | undefined;
  const events: Array<[string, Req]> = [];
  const answers: Array<[string, CodeResponse]> = [];
  const buffers = new Map<string, string>();
  const call = (method: string, req: unknown) =>
    new Promise<CodeResponse>((resolve, reject) => {
      if (!adapter) return reject(new Error('adapter not connected'));
      adapter[method].call(adapter, req, (err, res) => {
        if (err) return reject(err);
        answers.push([method, res]);
        resolve(res);
      });
    });
  const send = (conn: string, text: string) => call('Send', { conn, bytes: Buffer.from(`${text}\n`) });
  const line = async (conn: string, l: string) => {
    const [cmd, ...rest] = l.split(' ');
    if (cmd === 'AUTH') {
      const [clientid, username, password] = rest;
      const r = await call('Authenticate', { conn, clientinfo: { proto_name: 'echo', proto_ver: '0.1', clientid, username }, password });
      await send(conn, r.code === 'SUCCESS' ? 'AUTH OK' : `AUTH ${r.code} ${r.message}`);
    } else if (cmd === 'SUB') {
      const r = await call('Subscribe', { conn, topic: rest[0], qos: 1 });
      await send(conn, `SUB ${r.code}`);
    } else if (cmd === 'UNSUB') {
      const r = await call('Unsubscribe', { conn, topic: rest[0] });
      await send(conn, `UNSUB ${r.code}`);
    } else if (cmd === 'PUB') {
      const r = await call('Publish', { conn, topic: rest[0], qos: 1, payload: Buffer.from(rest.slice(1).join(' ')) });
      await send(conn, `PUB ${r.code}`);
    } else if (cmd === 'KEEPALIVE') {
      const r = await call('StartTimer', { conn, type: 'KEEPALIVE', interval: Number(rest[0]) });
      await send(conn, `KEEPALIVE ${r.code}`);
    } else if (cmd === 'CLOSE') {
      await call('Close', { conn });
    }
  };
  const ok = (name: string, after?: (req: Req) => Promise<void>) => (c: { request: Req }, cb: (err: null, res: object) => void) => {
    events.push([name, c.request]);
    cb(null, {});
    void after?.(c.request).catch(() => undefined);
  };
  const handlers: Record<string, (req: Req) => Promise<void>> = {
    OnReceivedBytes: async (req) => {
      const conn = String(req.conn);
      const text = (buffers.get(conn) ?? '') + Buffer.from(req.bytes).toString();
      const lines = text.split('\n');
      buffers.set(conn, lines.pop() ?? '');
      for (const l of lines) if (l.trim()) await line(conn, l.trim());
    },
    OnReceivedMessages: async (req) => {
      for (const m of req.messages as Req[]) await send(String(req.conn), `MSG ${m.topic} ${Buffer.from(m.payload).toString()}`);
    },
  };
  const methods = ['OnSocketCreated', 'OnSocketClosed', 'OnTimerTimeout', 'OnReceivedBytes', 'OnReceivedMessages'];
  const server = new Server();
  // the same echo logic behind both services: unary calls, and client streams (one per callback, as EMQX opens them)
  server.addService(exprotoPackage().ConnectionUnaryHandler.service, Object.fromEntries(methods.map((m) => [m, ok(m, handlers[m])])));
  server.addService(
    exprotoPackage().ConnectionHandler.service,
    Object.fromEntries(
      methods.map((m) => [
        m,
        (stream: { on(ev: string, f: (req?: Req) => void): void }, cb: (err: null, res: object) => void) => {
          let chain = Promise.resolve();
          stream.on('data', (req) => {
            events.push([m, { ...req!, streamed: true }]);
            chain = chain.then(() => handlers[m]?.(req!)).catch(() => undefined);
          });
          stream.on('end', () => cb(null, {}));
        },
      ]),
    ),
  );
  const creds = opts.tls
    ? ServerCredentials.createSsl(null, [{ private_key: Buffer.from(opts.tls.key), cert_chain: Buffer.from(opts.tls.cert) }])
    : ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', creds, (err, p) => (err ? reject(err) : resolve(p))));
  return {
    port,
    events,
    answers,
    connectAdapter(p, tls) {
      const Ctor = exprotoPackage().ConnectionAdapter;
      // the node's own certificate is self-signed: the test client does not verify it
      const creds = tls ? credentials.createSsl(null, null, null, { rejectUnauthorized: false, checkServerIdentity: () => undefined }) : credentials.createInsecure();
      if (adapter) Client.prototype.close.call(adapter);
      adapter = new Ctor(`127.0.0.1:${p}`, creds) as unknown as Adapter;
    },
    call,
    close: async () => {
      // the adapter's Close RPC shadows the client's own close(): call grpc-js's
      if (adapter) Client.prototype.close.call(adapter);
      server.forceShutdown();
    },
  };
}

/** a raw TCP device reading lines */
export class LineClient {
  readonly lines: string[] = [];
  closed = false;
  private buf = '';
  constructor(readonly socket: net.Socket) {
    socket.on('data', (b: Buffer) => {
      const parts = (this.buf + b.toString()).split('\n');
      this.buf = parts.pop() ?? '';
      this.lines.push(...parts);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => (this.closed = true));
  }
  static connect(port: number): Promise<LineClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new LineClient(s)));
      s.once('error', reject);
    });
  }
  send(line: string): void {
    this.socket.write(`${line}\n`);
  }
  end(): void {
    this.socket.destroy();
  }
}

/** a UDP device reading datagrams as lines */
export class UdpLineClient {
  readonly lines: string[] = [];
  private readonly socket = dgram.createSocket('udp4');
  constructor(private readonly port: number) {
    this.socket.on('message', (b: Buffer) => this.lines.push(...b.toString().split('\n').filter(Boolean)));
  }
  send(line: string): void {
    this.socket.send(`${line}\n`, this.port, '127.0.0.1');
  }
  end(): void {
    this.socket.close();
  }
}

/** a TCP port nothing listens on (bound, then released) */
export async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
