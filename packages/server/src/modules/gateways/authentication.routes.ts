// The authenticator of a gateway (/gateways/{name}/authentication…) and of one of its listeners
// (/gateways/{name}/listeners/{id}/authentication…, used instead of the gateway's for that listener): the
// config (secrets masked, restored on PUT), the built-in database users and import_users. Hashing, the kinds'
// checks and the import are the authentication module's code.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { pageArray, parsePaging, single, boolParam } from '../../shared/paging';
import { maskSecrets, restoreSecrets } from '../configs/secrets';
import { hashPassword, parseHashAlgorithm, type HashAlgorithm } from '../authentication/password-hash';
import { importUsers, parseImportFile } from '../authentication/import-users';
import type { GatewayService } from './gateways.service';
import { removeAuthn, setAuthn } from './authn';
import { as, bad, bodyOf, notFound } from './gateways.routes';

type Q = Record<string, unknown>;

export function registerAuthenticationRoutes(app: FastifyInstance, svc: () => GatewayService): void {
  const params = (c: { params?: unknown }) => ({ params: c.params }) as never;
  const users = () => app.authnUsers;
  const userNotFound = () => new ApiError(404, 'NOT_FOUND', 'User not found');

  const view = (name: string, lid?: string) => {
    const c = svc().authnConfig(name, lid);
    if (!c) return undefined;
    const id = c.backend === undefined ? c.mechanism : `${c.mechanism}:${String(c.backend)}`;
    return { ...(maskSecrets(c) as Record<string, unknown>), id, chain_name: lid ?? `${name}:global` };
  };
  /** the built-in database's key and hash options; 404 without an authenticator, 400 when it keeps no users */
  const builtIn = (name: string, lid?: string): { key: string; alg: HashAlgorithm } => {
    const c = svc().authnConfig(name, lid);
    if (!c) throw notFound(`The authentication not found on ${lid ?? name}`);
    if (c.backend !== 'built_in_database') throw bad('User error: unsupported_operation');
    return { key: svc().usersKey(name, lid), alg: parseHashAlgorithm(c.password_hash_algorithm, true) };
  };

  // one handler per operation, shared by the gateway's and the listener's paths
  const h = {
    get: async (reply: FastifyReply, name: string, lid?: string) => {
      const v = view(name, lid);
      return v ? v : reply.code(204).send();
    },
    add: async (reply: FastifyReply, name: string, body: unknown, lid?: string) => {
      await setAuthn(app, svc(), name, bodyOf(body), 'add', lid);
      return reply.code(201).send(view(name, lid));
    },
    update: async (name: string, body: unknown, lid?: string) => {
      const stored = svc().authnConfig(name, lid) ?? {};
      await setAuthn(app, svc(), name, restoreSecrets(bodyOf(body), stored), 'update', lid);
      return view(name, lid);
    },
    remove: async (reply: FastifyReply, name: string, lid?: string) => {
      await removeAuthn(app, svc(), name, lid);
      return reply.code(204).send();
    },
    listUsers: (name: string, q: Q, lid?: string) => {
      const { key } = builtIn(name, lid);
      const like = single(q.like_user_id);
      return pageArray(users().list(key, { like: like || undefined, isSuperuser: boolParam(q, 'is_superuser') }), parsePaging(q), !like);
    },
    addUser: async (reply: FastifyReply, name: string, body: unknown, lid?: string) => {
      const { key, alg } = builtIn(name, lid);
      const b = bodyOf(body);
      if (b.user_id === undefined) throw bad('Missing required parameter: user_id');
      if (b.password === undefined) throw bad('Missing required parameter: password');
      if (typeof b.user_id !== 'string' || b.user_id === '') throw bad('user_id must be a non-empty string');
      if (typeof b.password !== 'string') throw bad('password must be a string');
      if (b.is_superuser !== undefined && typeof b.is_superuser !== 'boolean') throw bad('is_superuser must be true or false');
      if (users().get(key, b.user_id)) throw new ApiError(409, 'ALREADY_EXISTS', 'User already exists');
      const { hash, salt } = await hashPassword(alg, b.password);
      const isSuperuser = b.is_superuser === true;
      users().upsert(key, { user_id: b.user_id, password_hash: hash, salt, is_superuser: isSuperuser });
      return reply.code(201).send({ user_id: b.user_id, is_superuser: isSuperuser });
    },
    getUser: (name: string, uid: string, lid?: string) => {
      const u = users().get(builtIn(name, lid).key, uid);
      if (!u) throw userNotFound();
      return { user_id: u.user_id, is_superuser: u.is_superuser };
    },
    updateUser: async (name: string, uid: string, body: unknown, lid?: string) => {
      const { key, alg } = builtIn(name, lid);
      const b = bodyOf(body);
      if (b.password === undefined && b.is_superuser === undefined) throw bad('Missing required parameter: password or is_superuser');
      if (b.password !== undefined && typeof b.password !== 'string') throw bad('password must be a string');
      if (b.is_superuser !== undefined && typeof b.is_superuser !== 'boolean') throw bad('is_superuser must be true or false');
      const u = users().get(key, uid);
      if (!u) throw userNotFound();
      const next = { ...u, is_superuser: b.is_superuser ?? u.is_superuser };
      if (typeof b.password === 'string') Object.assign(next, await hashPassword(alg, b.password).then(({ hash, salt }) => ({ password_hash: hash, salt })));
      users().upsert(key, next);
      return { user_id: next.user_id, is_superuser: next.is_superuser };
    },
    deleteUser: async (reply: FastifyReply, name: string, uid: string, lid?: string) => {
      if (!users().delete(builtIn(name, lid).key, uid)) throw userNotFound();
      return reply.code(204).send();
    },
    importUsers: async (reply: FastifyReply, name: string, q: Q, contentType: string, body: unknown, lid?: string) => {
      const { key, alg } = builtIn(name, lid);
      const type = single(q.type) ?? 'plain';
      if (type !== 'plain' && type !== 'hash') throw bad(`type: expected plain or hash, got '${type}'`);
      await importUsers(users(), key, alg, type, parseImportFile(contentType, body));
      return reply.code(204).send();
    },
  };

  // a multipart file (kept as a Buffer for parseImportFile) or a JSON array
  app.addContentTypeParser(/^multipart\/form-data/, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const G = '/gateways/{name}/authentication' as const;
  route(app, 'get', G, { schema: params, handler: async (req, reply) => as(await h.get(reply, req.params.name)) });
  route(app, 'post', G, { schema: params, handler: async (req, reply) => h.add(reply, req.params.name, req.body) });
  route(app, 'put', G, { schema: params, handler: async (req) => as(await h.update(req.params.name, req.body)) });
  route(app, 'delete', G, { schema: params, handler: async (req, reply) => h.remove(reply, req.params.name) });
  route(app, 'get', `${G}/users`, { schema: params, handler: async (req) => as(h.listUsers(req.params.name, req.query as Q)) });
  route(app, 'post', `${G}/users`, { schema: params, handler: async (req, reply) => h.addUser(reply, req.params.name, req.body) });
  route(app, 'get', `${G}/users/{uid}`, { schema: params, handler: async (req) => h.getUser(req.params.name, req.params.uid) });
  route(app, 'put', `${G}/users/{uid}`, { schema: params, handler: async (req) => h.updateUser(req.params.name, req.params.uid, req.body) });
  route(app, 'delete', `${G}/users/{uid}`, { schema: params, handler: async (req, reply) => h.deleteUser(reply, req.params.name, req.params.uid) });
  route(app, 'post', `${G}/import_users`, {
    schema: params,
    handler: async (req, reply) => h.importUsers(reply, req.params.name, req.query as Q, req.headers['content-type'] ?? '', req.body),
  });

  const L = '/gateways/{name}/listeners/{id}/authentication' as const;
  route(app, 'get', L, { schema: params, handler: async (req, reply) => as(await h.get(reply, req.params.name, req.params.id)) });
  route(app, 'post', L, { schema: params, handler: async (req, reply) => h.add(reply, req.params.name, req.body, req.params.id) });
  route(app, 'put', L, { schema: params, handler: async (req) => as(await h.update(req.params.name, req.body, req.params.id)) });
  route(app, 'delete', L, { schema: params, handler: async (req, reply) => as(await h.remove(reply, req.params.name, req.params.id)) });
  route(app, 'get', `${L}/users`, { schema: params, handler: async (req) => as(h.listUsers(req.params.name, req.query as Q, req.params.id)) });
  route(app, 'post', `${L}/users`, { schema: params, handler: async (req, reply) => h.addUser(reply, req.params.name, req.body, req.params.id) });
  route(app, 'get', `${L}/users/{uid}`, { schema: params, handler: async (req) => h.getUser(req.params.name, req.params.uid, req.params.id) });
  route(app, 'put', `${L}/users/{uid}`, { schema: params, handler: async (req) => h.updateUser(req.params.name, req.params.uid, req.body, req.params.id) });
  route(app, 'delete', `${L}/users/{uid}`, { schema: params, handler: async (req, reply) => h.deleteUser(reply, req.params.name, req.params.uid, req.params.id) });
  route(app, 'post', `${L}/import_users`, {
    schema: params,
    handler: async (req, reply) => h.importUsers(reply, req.params.name, req.query as Q, req.headers['content-type'] ?? '', req.body, req.params.id),
  });
}
