// Built-in-database users: /authentication/{id}/users… and import_users (CSV or JSON, multipart or
// a JSON body). Other backends answer 400 `User error: unsupported_operation`, as EMQX.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { boolParam, pageArray, parsePaging, single } from '../../shared/paging';
import { hashPassword, parseHashAlgorithm, type HashAlgorithm } from './password-hash';
import { scramAlgorithm } from './backends/scram';
import { importUsers, parseImportFile } from './import-users';

// The node takes more than the document here (API.md §3.9), so these bodies are its own: a missing
// user_id or password gets EMQX's "Missing required parameter" message rather than ajv's, and an update
// may carry is_superuser alone (the document requires password and would default is_superuser to false).
const createBody = {
  type: 'object',
  additionalProperties: false,
  properties: { user_id: { type: 'string' }, password: { type: 'string' }, is_superuser: { type: 'boolean' } },
};
const updateBody = {
  type: 'object',
  additionalProperties: false,
  properties: { password: { type: 'string' }, is_superuser: { type: 'boolean' } },
};

export async function authnUsersRoutes(app: FastifyInstance): Promise<void> {
  const { authn, authnUsers: users } = app;

  /** the authenticator's hash options; 404 when absent, 400 when it keeps no users */
  const builtIn = (id: string): HashAlgorithm => {
    const config = authn.configOf(id);
    if (config.backend !== 'built_in_database') throw new ApiError(400, 'BAD_REQUEST', 'User error: unsupported_operation');
    if (config.mechanism === 'scram') return scramAlgorithm(config);
    return parseHashAlgorithm(config.password_hash_algorithm, true);
  };
  const userNotFound = () => new ApiError(404, 'NOT_FOUND', 'User not found');
  // the body schema already refuses a missing body; this keeps the type honest
  const given = <B>(body: B | undefined): B => {
    if (body === undefined) throw new ApiError(400, 'BAD_REQUEST', 'body: must be object');
    return body;
  };

  app.addContentTypeParser(/^multipart\/form-data/, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  route(app, 'get', '/authentication/{id}/users', {
    // paging and is_superuser are read by shared/paging, whose 400 messages name the value given
    schema: ({ params }) => ({ params }),
    handler: async (req) => {
      builtIn(req.params.id);
      const like = single(req.query.like_user_id);
      const rows = users.list(req.params.id, { like: like || undefined, isSuperuser: boolParam(req.query, 'is_superuser') });
      return pageArray(rows, parsePaging(req.query), !like);
    },
  });

  route(app, 'post', '/authentication/{id}/users', {
    schema: ({ params }) => ({ params, body: createBody }),
    handler: async (req, reply) => {
      const alg = builtIn(req.params.id);
      const body = given(req.body);
      if (body.user_id === undefined) throw new ApiError(400, 'BAD_REQUEST', 'Missing required parameter: user_id');
      if (body.password === undefined) throw new ApiError(400, 'BAD_REQUEST', 'Missing required parameter: password');
      if (body.user_id === '') throw new ApiError(400, 'BAD_REQUEST', 'user_id: must not be empty');
      if (users.get(req.params.id, body.user_id)) throw new ApiError(409, 'ALREADY_EXISTS', 'User already exists');
      const { hash, salt } = await hashPassword(alg, body.password);
      const isSuperuser = body.is_superuser ?? false;
      users.upsert(req.params.id, { user_id: body.user_id, password_hash: hash, salt, is_superuser: isSuperuser });
      return reply.code(201).send({ user_id: body.user_id, is_superuser: isSuperuser });
    },
  });

  route(app, 'get', '/authentication/{id}/users/{user_id}', {
    handler: async (req) => {
      builtIn(req.params.id);
      const user = users.get(req.params.id, req.params.user_id);
      if (!user) throw userNotFound();
      return { user_id: user.user_id, is_superuser: user.is_superuser };
    },
  });

  route(app, 'put', '/authentication/{id}/users/{user_id}', {
    schema: ({ params }) => ({ params, body: updateBody }),
    handler: async (req) => {
      const alg = builtIn(req.params.id);
      const body = given(req.body);
      if (body.password === undefined && body.is_superuser === undefined) {
        throw new ApiError(400, 'BAD_REQUEST', 'Missing required parameter: password or is_superuser');
      }
      const user = users.get(req.params.id, req.params.user_id);
      if (!user) throw userNotFound();
      const next = { ...user, ...(body.password !== undefined ? rename(await hashPassword(alg, body.password)) : {}), is_superuser: body.is_superuser ?? user.is_superuser };
      users.upsert(req.params.id, next);
      return { user_id: next.user_id, is_superuser: next.is_superuser };
    },
  });

  route(app, 'delete', '/authentication/{id}/users/{user_id}', {
    handler: async (req, reply) => {
      builtIn(req.params.id);
      if (!users.delete(req.params.id, req.params.user_id)) throw userNotFound();
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/authentication/{id}/import_users', {
    // `type` defaults to plain (the document requires it) and the body is a multipart file (a Buffer,
    // see the parser above) or a JSON array, not the document's object: parseImportFile checks it
    schema: ({ params }) => ({ params }),
    handler: async (req) => {
      const alg = builtIn(req.params.id);
      const type = single(req.query.type) ?? 'plain';
      if (type !== 'plain' && type !== 'hash') throw new ApiError(400, 'BAD_REQUEST', `type: expected plain or hash, got '${type}'`);
      const records = parseImportFile(req.headers['content-type'] ?? '', req.body);
      return await importUsers(users, req.params.id, alg, type, records);
    },
  });
}

const rename = ({ hash, salt }: { hash: string; salt: string }) => ({ password_hash: hash, salt });
