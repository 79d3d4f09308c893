// Dashboard users: GET|POST /users, PUT|DELETE /users/{username}, POST /users/{username}/change_pwd.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { apiError } from '../../errors';

export default async function usersRoutes(app: FastifyInstance) {
  route(app, 'get', '/users', { handler: async () => app.users.list() });

  route(app, 'post', '/users', { handler: async (req) => app.users.create(req.body ?? {}) });

  route(app, 'put', '/users/{username}', {
    handler: async (req) => {
      const { description, role } = req.body ?? {};
      return app.users.update(req.params.username, { description, role });
    },
  });

  route(app, 'delete', '/users/{username}', {
    handler: async (req, reply) => {
      const { username } = req.params;
      if (username === app.config.get<string>('dashboard.default_username')) {
        // EMQX prints the name with Erlang's ~p, hence <<"admin">>.
        throw apiError(400, 'NOT_ALLOWED', `Cannot delete user <<"${username}">>`);
      }
      if (req.principal?.kind === 'token' && req.principal.name === username) throw apiError(400, 'NOT_ALLOWED', 'Cannot delete self');
      app.users.delete(username);
      app.tokens.revokeUser(username);
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/users/{username}/change_pwd', {
    handler: async (req, reply) => {
      const { old_pwd, new_pwd } = req.body ?? {};
      app.users.changePassword(req.params.username, old_pwd, new_pwd);
      app.tokens.revokeUser(req.params.username);
      return reply.code(204).send();
    },
  });
}
