// A shadow table of every registered route, so an unknown method on a known path can answer
// 405 with an `allow` header (Fastify itself would say 404).
import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

export type AllowedMethods = (path: string) => string[];

/** '/api/v5/users/:username' → a regex over request paths ('*' matches the rest). */
function toRegex(url: string): RegExp {
  const body = url
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      if (seg.startsWith(':')) return '[^/]+';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}$`);
}

/** Call before any route is registered; returns a lookup of the methods registered for a request path. */
export function trackRoutes(app: FastifyInstance): AllowedMethods {
  const routes: { method: string; re: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if ((METHODS as readonly string[]).includes(method)) routes.push({ method, re: toRegex(route.url) });
    }
  });
  return (path) => METHODS.filter((m) => routes.some((r) => r.method === m && r.re.test(path)));
}
