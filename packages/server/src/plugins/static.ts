// The console's static files (Vite build output). The console routes by hash (`#/clients`) with relative assets,
// so it can be hosted under any sub-path. A browser that opens a path URL (`/clients`, as the spec names routes)
// is redirected to the same screen's hash URL, relative to where the console is hosted; answering index.html there
// made its relative assets resolve under `/clients/…`, come back as HTML, and the page stayed blank. A missing file
// is a 404, never index.html.
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
    if (path === '/' || path === '/index.html') return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
    // Only a page navigation is sent on to a screen: scripts, styles and images that are missing get the 404.
    if (!isNavigation(request) || path.startsWith('/assets/')) return undefined;
    return reply.redirect(hashRouteLocation(request.url), 302);
  };
}

function isNavigation(request: FastifyRequest): boolean {
  const dest = request.headers['sec-fetch-dest'];
  if (typeof dest === 'string') return dest === 'document';
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * `/clients?page=2` → `./#/clients?page=2`, `/clients/detail/a` → `../../#/clients/detail/a`: the hash URL of the same
 * screen, relative to the request, so a console hosted under a sub-path (a proxy that strips `/mqdeck`) stays there.
 * It always starts with `./` or `../`: never a redirect to another host.
 */
export function hashRouteLocation(rawUrl: string): string {
  const [path, ...rest] = rawUrl.split('?');
  const query = rest.length ? `?${rest.join('?')}` : '';
  const segments = path.split('/').slice(1);
  const up = segments.length > 1 ? '../'.repeat(segments.length - 1) : './';
  const route = `/${segments.filter((x) => x !== '').join('/')}`;
  return `${up}#${route}${query}`;
}
