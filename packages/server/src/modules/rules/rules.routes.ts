// The rule engine's API (API.md §3.17, EMQX emqx_rule_engine_api): /rules CRUD with filters and paging, metrics
// and reset, /rule_test and /rules/{id}/test, /rule_events, /rule_engine settings; and the live tap
// (/mqdeck/rule_taps, docs/api-extensions.md). Bodies are checked by the handlers so the answers carry EMQX's texts;
// the body schema only asks for a JSON object (which also gives EMQX's 415 for another content type).
import type { FastifyInstance } from 'fastify';
import type { QueryOf } from '@mqdeck/api';
import { topicMatches } from '@mqdeck/broker';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { isObject } from '../../config/tree';
import { checkRule } from '../../config/rules';
import { boolParam, many, pageArray, parsePaging, single } from '../../shared/paging';
import { ruleBody, type LoadedRule } from './rules.service';
import { metricsView, ruleView } from './rules.format';
import { eventCatalogue } from './events/catalogue';
import { testSavedRule, testSql } from './rule-test';
import { RuleTaps } from './rule-tap';

const objectBody = { type: 'object' };
const notFound = () => new ApiError(404, 'NOT_FOUND', 'Rule Id Not Found');

type ListQuery = QueryOf<'/rules', 'get'>;

/** EMQX's list filters: exact enable; from (exact), like_* (substring), match_from (topic match); action/source (any of) */
function listFilter(q: ListQuery): { test: (r: LoadedRule) => boolean; fuzzy: boolean } {
  const enable = boolParam(q, 'enable');
  const from = single(q.from);
  const likeId = single(q.like_id);
  const likeFrom = single(q.like_from);
  const matchFrom = single(q.match_from);
  const likeDescription = single(q.like_description);
  const actions = many(q.action);
  const sources = many(q.source).flatMap((s) => [`$bridges/${s}`, `$sources/${s}`]);
  const test = (r: LoadedRule) =>
    (enable === undefined || r.stored.enable === enable) &&
    (from === undefined || r.from.includes(from)) &&
    (likeId === undefined || r.id.includes(likeId)) &&
    (likeFrom === undefined || r.from.some((f) => f.includes(likeFrom))) &&
    (matchFrom === undefined || r.from.some((f) => topicMatches(matchFrom, f))) &&
    (likeDescription === undefined || r.stored.description.includes(likeDescription)) &&
    (actions.length === 0 || r.stored.actions.some((a) => typeof a === 'string' && actions.includes(a))) &&
    (sources.length === 0 || r.from.some((f) => sources.includes(f)));
  const fuzzy = [from, likeId, likeFrom, matchFrom, likeDescription].some((x) => x !== undefined) || actions.length > 0 || sources.length > 0;
  return { test, fuzzy };
}

/** PUT /rule_engine: the settings without `rules`; unknown keys are refused */
function engineSettings(app: FastifyInstance, body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw new ApiError(400, 'BAD_REQUEST', 'Bad Arguments: expected a JSON object');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'ignore_sys_message') {
      if (typeof v !== 'boolean') throw new ApiError(400, 'BAD_REQUEST', 'Bad Arguments: ignore_sys_message: expected true or false');
      out[k] = v;
    } else if (k === 'jq_function_default_timeout') {
      if (checkRule('duration|int:1..', v)) throw new ApiError(400, 'BAD_REQUEST', `Bad Arguments: jq_function_default_timeout: expected a duration, got ${JSON.stringify(v)}`);
      out[k] = v;
    } else if (k === 'jq_implementation_module') {
      // deprecated and hidden in EMQX 5.8: accepted and ignored (jq runs in WebAssembly here)
    } else throw new ApiError(400, 'BAD_REQUEST', `Bad Arguments: unknown field ${k}`);
  }
  return { ...app.rules.settings(), ...out };
}

export default async function rulesRoutes(app: FastifyInstance): Promise<void> {
  const rules = app.rules; // rules.module.ts
  const taps = new RuleTaps(rules.runtime, rules.inputs);
  app.addHook('onClose', async () => taps.close());

  const find = (id: string): LoadedRule => {
    const rule = rules.get(id);
    if (!rule) throw notFound();
    return rule;
  };
  const engineView = () => ({ ignore_sys_message: rules.settings().ignore_sys_message, jq_function_default_timeout: rules.jqTimeoutMs() });

  route(app, 'get', '/rules', {
    handler: async (req) => {
      const { test, fuzzy } = listFilter(req.query);
      const page = pageArray(rules.list().filter(test), parsePaging(req.query), !fuzzy);
      return { data: page.data.map(ruleView), meta: page.meta };
    },
  });

  route(app, 'post', '/rules', {
    schema: { body: objectBody }, // texts of EMQX's checks (rules.service)
    handler: async (req, reply) => reply.code(201).send(ruleView(rules.create(ruleBody(req.body)))),
  });

  route(app, 'get', '/rules/{id}', { handler: async (req) => ruleView(find(req.params.id)) });

  route(app, 'put', '/rules/{id}', {
    schema: ({ params }) => ({ params, body: objectBody }),
    handler: async (req) => {
      const { id: _ignored, ...body } = ruleBody(req.body);
      return ruleView(rules.update(req.params.id, body));
    },
  });

  route(app, 'delete', '/rules/{id}', {
    handler: async (req, reply) => {
      if (!rules.delete(req.params.id)) throw notFound();
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/rules/{id}/metrics', { handler: async (req) => metricsView(find(req.params.id), app.nodeName) });

  route(app, 'put', '/rules/{id}/metrics/reset', {
    handler: async (req, reply) => {
      if (!rules.resetMetrics(req.params.id)) throw notFound();
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/rules/{id}/test', {
    schema: ({ params }) => ({ params, body: objectBody }),
    handler: async (req) => {
      const rule = rules.get(req.params.id);
      if (!rule) throw new ApiError(404, 'RULE_NOT_FOUND', 'The rule could not be found');
      return testSavedRule(rules.runtime, rule, req.body);
    },
  });

  route(app, 'post', '/rule_test', {
    schema: { body: objectBody },
    // the JSON text itself: EMQX's key order and "undefined" for a missing value (the contract types no 200 body)
    handler: async (req, reply) => reply.type('application/json').send((await testSql(rules.runtime, req.body)) as never),
  });

  route(app, 'get', '/rule_events', { handler: async () => eventCatalogue(app.nodeName) });

  route(app, 'get', '/rule_engine', { handler: async () => engineView() });

  route(app, 'put', '/rule_engine', {
    schema: { body: objectBody },
    handler: async (req) => {
      await app.config.update('rule_engine', engineSettings(app, req.body));
      return engineView();
    },
  });

  // ---------------------------------------------------------------- live tap (MQDeck extension)
  const tapParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };

  route(app, 'post', '/mqdeck/rule_taps', {
    schema: { body: objectBody }, // sql, max_matches, duration: checked by RuleTaps.start
    handler: async (req, reply) => reply.code(201).send(taps.start(req.body)),
  });

  route(app, 'get', '/mqdeck/rule_taps/{id}', {
    schema: { params: tapParams },
    handler: async (req) => {
      const view = taps.view(req.params.id);
      if (!view) throw new ApiError(404, 'NOT_FOUND', 'Tap not found');
      return view;
    },
  });

  route(app, 'delete', '/mqdeck/rule_taps/{id}', {
    schema: { params: tapParams },
    handler: async (req, reply) => {
      if (!taps.delete(req.params.id)) throw new ApiError(404, 'NOT_FOUND', 'Tap not found');
      return reply.code(204).send();
    },
  });
}
