// /authorization/sources/built_in_database/rules… : rules per username, per client id and for all,
// plus the purge of every rule (the source must exist and be disabled).
// Request bodies and list queries keep the node's own checks (parseApiRules, shared/paging): their
// 400 messages name the rule or value, where the contract's schemas would answer with ajv's words and
// fill rule defaults; the path parameters are plain strings in both.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { pageArray, parsePaging, single } from '../../shared/paging';
import { parseApiRules, type ApiRule } from './sources/built-in-rules';
import { given } from './required-body';

const KINDS = {
  username: { notFound: 'Username Not Found', label: 'User' },
  clientid: { notFound: 'ClientID Not Found', label: 'Client' },
} as const;
type Kind = keyof typeof KINDS;

const objectBody = { type: 'object' };
const listBody = { type: 'array', items: { type: 'object' } };

export async function builtInRulesRoutes(app: FastifyInstance): Promise<void> {
  const { authz, authzRules: repo } = app;
  const maxRules = (): number => {
    const cfg = authz.has('built_in_database');
    if (!cfg) throw new ApiError(404, 'NOT_FOUND', 'Not found: built_in_database');
    return typeof cfg.max_rules === 'number' ? cfg.max_rules : 100;
  };
  const changed = () => authz.cache.clear();

  /** one page of a kind's rows, `like` a substring of the name (no count then, as EMQX) */
  const list = (kind: Kind, query: Record<string, unknown>) => {
    maxRules();
    const like = single(query[`like_${kind}`]);
    return pageArray(repo.list(kind, like || undefined), parsePaging(query), !like);
  };
  /** POST: every item needs its name; none may exist yet */
  const createAll = (kind: Kind, items: { who: unknown; rules: unknown }[]) => {
    const max = maxRules();
    const parsed = items.map((item) => {
      if (typeof item.who !== 'string' || item.who === '') throw new ApiError(400, 'BAD_REQUEST', `${kind}: required`);
      return { who: item.who, rules: parseApiRules(item.rules ?? [], max) };
    });
    for (const { who } of parsed) if (repo.get(kind, who)) throw new ApiError(409, 'ALREADY_EXISTS', `${KINDS[kind].label} '${who}' already exist`);
    for (const { who, rules } of parsed) repo.set(kind, who, rules);
    changed();
  };
  const rulesOf = (kind: Kind, who: string): ApiRule[] => {
    maxRules();
    const rules = repo.get(kind, who);
    if (!rules) throw new ApiError(404, 'NOT_FOUND', 'Not Found');
    return rules;
  };
  const replace = (kind: Kind, who: string, named: unknown, rules: unknown) => {
    const max = maxRules();
    if (named !== undefined && named !== who) throw new ApiError(400, 'BAD_REQUEST', `${kind} in the body does not match the path`);
    repo.set(kind, who, parseApiRules(rules ?? [], max));
    changed();
  };
  const remove = (kind: Kind, who: string) => {
    maxRules();
    if (!repo.delete(kind, who)) throw new ApiError(404, 'NOT_FOUND', KINDS[kind].notFound);
    changed();
  };

  route(app, 'get', '/authorization/sources/built_in_database/rules/users', {
    schema: {},
    handler: async (req) => {
      const { data, meta } = list('username', req.query);
      return { data: data.map((r) => ({ username: r.who, rules: r.rules })), meta };
    },
  });
  route(app, 'post', '/authorization/sources/built_in_database/rules/users', {
    schema: { body: listBody },
    handler: async (req, reply) => {
      createAll(
        'username',
        given(req.body).map((item) => ({ who: item.username, rules: item.rules })),
      );
      return reply.code(204).send();
    },
  });
  route(app, 'get', '/authorization/sources/built_in_database/rules/users/{username}', {
    schema: {},
    handler: async (req) => ({ username: req.params.username, rules: rulesOf('username', req.params.username) }),
  });
  route(app, 'put', '/authorization/sources/built_in_database/rules/users/{username}', {
    schema: { body: objectBody },
    handler: async (req, reply) => {
      const body = given(req.body);
      replace('username', req.params.username, body.username, body.rules);
      return reply.code(204).send();
    },
  });
  route(app, 'delete', '/authorization/sources/built_in_database/rules/users/{username}', {
    schema: {},
    handler: async (req, reply) => {
      remove('username', req.params.username);
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/authorization/sources/built_in_database/rules/clients', {
    schema: {},
    handler: async (req) => {
      const { data, meta } = list('clientid', req.query);
      return { data: data.map((r) => ({ clientid: r.who, rules: r.rules })), meta };
    },
  });
  route(app, 'post', '/authorization/sources/built_in_database/rules/clients', {
    schema: { body: listBody },
    handler: async (req, reply) => {
      createAll(
        'clientid',
        given(req.body).map((item) => ({ who: item.clientid, rules: item.rules })),
      );
      return reply.code(204).send();
    },
  });
  route(app, 'get', '/authorization/sources/built_in_database/rules/clients/{clientid}', {
    schema: {},
    handler: async (req) => ({ clientid: req.params.clientid, rules: rulesOf('clientid', req.params.clientid) }),
  });
  route(app, 'put', '/authorization/sources/built_in_database/rules/clients/{clientid}', {
    schema: { body: objectBody },
    handler: async (req, reply) => {
      const body = given(req.body);
      replace('clientid', req.params.clientid, body.clientid, body.rules);
      return reply.code(204).send();
    },
  });
  route(app, 'delete', '/authorization/sources/built_in_database/rules/clients/{clientid}', {
    schema: {},
    handler: async (req, reply) => {
      remove('clientid', req.params.clientid);
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/authorization/sources/built_in_database/rules/all', {
    handler: async () => {
      maxRules();
      return { rules: repo.get('all', '') ?? [] };
    },
  });
  route(app, 'post', '/authorization/sources/built_in_database/rules/all', {
    schema: { body: { type: 'object', properties: { rules: { type: 'array' } } } },
    handler: async (req, reply) => {
      const rules = parseApiRules(given(req.body).rules ?? [], maxRules());
      repo.set('all', '', rules);
      changed();
      return reply.code(204).send();
    },
  });
  route(app, 'delete', '/authorization/sources/built_in_database/rules/all', {
    handler: async (_req, reply) => {
      maxRules();
      repo.delete('all', '');
      changed();
      return reply.code(204).send();
    },
  });

  route(app, 'delete', '/authorization/sources/built_in_database/rules', {
    handler: async (_req, reply) => {
      const cfg = authz.has('built_in_database');
      // EMQX answers 404 with the code BAD_REQUEST here (API.md §3.10)
      if (!cfg) throw new ApiError(404, 'BAD_REQUEST', "'built_in_database' type source is not found.");
      if (cfg.enable) throw new ApiError(400, 'BAD_REQUEST', "'built_in_database' type source must be disabled before purge.");
      repo.purge();
      changed();
      return reply.code(204).send();
    },
  });
}
