// Global authentication and role check for /api/v5 (API.md §2.2). Runs in onRequest, i.e. after the
// route lookup (unknown path → 404, wrong method → 405 never reach it) and before body parsing and
// validation, which gives EMQX's order: 405 → 401/403 → 400.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeysService } from '../modules/api-keys/api-keys.service';
import type { TokenStore } from '../modules/auth/tokens';

export interface AuthPrincipal {
  kind: 'token' | 'api_key';
  /** username for tokens, key name for API keys */
  name: string;
  role: string;
  token?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: AuthPrincipal;
  }
}

const PREFIX = '/api/v5';
const PUBLIC_ROUTES = new Set(
  [
    '/login',
    '/status',
    '/error_codes',
    '/error_codes/:code',
    '/schemas/:name',
    '/sso/running', // EMQX EE: the login screen asks which SSO backends run, before anyone is logged in
    '/sso/login/:backend', // EMQX EE: the SSO login itself (this node has no backend: 404, nobody is logged in)
  ].map((p) => PREFIX + p),
);
/** Prometheus scrape documents: public unless `prometheus.enable_basic_auth` is on, then checked as any route. */
const SCRAPE_ROUTES = new Set(
  ['/prometheus/stats', '/prometheus/auth', '/prometheus/data_integration', '/prometheus/schema_validation', '/prometheus/message_transformation'].map((p) => PREFIX + p),
);
/** Routes an API key may not use; the value is the word EMQX puts in the message. */
const API_KEY_DENIED: Record<string, string> = {
  [`${PREFIX}/users`]: 'users',
  [`${PREFIX}/users/:username`]: 'users',
  [`${PREFIX}/logout`]: 'logout',
  [`${PREFIX}/api_key`]: 'api_key',
  [`${PREFIX}/api_key/:name`]: 'api_key',
};
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const PUBLISHER_ROUTES = new Set([`${PREFIX}/publish`, `${PREFIX}/publish/bulk`]);
const WWW_AUTHENTICATE = 'Basic Realm="emqx-dashboard"';

function refuse(reply: FastifyReply, status: number, code: string, message: string, challenge = false): FastifyReply {
  if (challenge) reply.header('www-authenticate', WWW_AUTHENTICATE);
  return reply.code(status).send({ code, message });
}

function parseBasic(value: string): [string, string] | undefined {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const idx = decoded.indexOf(':');
  return idx < 0 ? undefined : [decoded.slice(0, idx), decoded.slice(idx + 1)];
}

/** Viewers read; they may only change their own password and log out. */
function viewerMay(request: FastifyRequest, route: string, principal: AuthPrincipal): boolean {
  if (!WRITE_METHODS.has(request.method)) return true;
  if (route === `${PREFIX}/logout`) return true;
  if (route === `${PREFIX}/users/:username/change_pwd` && principal.kind === 'token') {
    return (request.params as { username?: string }).username === principal.name;
  }
  return false;
}

function roleAllows(request: FastifyRequest, route: string, principal: AuthPrincipal): boolean {
  if (principal.role === 'administrator') return true;
  if (principal.role === 'viewer') return viewerMay(request, route, principal);
  if (principal.role === 'publisher') return request.method === 'POST' && PUBLISHER_ROUTES.has(route);
  return false;
}

export function setupAuth(app: FastifyInstance, deps: { tokens: TokenStore; apiKeys: ApiKeysService }): void {
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || !route.startsWith(`${PREFIX}/`) || PUBLIC_ROUTES.has(route)) return;
    if (SCRAPE_ROUTES.has(route) && app.config.get<boolean>('prometheus.enable_basic_auth') !== true) return;
    const header = request.headers.authorization ?? '';
    const space = header.indexOf(' ');
    const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
    const credential = space < 0 ? '' : header.slice(space + 1).trim();
    let principal: AuthPrincipal;
    if (scheme === 'bearer') {
      const result = deps.tokens.check(credential);
      if (result.status === 'expired') return refuse(reply, 401, 'TOKEN_TIME_OUT', 'Token expired, get new token by POST /login');
      if (result.status !== 'ok') return refuse(reply, 401, 'BAD_TOKEN', 'Get a token by POST /login');
      principal = { kind: 'token', name: result.username, role: result.role, token: credential };
    } else if (scheme === 'basic') {
      const denied = API_KEY_DENIED[route];
      if (denied) {
        return refuse(reply, 401, 'API_KEY_NOT_ALLOW', `Please use bearer Token instead, using API key/secret in ${denied} path is not permitted`, true);
      }
      const pair = parseBasic(credential);
      const result = pair ? deps.apiKeys.check(pair[0], pair[1]) : { status: 'bad' as const };
      if (result.status !== 'ok') return refuse(reply, 401, 'BAD_API_KEY_OR_SECRET', 'Check api_key/api_secret', true);
      principal = { kind: 'api_key', name: result.name, role: result.role };
    } else {
      return refuse(reply, 401, 'AUTHORIZATION_HEADER_ERROR', 'Support authorization: basic/bearer ', true);
    }
    if (!roleAllows(request, route, principal)) {
      const message = principal.kind === 'api_key' ? "This API Key don't have permission to access this resource" : "You don't have permission to access this resource";
      return refuse(reply, 403, 'UNAUTHORIZED_ROLE', message);
    }
    request.principal = principal;
  });
}
