// POST /login and POST /logout (API.md §2.3). Login answers as EMQX Enterprise does (edition "ee", role).
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { apiError } from '../../errors';
import { EMQX_VERSION } from '../status/version';

/** The release edition atom EMQX Enterprise sends (API.md §2.3), not the document's opensource|enterprise. */
const LICENSE: ReplyOf<'/login', 'post', 200>['license'] = { edition: 'ee' };

export default async function authRoutes(app: FastifyInstance) {
  route(app, 'post', '/login', {
    handler: async (request) => {
      const { username = '', password = '' } = request.body ?? {};
      const wait = app.loginLimiter.lockedFor(username, request.ip);
      if (wait > 0) throw apiError(401, 'BAD_USERNAME_OR_PWD', `Login locked: too many failed attempts, retry in ${wait} seconds`);
      const user = app.users.authenticate(username, password);
      if (!user) {
        app.loginLimiter.fail(username, request.ip);
        throw apiError(401, 'BAD_USERNAME_OR_PWD', 'Auth failed');
      }
      app.loginLimiter.succeed(username, request.ip);
      return { token: app.tokens.issue(user.username), version: EMQX_VERSION, license: LICENSE, role: user.role };
    },
  });

  route(app, 'post', '/logout', {
    handler: async (request, reply) => {
      const username = request.body?.username;
      const principal = request.principal!;
      if (!principal.token || username !== principal.name) {
        throw apiError(401, 'WRONG_TOKEN_OR_USERNAME', 'Ensure your token & username');
      }
      app.tokens.revoke(principal.token);
      return reply.code(204).send();
    },
  });
}
