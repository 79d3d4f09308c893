// Dashboard users: GET|POST /users, PUT|DELETE /users/{username}, POST /users/{username}/change_pwd.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { apiError } from '../../errors';

type UserBody = { username?: string; password?: string; description?: string; role?: string };

export default async function usersRoutes(app: FastifyInstance) {
  app.get('/users', { schema: routeSchema('get', '/users') }, async () => app.users.list());

  app.post('/users', { schema: routeSchema('post', '/users') }, async (request) => app.users.create((request.body ?? {}) as UserBody));

  app.put('/users/:username', { schema: routeSchema('put', '/users/{username}') }, async (request) => {
    const { username } = request.params as { username: string };
    const { description, role } = (request.body ?? {}) as UserBody;
    return app.users.update(username, { description, role });
  });

  app.delete('/users/:username', { schema: routeSchema('delete', '/users/{username}') }, async (request, reply) => {
    const { username } = request.params as { username: string };
    if (username === app.config.get<string>('dashboard.default_username')) {
      // EMQX prints the name with Erlang's ~p, hence <<"admin">>.
      throw apiError(400, 'NOT_ALLOWED', `Cannot delete user <<"${username}">>`);
    }
    if (request.principal?.kind === 'token' && request.principal.name === username) throw apiError(400, 'NOT_ALLOWED', 'Cannot delete self');
    app.users.delete(username);
    app.tokens.revokeUser(username);
    return reply.code(204).send();
  });

  app.post('/users/:username/change_pwd', { schema: routeSchema('post', '/users/{username}/change_pwd') }, async (request, reply) => {
    const { username } = request.params as { username: string };
    const { old_pwd, new_pwd } = (request.body ?? {}) as { old_pwd?: string; new_pwd?: string };
    app.users.changePassword(username, old_pwd, new_pwd);
    app.tokens.revokeUser(username);
    return reply.code(204).send();
  });
}
