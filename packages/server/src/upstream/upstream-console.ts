// `mqdeck start --upstream <url>`: this process serves only the console and passes /api/v5 on to a real EMQX 5.8
// (proxy.ts); no MQTT listener, no data of its own. The console learns that it runs in front of an upstream from
// `upstream.json` beside index.html (absent in front of our own node), and shows whose broker it manages.
import Fastify, { type FastifyInstance } from 'fastify';
import { setupStatic } from '../plugins/static';
import { forward, type Upstream } from './proxy';

export interface UpstreamConsoleOptions {
  upstream: Upstream;
  dashboardDir?: string;
  host: string;
  /** 0 = ephemeral */
  port: number;
  logger?: boolean;
}

export interface RunningUpstreamConsole {
  app: FastifyInstance;
  httpUrl: string;
  close(): Promise<void>;
}

/** the upstream as the console may show it: scheme, host and path, never credentials written into the URL */
export const shownUpstream = (url: URL): string => `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;

export async function startUpstreamConsole(opts: UpstreamConsoleOptions): Promise<RunningUpstreamConsole> {
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024 * 1024 });
  // bodies are not parsed here: they are streamed on to the upstream as they arrive
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.all('/api/v5/*', async (request, reply) => {
    const answer = await forward(opts.upstream, {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body as import('node:stream').Readable | undefined,
      clientIp: request.ip.replace(/^::ffff:/, ''),
      proto: request.protocol,
    });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  app.get('/upstream.json', async () => ({ upstream: shownUpstream(opts.upstream.url) }));

  const staticFallback = await setupStatic(app, opts.dashboardDir);
  app.setNotFoundHandler((request, reply) => {
    const served = staticFallback?.(request, reply);
    if (served) return served;
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not Found' });
  });

  await app.listen({ host: opts.host, port: opts.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  return { app, httpUrl: `http://${host}:${port}`, close: () => app.close() };
}
