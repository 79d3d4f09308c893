// Test helpers of data integration: a real HTTP peer (node:http on a free port, which can be taken down and brought
// back on the same port) and a test-only connector type that speaks to it, registered under the contract type name
// `rabbitmq`, so the resource layer is exercised without the http/mqtt types. `rabbitmq` is the one contract type
// besides mqtt with a connector, an action and a source on it, and the fake's bodies are its schema's shapes; since
// the node runs a real rabbitmq type (types/rabbitmq/), the fake stands in for it in the test file that registers
// it (the server tests run each file with its own module registry) and the real one is put back afterwards.
//   connector: GET /health (sends the connector's password in a header, so a test sees the secret kept)
//   action:    POST /ingest with the batch as a JSON array; 2xx ok, 5xx or no connection recoverable, 4xx not
//   source:    polls GET /queue/<queue>, a JSON array of messages, each emitted as `$bridges/…` columns
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ConnectorType, Health, SendOutcome } from './resource/types';
import { connectorTypes } from './types';

export const FAKE_TYPE = 'rabbitmq';

export class HttpPeer {
  /** every request body POSTed to /ingest, in order (one entry per request of a batch) */
  readonly received: unknown[] = [];
  /** the sizes of the batches as they came */
  readonly batches: number[] = [];
  /** the last password the connector sent */
  lastPassword?: string;
  /** messages waiting for a source to poll them, by queue */
  readonly queues = new Map<string, unknown[]>();
  /** answer /ingest with this status instead of 200 (e.g. 400 for a failure that is not retried) */
  ingestStatus = 200;
  port = 0;
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  async up(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** stops listening and cuts every connection: the target is down (connection refused) */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = req.url ?? '/';
    res.setHeader('connection', 'close');
    if (url === '/health') {
      this.lastPassword = String(req.headers['x-password'] ?? '');
      res.end('ok');
    } else if (url === '/ingest' && req.method === 'POST') {
      if (this.ingestStatus >= 300) {
        res.statusCode = this.ingestStatus;
        res.end('no');
        return;
      }
      const batch = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
      this.batches.push(batch.length);
      this.received.push(...batch);
      res.end('ok');
    } else if (url.startsWith('/queue/')) {
      const q = decodeURIComponent(url.slice('/queue/'.length));
      const msgs = this.queues.get(q) ?? [];
      this.queues.set(q, []);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(msgs));
    } else {
      res.statusCode = 404;
      res.end();
    }
  }
}

async function call(url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(2000), headers: { ...(init?.headers as Record<string, string>), connection: 'close' } });
}

const reason = (err: unknown) => {
  const cause = (err as { cause?: { code?: string } }).cause?.code;
  return cause === 'ECONNREFUSED' ? 'Connection refused' : err instanceof Error ? err.message : String(err);
};

/** the test-only connector type over HttpPeer */
export const fakeType: ConnectorType = {
  type: FAKE_TYPE,
  async start(config) {
    const base = `http://${String(config.server)}:${String(config.port)}`;
    const password = String(config.password ?? '');
    const health = async (): Promise<Health> => {
      try {
        const r = await call(`${base}/health`, { headers: { 'x-password': password } });
        return r.ok ? { status: 'connected' } : { status: 'disconnected', reason: `HTTP ${r.status}` };
      } catch (err) {
        return { status: 'disconnected', reason: reason(err) };
      }
    };
    const first = await health();
    if (first.status !== 'connected') throw new Error(first.reason);
    return Object.assign({ health, stop: async () => undefined }, { base });
  },
  action: {
    batches: true,
    async start(parameters, connector) {
      const base = (connector as unknown as { base: string }).base;
      return {
        render: (selected) => ({ routing_key: parameters.routing_key, payload: selected.payload }),
        async send(requests): Promise<SendOutcome> {
          try {
            const r = await call(`${base}/ingest`, { method: 'POST', body: JSON.stringify(requests), headers: { 'content-type': 'application/json' } });
            if (r.ok) return { ok: true };
            return r.status >= 500 ? { ok: false, recoverable: true, reason: `HTTP ${r.status}` } : { ok: false, recoverable: false, reason: `HTTP ${r.status}` };
          } catch (err) {
            return { ok: false, recoverable: true, reason: reason(err) };
          }
        },
      };
    },
  },
  source: {
    async start(parameters, connector, _ctx, emit) {
      const base = (connector as unknown as { base: string }).base;
      let stopped = false;
      const poll = async () => {
        while (!stopped) {
          try {
            const r = await call(`${base}/queue/${encodeURIComponent(String(parameters.queue))}`);
            for (const m of (await r.json()) as Record<string, unknown>[]) emit({ topic: parameters.queue, qos: 0, ...m });
          } catch {
            // the peer is down: try again at the next poll
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      void poll();
      return {
        stop: async () => {
          stopped = true;
        },
      };
    },
  },
};

/** registers the fake type for the calling file's node, in place of the real type of that name; returns the remover */
export function registerFakeType(): () => void {
  const at = connectorTypes.findIndex((t) => t.type === FAKE_TYPE);
  const real = at >= 0 ? connectorTypes.splice(at, 1)[0] : undefined;
  connectorTypes.push(fakeType);
  return () => {
    const i = connectorTypes.indexOf(fakeType);
    if (i >= 0) connectorTypes.splice(i, 1);
    if (real) connectorTypes.splice(at, 0, real);
  };
}

/** a connector body of the fake type on `peer` */
export const fakeConnector = (name: string, peer: HttpPeer, extra: Record<string, unknown> = {}) => ({
  type: FAKE_TYPE,
  name,
  server: '127.0.0.1',
  port: peer.port,
  username: 'guest',
  password: 'top-secret',
  ...extra,
});

export const fakeAction = (name: string, connector: string, extra: Record<string, unknown> = {}) => ({
  type: FAKE_TYPE,
  name,
  connector,
  parameters: { exchange: 'x', routing_key: 'k' },
  ...extra,
});

export const fakeSource = (name: string, connector: string, queue: string) => ({ type: FAKE_TYPE, name, connector, parameters: { queue } });
