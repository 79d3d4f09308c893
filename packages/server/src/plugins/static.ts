// The console's static files (Vite build output) with the SPA rule: a non-API GET that is not a file
// gets index.html so the client router can handle it.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';

export async function setupStatic(app: FastifyInstance, dashboardDir: string | undefined) {
  if (!dashboardDir || !existsSync(resolve(dashboardDir, 'index.html'))) return undefined;
  const root = resolve(dashboardDir);
  // serve:false: no catch-all route, so unknown methods and API paths keep their 404/405 answers.
  await app.register(fastifyStatic, { root, serve: false });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]);
    } catch {
      return undefined;
    }
    const file = resolve(root, `.${path}`);
    if (file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile()) {
      const rel = file.slice(root.length + 1);
      // Extension-less files such as the build's `version` are text.
      if (extname(rel) === '') return reply.type('text/plain; charset=utf-8').send(readFileSync(file));
      // Vite names built assets by content hash: cache them for good, so a visit does not revalidate ~30 chunks
      // one 304 at a time; index.html is always revalidated so a new build is picked up.
      if (rel.startsWith(`assets${sep}`)) return reply.sendFile(rel, { maxAge: '365d', immutable: true });
      return reply.sendFile(rel, { maxAge: 0 });
    }
    return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
  };
}
