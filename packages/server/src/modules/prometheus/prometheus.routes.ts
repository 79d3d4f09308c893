// /prometheus settings and the scrape documents (EMQX EE emqx_prometheus_api): /prometheus/stats, /auth and
// /data_integration in Prometheus text, or JSON with `Accept: application/json`; `mode` = node |
// all_nodes_aggregated | all_nodes_unaggregated (anything else counts as node). The scrape routes are public
// (plugins/auth.ts) unless `enable_basic_auth` is on: then plugins/auth.ts checks them as any route.
// schema_validation and message_transformation have no feature on this node: they answer empty documents.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { single } from '../../shared/paging';
import { parseMode } from './exposition';
import { scrapeJson, scrapeText, settings, toRecommended, type Doc } from './prometheus.service';

const wantsJson = (req: FastifyRequest) => req.headers.accept === 'application/json';

export default async function prometheusRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/prometheus', { handler: async () => settings(app) });

  route(app, 'put', '/prometheus', {
    // the document's oneOf(legacy, recommended) would fill both branches' defaults in; the config check
    // refuses unknown keys and bad values by name instead
    schema: {},
    handler: async (req) => {
      const body: unknown = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'BAD_REQUEST', 'The body must be a JSON object');
      const next = toRecommended(body as Record<string, unknown>);
      if (typeof next.enable_basic_auth !== 'boolean') throw new ApiError(400, 'BAD_REQUEST', 'enable_basic_auth: a boolean is required');
      await app.config.update('prometheus', next);
      return settings(app);
    },
  });

  const scrape = (doc: Doc) => async (req: FastifyRequest, reply: FastifyReply) => {
    const mode = parseMode(single((req.query as Record<string, unknown> | undefined)?.mode));
    if (wantsJson(req)) return reply.code(200).send(await scrapeJson(app, doc, mode));
    return reply
      .code(200)
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .send(await scrapeText(app, doc, mode));
  };
  // `mode` is read as EMQX does (an unknown value means node), so the document's enum does not refuse it
  const lenient = { schema: {} };
  route(app, 'get', '/prometheus/stats', { ...lenient, handler: scrape('stats') });
  route(app, 'get', '/prometheus/auth', { ...lenient, handler: scrape('auth') });
  route(app, 'get', '/prometheus/data_integration', { ...lenient, handler: scrape('data_integration') });
  const empty = async (req: FastifyRequest, reply: FastifyReply) => {
    return wantsJson(req) ? reply.code(200).send({}) : reply.code(200).header('content-type', 'text/plain; version=0.0.4; charset=utf-8').send('');
  };
  route(app, 'get', '/prometheus/schema_validation', { ...lenient, handler: empty });
  route(app, 'get', '/prometheus/message_transformation', { ...lenient, handler: empty });
}
