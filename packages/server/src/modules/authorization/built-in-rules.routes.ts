// /authorization/sources/built_in_database/rules… : rules per username, per client id and for all,
// plus the purge of every rule (the source must exist and be disabled).
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { pageArray, parsePaging, single } from '../../shared/paging';
import { parseApiRules } from './sources/built-in-rules';

const BASE = '/authorization/sources/built_in_database/rules';
const KINDS = [
  { path: 'users', key: 'username', type: 'username', notFound: 'Username Not Found', label: 'User' },
  { path: 'clients', key: 'clientid', type: 'clientid', notFound: 'ClientID Not Found', label: 'Client' },
] as const;

export async function builtInRulesRoutes(app: FastifyInstance): Promise<void> {
  const { authz, authzRules: repo } = app;
  const maxRules = (): number => {
    const cfg = authz.has('built_in_database');
    if (!cfg) throw new ApiError(404, 'NOT_FOUND', 'Not found: built_in_database');
    return (cfg.max_rules as number) ?? 100;
  };
  const changed = () => authz.cache.clear();

  for (const k of KINDS) {
    app.get<{ Querystring: Record<string, unknown> }>(`${BASE}/${k.path}`, async (req) => {
      maxRules();
      const like = single(req.query[`like_${k.key}`]);
      const rows = repo.list(k.type, like || undefined).map((r) => ({ [k.key]: r.who, rules: r.rules }));
      return pageArray(rows, parsePaging(req.query), !like);
    });

    app.post(`${BASE}/${k.path}`, { schema: { body: { type: 'array', items: { type: 'object' } } } }, async (req, reply) => {
      const max = maxRules();
      const items = (req.body as Record<string, unknown>[]).map((item) => {
        const who = item[k.key];
        if (typeof who !== 'string' || who === '') throw new ApiError(400, 'BAD_REQUEST', `${k.key}: required`);
        return { who, rules: parseApiRules(item.rules ?? [], max) };
      });
      for (const { who } of items) if (repo.get(k.type, who)) throw new ApiError(409, 'ALREADY_EXISTS', `${k.label} '${who}' already exist`);
      for (const { who, rules } of items) repo.set(k.type, who, rules);
      changed();
      return reply.code(204).send();
    });

    app.get<{ Params: { who: string } }>(`${BASE}/${k.path}/:who`, async (req) => {
      maxRules();
      const rules = repo.get(k.type, req.params.who);
      if (!rules) throw new ApiError(404, 'NOT_FOUND', 'Not Found');
      return { [k.key]: req.params.who, rules };
    });

    app.put<{ Params: { who: string } }>(`${BASE}/${k.path}/:who`, { schema: { body: { type: 'object' } } }, async (req, reply) => {
      const max = maxRules();
      const body = req.body as Record<string, unknown>;
      if (body[k.key] !== undefined && body[k.key] !== req.params.who) throw new ApiError(400, 'BAD_REQUEST', `${k.key} in the body does not match the path`);
      repo.set(k.type, req.params.who, parseApiRules(body.rules ?? [], max));
      changed();
      return reply.code(204).send();
    });

    app.delete<{ Params: { who: string } }>(`${BASE}/${k.path}/:who`, async (req, reply) => {
      maxRules();
      if (!repo.delete(k.type, req.params.who)) throw new ApiError(404, 'NOT_FOUND', k.notFound);
      changed();
      return reply.code(204).send();
    });
  }

  app.get(`${BASE}/all`, async () => {
    maxRules();
    return { rules: repo.get('all', '') ?? [] };
  });
  app.post(`${BASE}/all`, { schema: { body: { type: 'object', properties: { rules: { type: 'array' } } } } }, async (req, reply) => {
    const rules = parseApiRules((req.body as { rules?: unknown }).rules ?? [], maxRules());
    repo.set('all', '', rules);
    changed();
    return reply.code(204).send();
  });
  app.delete(`${BASE}/all`, async (_req, reply) => {
    maxRules();
    repo.delete('all', '');
    changed();
    return reply.code(204).send();
  });

  app.delete(BASE, async (_req, reply) => {
    const cfg = authz.has('built_in_database');
    // EMQX answers 404 with the code BAD_REQUEST here (API.md §3.10)
    if (!cfg) throw new ApiError(404, 'BAD_REQUEST', "'built_in_database' type source is not found.");
    if (cfg.enable) throw new ApiError(400, 'BAD_REQUEST', "'built_in_database' type source must be disabled before purge.");
    repo.purge();
    changed();
    return reply.code(204).send();
  });
}
