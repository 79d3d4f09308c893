// GET /schemas/{name} (no auth, as EMQX; the auth plugin lists this route as public). This node serves
// `hotconf` (built once per process and language); the console's `actions` / `connectors` documents belong
// to the integration areas: they add a builder to SCHEMA_DOCUMENTS. Names without one answer 404 plainly.
// Language: EMQX answers in the node's `dashboard.i18n_lang`; MQDeck's `?lang=en|zh` (an API extension) lets
// the console ask in its UI language. Any other `lang` is ignored, as EMQX ignores undeclared query keys.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { buildHotconf } from './hotconf.build';
import { isHotconfLang, type HotconfLang } from './hotconf.lang';

export const SCHEMA_DOCUMENTS: Record<string, (lang: HotconfLang) => unknown> = { hotconf: buildHotconf };

export default async function schemasRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, string>();
  app.get<{ Params: { name: string }; Querystring: { lang?: unknown } }>('/schemas/:name', { schema: routeSchema('get', '/schemas/{name}') }, async (req, reply) => {
    const { name } = req.params;
    const build = SCHEMA_DOCUMENTS[name];
    if (!build) throw new ApiError(404, 'NOT_FOUND', `The ${name} schema is not served by this node`);
    const nodeLang = app.config.get('dashboard.i18n_lang');
    const lang: HotconfLang = isHotconfLang(req.query.lang) ? req.query.lang : isHotconfLang(nodeLang) ? nodeLang : 'en';
    const key = `${name}:${lang}`;
    let text = cache.get(key);
    if (text === undefined) {
      text = JSON.stringify(build(lang));
      cache.set(key, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  });
}
