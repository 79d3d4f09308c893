// POST /login and POST /logout (API.md §2.3). Login answers as EMQX Enterprise does (edition "ee", role).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { apiError } from '../../errors';
import { EMQX_VERSION } from '../status/version';

export default async function authRoutes(app: FastifyInstance) {
  app.post('/login', { schema: routeSchema('post', '/login') }, async (request) => {
    const { username = '', password = '' } = (request.body ?? {}) as { username?: string; password?: string };
    const wait = app.loginLimiter.lockedFor(username, request.ip);
    if (wait > 0) throw apiError(401, 'BAD_USERNAME_OR_PWD', `Login locked: too many failed attempts, retry in ${wait} seconds`);
    const user = app.users.authenticate(username, password);
    if (!user) {
      app.loginLimiter.fail(username, request.ip);
      throw apiError(401, 'BAD_USERNAME_OR_PWD', 'Auth failed');
    }
    app.loginLimiter.succeed(username, request.ip);
    return { token: app.tokens.issue(user.username), version: EMQX_VERSION, license: { edition: 'ee' }, role: user.role };
  });

  app.post('/logout', { schema: routeSchema('post', '/logout') }, async (request, reply) => {
    const { username } = (request.body ?? {}) as { username?: string };
    const principal = request.principal!;
    if (!principal.token || username !== principal.name) {
      throw apiError(401, 'WRONG_TOKEN_OR_USERNAME', 'Ensure your token & username');
    }
    app.tokens.revoke(principal.token);
    return reply.code(204).send();
  });
}
