// A real HTTP(S) server for the http connector's tests: it records every request (method, path, headers, body) and
// answers with what the test sets; it can stop and start again on the same port (an outage of the target).
import { createServer as createHttp, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** raw header names as sent, in order */
  rawHeaders: string[];
  body: string;
  /** the client's port: which of the pool's connections carried it */
  remotePort: number;
}

/** answers a request: a status (and optional body) or a custom handler */
export type Responder = (req: Received, res: ServerResponse) => void;

export interface Target {
  port: number;
  url: string;
  received: Received[];
  respond: Responder;
  /** connections opened so far (the health check opens one each time) */
  connections: number;
  /** resolves once `n` requests arrived (or rejects after `ms`) */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  stop(): Promise<void>;
  /** listens again on the same port */
  start(): Promise<void>;
}

export const answer =
  (status: number, body = ''): Responder =>
  (_req, res) => {
    res.statusCode = status;
    res.end(body);
  };

export async function startTarget(opts: { tls?: { key: string; cert: string }; port?: number } = {}): Promise<Target> {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const waiters: { n: number; resolve: () => void }[] = [];
  const target: Target = {
    port: opts.port ?? 0,
    url: '',
    received: [],
    respond: answer(200, 'ok'),
    connections: 0,
    waitFor(n, ms = 10_000) {
      if (target.received.length >= n) return Promise.resolve(target.received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${target.received.length} of ${n} requests arrived in ${ms} ms`)), ms);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(target.received);
          },
        });
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (!s) return;
      const closed = new Promise<void>((done) => s.close(() => done()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async start() {
      const handler = (req: import('node:http').IncomingMessage, res: ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const r: Received = {
            method: req.method ?? '',
            path: req.url ?? '',
            headers: req.headers,
            rawHeaders: req.rawHeaders,
            body: Buffer.concat(chunks).toString('utf8'),
            remotePort: req.socket.remotePort ?? 0,
          };
          target.received.push(r);
          target.respond(r, res);
          for (const w of waiters.filter((x) => target.received.length >= x.n)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        });
      };
      const s = opts.tls ? createHttps({ key: opts.tls.key, cert: opts.tls.cert }, handler) : createHttp(handler);
      s.keepAliveTimeout = 30_000;
      s.on('connection', (socket: Socket) => {
        target.connections += 1;
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(target.port, '127.0.0.1', () => resolve());
      });
      server = s;
      target.port = (s.address() as AddressInfo).port;
      target.url = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${target.port}`;
    },
  };
  await target.start();
  return target;
}

/** a port nothing listens on (taken from the OS, then released) */
export async function freePort(): Promise<number> {
  const s = createHttp();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
